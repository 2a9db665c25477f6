import { describe, expect, it } from 'vitest';
import { DEMO_TAKERS, Market, priceQuery } from '../../service/index.ts';
import { FIXED_NOW, token } from '../../service/test-fixtures.ts';
import { chainLabel, swapChains } from '../chains.ts';
import { findListedToken } from '../listed-token.ts';
import { DEMO_TAX_TOKENS } from '../demo-tokens.ts';
import { chainsListingBoth } from './body-chain.ts';
import { explainPastedBody } from './explain-body.ts';
import { recognizePaste } from './recognize.ts';

/** A body pasted without its request names no chain: the chains listing both tokens are offered, the one named reads the amounts. */

const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

function price(chainId: number, query: Record<string, string>): Record<string, unknown> {
  const result = priceQuery(new Market(1), 'allowance-holder.price', { chainId: String(chainId), ...query }, { nowMs: FIXED_NOW });
  if (!result.ok) throw new Error(`${result.name} ${result.message}`);
  return result.body;
}

const baseUsdcToWeth = () => price(8453, { sellToken: token(8453, 'USDC'), buyToken: token(8453, 'WETH'), sellAmount: '1000000000' });

describe('chainsListingBoth', () => {
  it('lists exactly the swap chains whose token lists have both addresses, in any letter case', () => {
    const body = baseUsdcToWeth();
    const listed = chainsListingBoth({ ...body, sellToken: String(body.sellToken).toUpperCase().replace('0X', '0x') });
    expect(listed).toContain(8453);
    // Base's USDC is its own address: Ethereum's list does not have it.
    expect(listed).not.toContain(1);
    for (const chain of swapChains()) {
      const hasBoth = findListedToken(chain.chainId, String(body.sellToken)) !== undefined && findListedToken(chain.chainId, String(body.buyToken)) !== undefined;
      expect(listed.includes(chain.chainId), chainLabel(chain.chainId)).toBe(hasBoth);
    }
  });

  it('counts the native asset as listed on every chain, and lists nothing for a body without both tokens', () => {
    expect(chainsListingBoth({ sellToken: NATIVE, buyToken: token(1, 'USDC') })).toContain(1);
    expect(chainsListingBoth({ sellToken: NATIVE })).toEqual([]);
    expect(chainsListingBoth({ sellToken: '0x0000000000000000000000000000000000000001', buyToken: token(1, 'USDC') })).toEqual([]);
    expect(chainsListingBoth(['not', 'a', 'body'])).toEqual([]);
  });
});

describe('explainPastedBody', () => {
  it('without a chain, keeps base units and names the chains listing both tokens', () => {
    const explained = explainPastedBody(baseUsdcToWeth());
    expect(explained.summary).toContain('1000000000 base units of USDC');
    expect(explained.chain?.chainId).toBeNull();
    expect(explained.chain?.note).toMatch(/^Amounts in base units: the body names no chain\. Both its tokens are listed on .*Base \(8453\)/);
    // What a paste is recognised as carries the same.
    const pasted = recognizePaste(JSON.stringify(baseUsdcToWeth()));
    expect(pasted.kind === 'body' && pasted.explanation.chain?.note).toBe(explained.chain?.note);
  });

  it('on the chain named, reads the amounts and the network fee in token units', () => {
    const explained = explainPastedBody(baseUsdcToWeth(), 8453);
    expect(explained.summary).toMatch(/^A price: sells 1,000 USDC \(1000000000 base units\) for [\d.]+ WETH \(\d+ base units\)\.$/);
    expect(explained.facts?.find((fact) => fact.label === 'network fee')?.value).toMatch(/^[\d.]+ ETH \(\d+ base units\) = gas × gas price/);
    expect(explained.chain).toMatchObject({ chainId: 8453, note: 'Amounts read with the token list of Base (8453), the chain named for this body.' });
  });

  it('on a chain whose list lacks a token, says so and leaves that amount in base units', () => {
    const explained = explainPastedBody(baseUsdcToWeth(), 1);
    expect(explained.summary).toContain('1000000000 base units of USDC');
    expect(explained.chain?.note).toBe('Ethereum (1) was named for this body, but its token list does not have both tokens: an amount of a token it lacks stays in base units.');
  });

  it('reads a local-service demo token (TAXD) as listed: the chain named reads it, and a body alone is offered that chain', () => {
    // explain and History read TAXD in its units (listed-token.ts), so the note must not say it stays
    // in base units, nor leave its chain out of those offered for a body pasted alone.
    const taxd = DEMO_TAX_TOKENS.find((demo) => demo.chainId === 1 && demo.symbol === 'TAXD')!;
    const body = price(1, { sellToken: token(1, 'WETH'), buyToken: taxd.address, sellAmount: '1000000000000000000' });
    const named = explainPastedBody(body, 1);
    expect(named.summary).toMatch(/^A price: sells 1 WETH \(1000000000000000000 base units\) for [\d,.]+ TAXD \(\d+ base units\)\.$/);
    expect(named.chain?.note).toBe('Amounts read with the token list of Ethereum (1), the chain named for this body.');
    expect(explainPastedBody(body).chain?.note).toBe('Amounts in base units: the body names no chain. Both its tokens are listed on Ethereum (1).');
  });

  it("compares a Permit2 quote's domain.chainId with the chain picked, and says it was that chain, the body naming none", () => {
    const result = priceQuery(new Market(1), 'permit2.quote', { chainId: '1', sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '1000000000', taker: DEMO_TAKERS.funded }, { nowMs: FIXED_NOW });
    if (!result.ok) throw new Error(`${result.name} ${result.message}`);
    const chainFact = (chainId?: number) => explainPastedBody(result.body, chainId).facts?.find((fact) => fact.label === 'permit2 chain')?.value;
    expect(chainFact()).toBe("Chain not checked: the request's chainId is not known");
    expect(chainFact(1)).toBe('Signed for the chain you picked, Ethereum (1) (domain.chainId 1)');
    expect(chainFact(8453)).toBe('Signed for chain Ethereum (1), NOT the chain you picked Base (8453) (domain.chainId): the signature would be good on that chain, not for this trade');
  });

  it('says nothing of a chain for an error body, which has no amounts', () => {
    const explained = explainPastedBody({ name: 'INPUT_INVALID', message: 'Validation Failed', data: { zid: '0x0123456789abcdef01234567' } }, 1);
    expect(explained.kind).toBe('error');
    expect(explained.chain).toBeUndefined();
  });
});
