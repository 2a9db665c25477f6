import { describe, expect, it } from 'vitest';
import { Market, priceQuery } from '../../service/index.ts';
import { FIXED_NOW, token } from '../../service/test-fixtures.ts';
import { DEMO_TAKERS } from '../../service/swap/taker-state.ts';
import { findToken, nativeOf } from '../token-registry.ts';
import { formatWithSymbol } from '../number-format.ts';
import { DEMO_TAX_TOKENS } from '../demo-tokens.ts';
import { integratorFeeTotals } from '../compare.ts';
import type { LiquidPrice } from '../../spec/index.ts';
import { answerFacts } from './answer-facts.ts';
import { explainBody } from './explain-body.ts';
import { chargeAndIssueFacts } from './charge-facts.ts';

/** Facts over bodies the local service really answers (in process, no server). */

// The members these tests read, as the local service sends them.
interface Body extends Record<string, unknown> {
  minBuyAmount: string;
  gas: string;
  route: { fills: { source: string; proportionBps: string }[] };
  fees: { serviceFee: { amount: string; token: string } };
  issues: { balance: { actual: string; expected: string } };
  transaction: { to: string; data: string };
}

function body(id: 'allowance-holder.price' | 'allowance-holder.quote' | 'permit2.quote', query: Record<string, string>): Body {
  const result = priceQuery(new Market(1), id, { chainId: '1', ...query }, { nowMs: FIXED_NOW });
  if (!result.ok) throw new Error(`${id}: ${result.name} ${result.message}`);
  return result.body as unknown as Body;
}

const USDC = findToken(1, token(1, 'USDC'))!;
const WETH = findToken(1, token(1, 'WETH'))!;
const withBase = (base: string, unit: { decimals: number; symbol: string }) => `${formatWithSymbol(base, unit)} (${base} base units)`;

describe('answerFacts', () => {
  it('reads a Tempo network fee in wei with why no token is named, not as base units of a native token Tempo has not', () => {
    // An Ethereum answer's figures as a Tempo request would carry them: the local service trades no token there.
    const price = body('allowance-holder.price', { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000' });
    const total = BigInt(price.gas) * BigInt(price.gasPrice as string);
    expect(BigInt(price.totalNetworkFee as string)).toBe(total);
    const fee = answerFacts(price, 4217).find((fact) => fact.label === 'network fee')?.value;
    expect(fee).toBe(`${total.toLocaleString('en-US')} wei = gas × gas price (no native token on this chain: the service gives the fee as gas × gas price in wei and names no token it is paid in)`);
  });

  it('reads the network fee and a native sell\'s call value in wei, naming no token, where the chain is not known', () => {
    const quote = body('allowance-holder.quote', { sellToken: nativeOf(1)!.address, buyToken: USDC.address, sellAmount: '1000000000000000000', taker: DEMO_TAKERS.funded });
    const total = BigInt(quote.totalNetworkFee as string).toLocaleString('en-US');
    // No chain recorded (a pasted body), and a chain id the facts do not know: the same.
    for (const chainId of [undefined, 999_999]) {
      const facts = answerFacts(quote, chainId);
      expect(facts.find((fact) => fact.label === 'network fee')?.value).toBe(`${total} wei = gas × gas price (chain not known: the service gives the fee as gas × gas price in wei, and with no chain no token can be named for it)`);
      expect(facts.find((fact) => fact.label === 'action 1')?.value).toBe('check that the call carries 1,000,000,000,000,000,000 wei');
      expect(facts.map((fact) => fact.value).join('\n')).not.toContain('the native token');
    }
  });

  it('gives a price its minimum, route fills, fees, gas and network fee, in token units on a known chain', () => {
    const price = body('allowance-holder.price', { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000' });
    const facts = answerFacts(price, 1);
    const value = (label: string) => facts.find((fact) => fact.label === label)?.value;
    expect(value('min buy')).toBe(withBase(price.minBuyAmount, WETH));
    const fills = price.route.fills.map((fill) => `${(Number(fill.proportionBps) / 100).toFixed(2)}% ${fill.source} USDC -> WETH`);
    expect(value('route')).toBe(fills.join('; '));
    expect(value('service fee')).toBe(`${withBase(price.fees.serviceFee.amount, price.fees.serviceFee.token.toLowerCase() === WETH.address.toLowerCase() ? WETH : USDC)}, volume`);
    expect(value('gas')).toMatch(new RegExp(`^${Number(price.gas).toLocaleString('en-US')} at [0-9.]+ gwei$`));
    // A chain-1 answer: the total is exactly gas × gas price, and says so.
    expect(value('network fee')).toMatch(/ ETH \([0-9]+ base units\) = gas × gas price$/);
    // A clean answer reports no issue, and a price has no transaction.
    expect(facts.map((fact) => fact.label)).not.toContain('issue');
    expect(facts.map((fact) => fact.label)).not.toContain('transaction to');
  });

  it('lists the issues the service reported and what the quote\'s calldata calls', () => {
    const quote = body('permit2.quote', { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000', taker: DEMO_TAKERS.lowBalance });
    const facts = answerFacts(quote, 1);
    const issues = facts.filter((fact) => fact.label === 'issue').map((fact) => fact.value);
    expect(issues).toContain(`balance too low: has ${withBase(quote.issues.balance.actual, USDC)}, needs ${withBase(quote.issues.balance.expected, USDC)}`);
    expect(issues).toContain('simulation incomplete (the trade may still settle)');
    expect(facts.find((fact) => fact.label === 'transaction to')?.value).toBe(quote.transaction.to);
    expect(facts.find((fact) => fact.label === 'calldata')?.value).toMatch(new RegExp(`^\\w+( -> \\w+)? \\(${(quote.transaction.data.length - 2) / 2} bytes\\)$`));
  });

  it('reads token taxes as the service gave them: each taxed token in bps, or none when both are zero', () => {
    const taxd = DEMO_TAX_TOKENS.find((demo) => demo.chainId === 1 && demo.symbol === 'TAXD')!;
    const taxed = body('allowance-holder.price', { sellToken: USDC.address, buyToken: taxd.address, sellAmount: '1000000000' });
    const { buyTaxBps, sellTaxBps, transferTaxBps } = taxd.taxes;
    expect(answerFacts(taxed, 1).filter((fact) => fact.label === 'tax').map((fact) => fact.value)).toEqual([`TAXD (buy token): buy ${buyTaxBps} bps, sell ${sellTaxBps} bps, transfer ${transferTaxBps} bps`]);
    const plain = body('allowance-holder.price', { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000' });
    expect(answerFacts(plain, 1).find((fact) => fact.label === 'tax')?.value).toBe('none: 0 bps on USDC and WETH');
    // The native asset sold is named by the chain's symbol: 0xeeee… on most chains, its own address on Mantle.
    const zero = { buyTaxBps: '0', sellTaxBps: '0', transferTaxBps: '0' };
    const nativeSold = (chainId: number) => ({ ...plain, sellToken: nativeOf(chainId)!.address, tokenMetadata: { sellToken: zero, buyToken: zero } });
    expect(answerFacts(nativeSold(1), 1).find((fact) => fact.label === 'tax')?.value).toBe('none: 0 bps on ETH and WETH');
    expect(answerFacts(nativeSold(5000), 5000).find((fact) => fact.label === 'tax')?.value).toBe('none: 0 bps on MNT and WETH');
    // With no chain, or one with no native token (Tempo), no token is named for 0xeeee…: it is said for what it is.
    expect(chargeAndIssueFacts(nativeSold(1), () => '').find((fact) => fact.label === 'tax')?.value).toBe('none: 0 bps on 0xeeee…eeee (the native-asset placeholder; the chain is not known, so no token can be named) and WETH');
    expect(chargeAndIssueFacts(nativeSold(1), () => '', 4217).find((fact) => fact.label === 'tax')?.value).toBe('none: 0 bps on 0xeeee…eeee (the native-asset placeholder; Tempo has no native token) and WETH');
  });

  it("reads a local-service demo token's amounts in its units, as History does, not in base units", () => {
    const taxd = DEMO_TAX_TOKENS.find((demo) => demo.chainId === 1 && demo.symbol === 'TAXD')!;
    const sold = body('allowance-holder.quote', { sellToken: taxd.address, buyToken: WETH.address, sellAmount: '1000000000000000000000', taker: DEMO_TAKERS.funded });
    expect(explainBody(sold, 1).summary).toMatch(/^A quote: sells 1,000 TAXD \(1000000000000000000000 base units\) for [\d.]+ WETH/);
    // What the calldata lets the Allowance Holder take reads so too.
    expect(answerFacts(sold, 1).find((fact) => fact.label === 'action 1')?.value).toMatch(/take up to 1,000 TAXD \(1000000000000000000000 base units\) from the taker's allowance$/);
  });

  it('gives price and compare the fees, taxes and issues, with amounts as the caller writes them', () => {
    const quote = body('permit2.quote', { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000', taker: DEMO_TAKERS.lowBalance });
    const facts = chargeAndIssueFacts(quote, (value, address) => `<${String(value)} of ${String(address)}>`);
    expect(facts.map((fact) => fact.label)).toEqual(['service fee', 'tax', 'issue', 'issue']);
    expect(facts[0]!.value).toBe(`<${quote.fees.serviceFee.amount} of ${quote.fees.serviceFee.token}>, volume`);
    expect(facts[2]!.value).toBe(`balance too low: has <${quote.issues.balance.actual} of ${USDC.address.toLowerCase()}>, needs <${quote.issues.balance.expected} of ${USDC.address.toLowerCase()}>`);
    expect(chargeAndIssueFacts({ liquidityAvailable: false, zid: '0x0' }, String)).toEqual([]);
  });

  it('lists an integrator fee the service sent in both integratorFee and integratorFees once, as the comparison counts it', () => {
    const RECIPIENTS = ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222'];
    for (const recipients of [RECIPIENTS.slice(0, 1), RECIPIENTS]) {
      const price = body('allowance-holder.price', { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000', swapFeeRecipient: recipients.join(','), swapFeeBps: recipients.map(() => '25').join(',') });
      const fees = price.fees as unknown as LiquidPrice['fees'];
      // The local service sends the first recipient's fee in both fields, as the spec allows.
      expect(fees.integratorFee).toEqual(fees.integratorFees![0]);
      const listed = answerFacts(price, 1).filter((fact) => fact.label === 'integrator fee').map((fact) => fact.value);
      expect(listed).toEqual(fees.integratorFees!.map((fee) => `${withBase(fee.amount, USDC)}, volume`));
      const counted = integratorFeeTotals(fees).reduce((sum, total) => sum + total.amount, 0n);
      expect(fees.integratorFees!.reduce((sum, fee) => sum + BigInt(fee.amount), 0n)).toBe(counted);
    }
    // integratorFee alone (integratorFees null or empty) is the one fee.
    const price = body('allowance-holder.price', { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000', swapFeeRecipient: RECIPIENTS[0]!, swapFeeBps: '25' });
    const single = price.fees as unknown as LiquidPrice['fees'];
    for (const integratorFees of [null, []]) {
      const alone = { ...price, fees: { ...single, integratorFees } };
      expect(answerFacts(alone, 1).filter((fact) => fact.label === 'integrator fee').map((fact) => fact.value)).toEqual([`${withBase(single.integratorFee!.amount, USDC)}, volume`]);
    }
  });

  it('names base units and route symbols when the chain is not known, and has nothing to say without liquidity', () => {
    const price = body('allowance-holder.price', { sellToken: USDC.address, buyToken: WETH.address, sellAmount: '1000000000' });
    expect(answerFacts(price, undefined).find((fact) => fact.label === 'min buy')?.value).toBe(`${price.minBuyAmount} base units of WETH`);
    expect(answerFacts({ liquidityAvailable: false, zid: '0x0' }, 1)).toEqual([]);
  });
});
