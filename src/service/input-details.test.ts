import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainById } from '../domain/chains.ts';
import { DEMO_TAKERS } from './swap/taker-state.ts';
import { FIXED_NOW, token, wethToUsdc } from './test-fixtures.ts';
import { startTestService, type Answer, type TestService } from './test-support.ts';

/** What INPUT_INVALID (and the refusals next to it) tell a client, over HTTPS. */

const AH_PRICE = '/swap/allowance-holder/price';
const PATHS = [AH_PRICE, '/swap/allowance-holder/quote', '/swap/permit2/price', '/swap/permit2/quote'];
const taker = DEMO_TAKERS.funded;

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ now: () => FIXED_NOW });
});
afterAll(() => svc.stop());

function reasons(answer: Answer, field: string): string[] {
  return (answer.body.data?.details ?? []).filter((detail) => detail.field === field).map((detail) => detail.reason);
}

describe("Mantle's native asset", () => {
  const mantle = chainById(5000)!;
  const mnt = mantle.nativeTokenAddress!.toLowerCase();
  const wmnt = mantle.wrappedNative!;

  it('points a symbol to the address Mantle accepts for MNT, and that address trades', async () => {
    const symbol = await svc.get(AH_PRICE, { chainId: '5000', sellToken: 'MNT', buyToken: wmnt, sellAmount: '1000' });
    expect(symbol.status).toBe(400);
    expect(reasons(symbol, 'sellToken')).toEqual([expect.stringContaining(`native asset use ${mnt}`)]);
    const followed = await svc.get(AH_PRICE, { chainId: '5000', sellToken: mnt, buyToken: wmnt, sellAmount: '1000', taker });
    expect({ status: followed.status, buyAmount: followed.body.buyAmount }).toEqual({ status: 200, buyAmount: '1000' });
  });

  it("refuses 0xeeee…eeee on Mantle naming MNT's address, and keeps 0xeeee…eeee as the hint elsewhere", async () => {
    const placeholder = await svc.get(AH_PRICE, { chainId: '5000', sellToken: token(1, 'NATIVE'), buyToken: wmnt, sellAmount: '1000' });
    expect({ status: placeholder.status, name: placeholder.body.name }).toEqual({ status: 400, name: 'TOKEN_NOT_SUPPORTED' });
    expect(placeholder.body.message).toContain(mnt);
    const ethereum = await svc.get(AH_PRICE, wethToUsdc({ sellToken: 'ETH' }));
    expect(reasons(ethereum, 'sellToken')).toEqual([expect.stringContaining(`native asset use ${token(1, 'NATIVE').toLowerCase()}`)]);
  });
});

describe('chainId', () => {
  it('is required when left out, on all four swap endpoints, like every other required field', async () => {
    for (const path of PATHS) {
      const { chainId: _left, ...query } = wethToUsdc({ taker });
      const answer = await svc.get(path, query);
      expect({ path, status: answer.status, reasons: reasons(answer, 'chainId') }).toEqual({ path, status: 400, reasons: ['is required'] });
    }
  });

  it('reads as an unsupported chain when it is a whole number out of range, like any id the service does not serve', async () => {
    for (const chainId of ['0', '-1', '99999999999999999999', '999999']) {
      const answer = await svc.get(AH_PRICE, wethToUsdc({ chainId }));
      expect({ status: answer.status, reasons: reasons(answer, 'chainId') }).toEqual({ status: 400, reasons: [`${chainId} is not a supported chain (see GET /swap/chains)`] });
    }
    expect(reasons(await svc.get('/sources', { chainId: '0' }), 'chainId')).toEqual(['0 is not a supported chain (see GET /swap/chains)']);
    expect(reasons(await svc.get(AH_PRICE, wethToUsdc({ chainId: '1.5' })), 'chainId')).toEqual(['must be a whole number']);
  });
});

describe('a field sent with an invalid value', () => {
  it('gets only the reason its value is invalid, not also that it is required', async () => {
    const sellAmount = await svc.get(AH_PRICE, wethToUsdc({ sellAmount: '' }));
    expect(reasons(sellAmount, 'sellAmount')).toEqual([expect.stringMatching(/^must be a whole number/)]);
    const permit2Taker = await svc.get('/swap/permit2/quote', wethToUsdc({ taker: '' }));
    expect(reasons(permit2Taker, 'taker')).toEqual(['must be an address: 0x followed by 40 hex digits']);
    expect(reasons(await svc.get('/swap/permit2/quote', wethToUsdc()), 'taker')).toEqual(['is required for a firm quote']);
  });
});

describe('an address with spaces around it, or written 0X', () => {
  it('is told what is wrong with it, in a token, a taker and a fee list alike', async () => {
    const weth = token(1, 'WETH');
    const copied = await svc.get('/swap/permit2/quote', wethToUsdc({ sellToken: ` ${weth}`, taker: `${taker}\n` }));
    expect({ status: copied.status, sellToken: reasons(copied, 'sellToken'), taker: reasons(copied, 'taker') }).toEqual({
      status: 400,
      sellToken: ['must be the address alone, without spaces or line breaks around it'],
      taker: ['must be the address alone, without spaces or line breaks around it'],
    });
    const upperX = await svc.get(AH_PRICE, wethToUsdc({ taker: `0X${taker.slice(2)}`, swapFeeRecipient: `0X${taker.slice(2)}`, swapFeeBps: '10' }));
    expect({ taker: reasons(upperX, 'taker'), swapFeeRecipient: reasons(upperX, 'swapFeeRecipient') }).toEqual({
      taker: ['must start with 0x (a lower-case x)'],
      swapFeeRecipient: [`item 1 ("0X${taker.slice(2)}") must start with 0x (a lower-case x)`],
    });
    expect(reasons(await svc.get(AH_PRICE, wethToUsdc({ taker: '0x12' })), 'taker')).toEqual(['must be an address: 0x followed by 40 hex digits']);
  });
});

describe('a parameter name in the wrong letter case', () => {
  it('is named with the spelling the endpoint takes, on every swap endpoint', async () => {
    for (const path of PATHS) {
      const { chainId, sellToken, ...rest } = wethToUsdc({ taker });
      const answer = await svc.get(path, { ...rest, chainid: chainId!, SellToken: sellToken! });
      expect({ path, status: answer.status, name: answer.body.name }).toEqual({ path, status: 400, name: 'INPUT_INVALID' });
      expect(reasons(answer, 'chainid')).toEqual(['is not a parameter of this endpoint; parameter names are case-sensitive: did you mean chainId?']);
      expect(reasons(answer, 'SellToken')).toEqual(['is not a parameter of this endpoint; parameter names are case-sensitive: did you mean sellToken?']);
    }
    const unknown = await svc.get(AH_PRICE, wethToUsdc({ foo: '1' }));
    expect(reasons(unknown, 'foo')).toEqual(['is not a parameter of this endpoint']);
  });
});

describe('an amount in whole tokens', () => {
  it('is told the base units it stands for, from the decimals of the token on the chain asked, as is one in exponent form', async () => {
    // sellAmount=1.5 was told only 'no decimals, sign or exponent': the client had to find WETH's
    // decimals to learn that 1.5 WETH is 1500000000000000000.
    const sell = await svc.get(AH_PRICE, wethToUsdc({ sellAmount: '1.5' }));
    expect(reasons(sell, 'sellAmount')).toEqual(['must be a whole number of base units: 1.5 WETH (18 decimals) is 1500000000000000000']);
    const { sellAmount: _sell, ...exactOut } = wethToUsdc({ buyAmount: '2500.25' });
    expect(reasons(await svc.get(AH_PRICE, exactOut), 'buyAmount')).toEqual(['must be a whole number of base units: 2500.25 USDC (6 decimals) is 2500250000']);
    const finer = await svc.get('/swap/permit2/price', wethToUsdc({ sellToken: token(1, 'USDC'), buyToken: token(1, 'WETH'), sellAmount: '0.1234567' }));
    expect(reasons(finer, 'sellAmount')).toEqual(["must be a whole number of base units, and 0.1234567 has more decimals than USDC's 6"]);
    // String(1000 * 1e18) in JavaScript is '1e+21': the digits are given, and the float warned of.
    const exponent = await svc.get(AH_PRICE, wethToUsdc({ sellAmount: '1e+21' }));
    expect(reasons(exponent, 'sellAmount')).toEqual([
      'must be a whole number written out in digits, not in exponent form: 1e+21 is 1000000000000000000000; held as a float (a JavaScript Number), an amount this large may have lost its last digits: compute amounts as BigInt or strings',
    ]);
    // The base units it names are taken as they are.
    expect((await svc.get(AH_PRICE, wethToUsdc({ sellAmount: '1500000000000000000' }))).status).toBe(200);
  });
});

describe('a misspelt parameter name', () => {
  it('is told the parameter it is close to, and on Permit2 never one Permit2 refuses', async () => {
    // excludeSources=RFQ was answered only 'is not a parameter of this endpoint', sending the
    // client to the documentation to find the letter it lacked.
    const answer = await svc.get(AH_PRICE, wethToUsdc({ excludeSources: 'RFQ', slipageBps: '50', sellTokens: 'x', slippage: '1' }));
    expect(answer.status).toBe(400);
    expect(reasons(answer, 'excludeSources')).toEqual(['is not a parameter of this endpoint: did you mean excludedSources?']);
    expect(reasons(answer, 'slipageBps')).toEqual(['is not a parameter of this endpoint: did you mean slippageBps?']);
    expect(reasons(answer, 'sellTokens')).toEqual(['is not a parameter of this endpoint: did you mean sellToken?']);
    expect(reasons(answer, 'slippage')).toEqual(['is not a parameter of this endpoint: did you mean slippageBps or slippagePpm?']);
    const permit2 = await svc.get('/swap/permit2/quote', wethToUsdc({ taker, slippage: '1' }));
    expect(reasons(permit2, 'slippage')).toEqual(['is not a parameter of this endpoint: did you mean slippageBps?']);
  });
});

describe('a symbol or a chain name where the service takes an address or an id', () => {
  it("names the token's address on the chain asked, or the chain's id", async () => {
    const symbols = await svc.get(AH_PRICE, wethToUsdc({ sellToken: 'weth', buyToken: 'USDC' }));
    expect(reasons(symbols, 'sellToken')).toEqual([`"weth" is a symbol, not an address: WETH on Ethereum is ${token(1, 'WETH').toLowerCase()}`]);
    expect(reasons(symbols, 'buyToken')).toEqual([`"USDC" is a symbol, not an address: USDC on Ethereum is ${token(1, 'USDC').toLowerCase()}`]);
    const onBase = await svc.get(AH_PRICE, wethToUsdc({ chainId: '8453', buyToken: 'USDC' }));
    expect(reasons(onBase, 'buyToken')).toEqual([`"USDC" is a symbol, not an address: USDC on Base is ${token(8453, 'USDC').toLowerCase()}`]);
    const unknownSymbol = await svc.get(AH_PRICE, wethToUsdc({ buyToken: 'NOPE' }));
    expect(reasons(unknownSymbol, 'buyToken')).toEqual([expect.stringContaining('for a token, its contract address')]);
    const named = await svc.get(AH_PRICE, wethToUsdc({ chainId: 'base', buyToken: 'usdc' }));
    expect(reasons(named, 'chainId')).toEqual(['must be a chain id number, not a name ("base"): Base is 8453; GET /swap/chains lists each chainId with its chainName']);
    expect(reasons(named, 'buyToken')).toEqual([`"usdc" is a symbol, not an address: USDC on Base is ${token(8453, 'USDC').toLowerCase()}`]);
  });
});

describe('a list sent as repeated parameters or as an array', () => {
  const trade = new URLSearchParams(wethToUsdc()).toString();

  it('is told to send one parameter with its items separated by commas', async () => {
    const repeated = await svc.get(`${AH_PRICE}?${trade}&excludedSources=RFQ&excludedSources=Curve`);
    expect(repeated.status).toBe(400);
    expect(reasons(repeated, 'excludedSources')).toEqual(['is given more than once; a list goes in one excludedSources, its items separated by commas: excludedSources=RFQ,Curve']);
    const fee = `0x${'2'.repeat(40)}`;
    const arrays = await svc.get(`${AH_PRICE}?${trade}&swapFeeBps%5B%5D=10&swapFeeBps%5B%5D=20&swapFeeRecipient%5B0%5D=${fee}`);
    expect(reasons(arrays, 'swapFeeBps[]')).toEqual(['is not a parameter of this endpoint: it takes no arrays; send swapFeeBps once, its items separated by commas: swapFeeBps=10,20']);
    expect(reasons(arrays, 'swapFeeRecipient[0]')).toEqual([`is not a parameter of this endpoint: it takes no arrays; send swapFeeRecipient once, its items separated by commas: swapFeeRecipient=${fee}`]);
  });

  it('keeps the plain reason for a parameter that takes one value', async () => {
    const repeated = await svc.get(`${AH_PRICE}?${trade}&slippageBps=50&slippageBps=60`);
    expect(reasons(repeated, 'slippageBps')).toEqual(['is given more than once']);
  });
});

describe('a value the client did not have, sent as the text JavaScript writes for it', () => {
  it('is told so, not that "undefined" is a token symbol or a chain name', async () => {
    // `?sellToken=${token}` with token undefined sends "undefined", which was answered as a symbol
    // ("for the chain's native asset use 0xeeee…") and, for chainId, as a chain name.
    for (const [field, text] of [['sellToken', 'undefined'], ['chainId', 'undefined'], ['taker', 'null'], ['sellAmount', 'undefined'], ['buyToken', 'null']] as const) {
      const answer = await svc.get(AH_PRICE, wethToUsdc({ [field]: text }));
      expect(answer.status, field).toBe(400);
      const [reason] = reasons(answer, field);
      expect(reason, field).toMatch(new RegExp(`^was sent as the text "${text}"`));
      expect(reason, field).not.toMatch(/symbol|name/);
    }
  });
});
