/**
 * Response bodies written from the spec's field tables (service-interface.md, "Resources and their
 * fields"), used by the schema tests. Addresses are the public ones of the reference facts.
 */
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';

/** A Permit2 price result with liquidity, every required field present. */
export function permit2PriceBody(): Record<string, unknown> {
  return {
    allowanceTarget: PERMIT2,
    blockNumber: '20114692',
    buyAmount: '100037537',
    buyToken: USDT,
    fees: {
      integratorFee: null,
      integratorFees: null,
      serviceFee: { amount: '150000', token: USDT, type: 'volume' },
      gasFee: null,
    },
    gas: '288095',
    gasPrice: '7062490000',
    issues: {
      allowance: { actual: '0', spender: PERMIT2 },
      balance: { token: USDC, actual: '0', expected: '100000000' },
      simulationIncomplete: true,
      invalidSourcesPassed: [],
    },
    liquidityAvailable: true,
    minBuyAmount: '99037162',
    route: {
      fills: [{ from: USDC, to: USDT, source: 'SolidlyV3', proportionBps: '10000' }],
      tokens: [
        { address: USDC, symbol: 'USDC' },
        { address: USDT, symbol: 'USDT' },
      ],
    },
    sellAmount: '100000000',
    sellToken: USDC,
    tokenMetadata: {
      buyToken: { buyTaxBps: '0', sellTaxBps: '0', transferTaxBps: null },
      sellToken: { buyTaxBps: null, sellTaxBps: null, transferTaxBps: null },
    },
    totalNetworkFee: '2034668056550000',
    zid: '0x111111111111111111111111',
  };
}

/** The same result as Allowance Holder returns it: with `mode`. */
export function allowanceHolderPriceBody(): Record<string, unknown> {
  return { ...permit2PriceBody(), allowanceTarget: '0x0000000000001fF3684f28c67538d4D072C22734', mode: 'exact-in' };
}
