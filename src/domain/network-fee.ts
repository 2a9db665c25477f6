import { chainById } from './chains.ts';

/**
 * How an answer's `totalNetworkFee` is made up, as far as its own `gas` and `gasPrice` tell. The
 * spec: `gas * gasPrice` on a chain without an L1 data cost, plus the L1 data cost on one with
 * (OP-stack chains and Scroll). On such a chain "gas 225,000 at 0.00395 gwei" beside a network fee
 * three times their product reads as a wrong figure unless the difference is named.
 */
export type NetworkFeeMakeup =
  /** The total is exactly gas × gas price. */
  | { kind: 'gas-only'; gasCost: bigint }
  /** A chain with an L1 data cost: the total is gas × gas price plus that cost. */
  | { kind: 'l1-data'; gasCost: bigint; l1DataCost: bigint }
  /** The total is not gas × gas price, on a chain without an L1 data cost (or an unknown one): said as found. */
  | { kind: 'differs'; gasCost: bigint; difference: bigint };

const DIGITS = /^[0-9]{1,78}$/;

const bigOf = (value: unknown): bigint | null => (typeof value === 'string' || typeof value === 'number' ? (DIGITS.test(String(value)) ? BigInt(String(value)) : null) : null);

/**
 * The makeup of `total` from `gas` and `gasPrice` (wei, as the body has them); null when one of the
 * three is missing or not a whole number, so nothing is said that the body does not support.
 * @param chainId the chain the request named; null when not known
 */
export function networkFeeMakeup(total: unknown, gas: unknown, gasPrice: unknown, chainId: number | null): NetworkFeeMakeup | null {
  const [totalWei, gasUnits, priceWei] = [bigOf(total), bigOf(gas), bigOf(gasPrice)];
  if (totalWei === null || gasUnits === null || priceWei === null) return null;
  const gasCost = gasUnits * priceWei;
  if (totalWei === gasCost) return { kind: 'gas-only', gasCost };
  const hasL1DataFee = chainId !== null && chainById(chainId)?.hasL1DataFee === true;
  if (hasL1DataFee && totalWei > gasCost) return { kind: 'l1-data', gasCost, l1DataCost: totalWei - gasCost };
  return { kind: 'differs', gasCost, difference: totalWei - gasCost };
}

/**
 * An answer's own `gas` and `gasPrice`, members unchecked: at its top level (a price) or under
 * `transaction` (a v2 quote, where they moved: spec, Versioning 3); undefined where absent.
 */
export function answerGas(body: unknown): { gas: unknown; gasPrice: unknown } {
  if (body === null || typeof body !== 'object') return { gas: undefined, gasPrice: undefined };
  const answer = body as { gas?: unknown; gasPrice?: unknown; transaction?: unknown };
  const transaction = (answer.transaction !== null && typeof answer.transaction === 'object' ? answer.transaction : {}) as { gas?: unknown; gasPrice?: unknown };
  return { gas: answer.gas ?? transaction.gas, gasPrice: answer.gasPrice ?? transaction.gasPrice };
}

/**
 * The makeup of an answer's own fee: its `totalNetworkFee`, with its gas and gas price (answerGas);
 * null for anything that is not an object.
 */
export function answerFeeMakeup(body: unknown, chainId: number | null): NetworkFeeMakeup | null {
  if (body === null || typeof body !== 'object') return null;
  const { gas, gasPrice } = answerGas(body);
  return networkFeeMakeup((body as { totalNetworkFee?: unknown }).totalNetworkFee, gas, gasPrice, chainId);
}

/**
 * An answer's fee makeup in words (answerFeeMakeup, then networkFeeMakeupText); null when the body
 * does not support one. What every screen and command shows beside a network fee.
 */
export function answerFeeMakeupText(body: unknown, chainId: number | null, amount: (wei: bigint) => string): string | null {
  const makeup = answerFeeMakeup(body, chainId);
  return makeup ? networkFeeMakeupText(makeup, amount) : null;
}

/**
 * The makeup in words, each amount through `amount` (wei to "0.00000088875 ETH"):
 * "gas × gas price", "gas × gas price 0.00000088875 ETH + L1 data cost 0.0000016 ETH", or
 * "gas × gas price is 0.0000008 ETH; the total is 0.0000001 ETH more".
 */
export function networkFeeMakeupText(makeup: NetworkFeeMakeup, amount: (wei: bigint) => string): string {
  switch (makeup.kind) {
    case 'gas-only':
      return 'gas × gas price';
    case 'l1-data':
      return `gas × gas price ${amount(makeup.gasCost)} + L1 data cost ${amount(makeup.l1DataCost)}`;
    case 'differs': {
      const more = makeup.difference > 0n;
      return `gas × gas price is ${amount(makeup.gasCost)}; the total is ${amount(more ? makeup.difference : -makeup.difference)} ${more ? 'more' : 'less'}`;
    }
  }
}
