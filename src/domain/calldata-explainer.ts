import { decodeFunctionData, type Abi, type AbiFunction, type AbiParameter, type Hex } from 'viem';

/**
 * A quote's `transaction.data` decoded with the settler ABI (issue 6, "Explainers"): the function,
 * every argument as a row, and the two values support looks for, the minimum buy amount and the zid.
 */

/** One decoded argument: its path (tuple members joined by dots), ABI type and value as text. */
export interface ArgumentRow {
  path: string;
  type: string;
  value: string;
}

/** A decoded call; `inner` is a call carried in a bytes argument (Allowance Holder wrapping the settler). */
export interface DecodedCall {
  functionName: string;
  selector: string;
  args: ArgumentRow[];
  minBuyAmount: string | null;
  /** Who receives the buy token: the settler's slippage `recipient` (lower case, as the service writes addresses). */
  recipient: string | null;
  /** The token the settler's minimum is of: its slippage `buyToken` (lower case); null when the call has no slippage check. */
  buyToken: string | null;
  zid: string | null;
  inner: DecodedCall | null;
}

/** The decode result: the call, or why the data could not be read with this ABI. */
export type CalldataExplanation = { ok: true; call: DecodedCall } | { ok: false; message: string };

const MIN_BUY_NAMES = /^(minBuyAmount|minAmountOut|amountOutMin|minBuy)$/i;
const ZID_NAMES = /zid/i;
// Only the settler's slippage check names who gets the buy token; exec's operator and target do not.
const RECIPIENT_PATH = 'slippage.recipient';
const BUY_TOKEN_PATH = 'slippage.buyToken';

function text(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(text).join(', ')}]`;
  return String(value);
}

function rowsOf(params: readonly AbiParameter[], values: readonly unknown[], prefix: string, out: ArgumentRow[]): void {
  params.forEach((param, index) => {
    const name = param.name || `arg${index}`;
    const path = prefix ? `${prefix}.${name}` : name;
    const value = values[index];
    if (param.type === 'tuple' && 'components' in param && value && typeof value === 'object') {
      const members = Array.isArray(value) ? value : param.components.map((component) => (value as Record<string, unknown>)[component.name ?? '']);
      rowsOf(param.components, members, path, out);
      return;
    }
    out.push({ path, type: param.type, value: text(value) });
  });
}

/**
 * The zid in an argument: a 12-byte value as is, or the top 12 bytes of a bytes32 that packs the
 * zid with an affiliate address (12 + 20 bytes), as the settler's `zidAndAffiliate` does.
 */
export function zidFromArgument(type: string, value: string): string | null {
  if (!/^0x[0-9a-fA-F]*$/.test(value)) return null;
  if (type === 'bytes12' || (type === 'bytes' && value.length === 26)) return value.toLowerCase();
  if (type === 'bytes32') return value.slice(0, 26).toLowerCase();
  return null;
}

function lastName(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1);
}

function decodeCall(abi: Abi, data: Hex, depth: number): DecodedCall {
  const { functionName, args } = decodeFunctionData({ abi, data });
  const selector = data.slice(0, 10).toLowerCase();
  const fn = abi.find((item): item is AbiFunction => item.type === 'function' && item.name === functionName && item.inputs.length === (args ?? []).length);
  const rows: ArgumentRow[] = [];
  rowsOf(fn?.inputs ?? [], args ?? [], '', rows);
  const minBuy = rows.find((row) => MIN_BUY_NAMES.test(lastName(row.path)));
  const zidRow = rows.find((row) => ZID_NAMES.test(lastName(row.path)));
  const recipientRow = rows.find((row) => row.path === RECIPIENT_PATH && row.type === 'address');
  const buyTokenRow = rows.find((row) => row.path === BUY_TOKEN_PATH && row.type === 'address');
  return {
    functionName,
    selector,
    args: rows,
    minBuyAmount: minBuy?.value ?? null,
    recipient: recipientRow ? recipientRow.value.toLowerCase() : null,
    buyToken: buyTokenRow ? buyTokenRow.value.toLowerCase() : null,
    zid: zidRow ? zidFromArgument(zidRow.type, zidRow.value) : null,
    inner: depth > 0 ? innerCall(abi, rows, depth - 1) : null,
  };
}

// A wrapper (Allowance Holder's exec) forwards the settler call as a bytes argument.
function innerCall(abi: Abi, rows: ArgumentRow[], depth: number): DecodedCall | null {
  for (const row of rows) {
    if (row.type !== 'bytes' || row.value.length < 10) continue;
    try {
      return decodeCall(abi, row.value as Hex, depth);
    } catch {
      // Not a call of this ABI: an opaque payload, shown as its row only.
    }
  }
  return null;
}

/** Decodes calldata with an ABI; the min buy amount and zid are surfaced from the call or a wrapped one. */
export function explainCalldata(abi: Abi, data: string): CalldataExplanation {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data) || data.length < 10) {
    return { ok: false, message: 'transaction.data must be hex calldata of at least a 4-byte selector' };
  }
  try {
    // Hex is read in either case; viem matches a selector only in lower case (0x1FFF991F "did not decode").
    const call = decodeCall(abi, data.toLowerCase() as Hex, 2);
    const inner = call.inner;
    return { ok: true, call: { ...call, minBuyAmount: call.minBuyAmount ?? inner?.minBuyAmount ?? null, recipient: call.recipient ?? inner?.recipient ?? null, buyToken: call.buyToken ?? inner?.buyToken ?? null, zid: call.zid ?? inner?.zid ?? null } };
  } catch (error) {
    return { ok: false, message: `transaction.data does not decode with the settler ABI (selector ${data.slice(0, 10)}): ${(error as Error).message.split('\n')[0]}` };
  }
}

/** How a quote's calldata bounds an exact-out trade, against what the answer says. */
export interface ExactOutBounds {
  /**
   * The sell amount the call may spend: what it lets the Allowance Holder pull (`exec`'s `amount`),
   * or, for a native sell (the settler called directly, no `exec`), the native amount the
   * transaction carries (its `value`); null when the call has neither.
   */
  pulled: string | null;
  /** Where `pulled` was read: 'allowance' (`exec`'s amount), 'value' (the transaction's value), null without one. */
  spentFrom: 'allowance' | 'value' | null;
  /** The token `exec` lets be pulled (lower case); null for a native sell's value or without one. */
  pulledToken: string | null;
  /** `exec` grants another token than the answer's sellToken (so no amount of it is within maxSellAmount). */
  isOtherSellToken: boolean;
  /** The minimum buy amount the settler enforces (`minAmountOut`). */
  minBuy: string | null;
  /** pulled <= maxSellAmount, both of the answer's sellToken; null when unknown. */
  pullsAtMostMax: boolean | null;
  /** minBuy >= buyAmount, both of the answer's buyToken: the buyer gets at least what was asked; null when unknown. */
  guaranteesBuyAmount: boolean | null;
  /** The minimum is of another token than the answer's buyToken (so no amount of it guarantees the buyAmount). */
  isOtherBuyToken: boolean;
}

/**
 * The token Allowance Holder's `exec` lets the settler pull (lower case), which another answer's
 * calldata may name otherwise than this answer's sellToken; null for a call that is not `exec`.
 */
export function execToken(call: DecodedCall): string | null {
  return call.inner ? (call.args.find((row) => row.path === 'token' && row.type === 'address')?.value.toLowerCase() ?? null) : null;
}

/** Whether the call's minimum is of another token than `buyToken`; false where either is not known. */
function isOtherToken(callToken: string | null, buyToken: unknown): boolean {
  return callToken !== null && typeof buyToken === 'string' && buyToken !== '' && callToken !== buyToken.toLowerCase();
}

const isBaseUnits = (value: unknown): value is string => typeof value === 'string' && /^[0-9]+$/.test(value);

function atMost(value: string | null, bound: string): boolean | null {
  if (!isBaseUnits(value) || !isBaseUnits(bound)) return null;
  return BigInt(value) <= BigInt(bound);
}

/**
 * Checks the calldata of an exact-out quote (Allowance Holder `buyAmount`): it must spend at most
 * `maxSellAmount` (what `exec` lets be pulled, or a native sell's `value`) and make the settler require at least `buyAmount`, so the buyer never receives
 * less than asked (real-service-shapes.md, "Buying an exact amount").
 */
export function checkExactOutBounds(explanation: CalldataExplanation, answer: { buyAmount: string; maxSellAmount: string; buyToken?: string | null; sellToken?: string | null }, value?: string): ExactOutBounds {
  if (!explanation.ok) return { pulled: null, spentFrom: null, pulledToken: null, isOtherSellToken: false, minBuy: null, pullsAtMostMax: null, guaranteesBuyAmount: null, isOtherBuyToken: false };
  const { call } = explanation;
  const allowance = call.inner ? (call.args.find((row) => row.path === 'amount')?.value ?? null) : null;
  const pulledToken = allowance === null ? null : execToken(call);
  // What exec grants of another token is no spend within maxSellAmount, whatever its digits.
  const isOtherSellToken = isOtherToken(pulledToken, answer.sellToken);
  // A native sell calls the settler itself, with the ETH it may spend as the call's value.
  const carried = !call.inner && isBaseUnits(value) && BigInt(value) > 0n ? value : null;
  const pulled = allowance ?? carried;
  const spentFrom = allowance !== null ? 'allowance' : carried !== null ? 'value' : null;
  const minBuy = call.minBuyAmount;
  // A minimum of another token guarantees nothing of the buy token, whatever its digits.
  const isOtherBuyToken = isOtherToken(call.buyToken, answer.buyToken);
  const guarantees = minBuy === null ? null : isOtherBuyToken ? false : atMost(answer.buyAmount, minBuy);
  return { pulled, spentFrom, pulledToken, isOtherSellToken, minBuy, pullsAtMostMax: isOtherSellToken ? false : atMost(pulled, answer.maxSellAmount), guaranteesBuyAmount: guarantees, isOtherBuyToken };
}

/** Whether a quote's calldata carries what its body says; null where either side lacks the member. */
export interface CalldataAgreement {
  /** The settler's minimum equals the body's minBuyAmount (exact in), and is of the body's buyToken. */
  minBuyMatches: boolean | null;
  /** The settler's minimum is of another token than the body's buyToken (minBuyMatches is then false). */
  isOtherBuyToken: boolean;
  /** The zid in the call equals the body's (any letter case). */
  zidMatches: boolean | null;
}

/**
 * Who the request said receives the buy token: its `recipient`, or else its `taker` (the spec:
 * recipient "defaults to taker"); null when it named neither.
 */
export function requestedRecipient(query: Readonly<Record<string, string | undefined>>): { address: string; role: 'recipient' | 'taker' } | null {
  if (query.recipient) return { address: query.recipient.toLowerCase(), role: 'recipient' };
  if (query.taker) return { address: query.taker.toLowerCase(), role: 'taker' };
  return null;
}

/**
 * Whether the call pays the buy token to whom the request named; null when either side is unknown
 * (a direct wrap names no recipient, a price-only request may name no taker).
 */
export function recipientMatches(explanation: CalldataExplanation, requested: { address: string } | null): boolean | null {
  if (!explanation.ok || explanation.call.recipient === null || requested === null) return null;
  return explanation.call.recipient === requested.address.toLowerCase();
}

/**
 * Compares the decoded call with its body: a transaction whose minimum or zid is not the body's is
 * another answer's (a support engineer's first question about a customer's failed swap). An
 * exact-out body is checked by checkExactOutBounds instead, since its minimum is a bound, not a copy.
 */
export function compareCalldata(explanation: CalldataExplanation, body: { minBuyAmount?: unknown; zid?: unknown; buyToken?: unknown }): CalldataAgreement {
  if (!explanation.ok) return { minBuyMatches: null, isOtherBuyToken: false, zidMatches: null };
  const { minBuyAmount, zid } = explanation.call;
  // Equal digits of two tokens are no equal minimum: the token the settler checks is compared too.
  const isOtherBuyToken = isOtherToken(explanation.call.buyToken, body.buyToken);
  return {
    minBuyMatches: isBaseUnits(minBuyAmount) && isBaseUnits(body.minBuyAmount) ? !isOtherBuyToken && BigInt(minBuyAmount) === BigInt(body.minBuyAmount) : null,
    isOtherBuyToken,
    zidMatches: zid !== null && typeof body.zid === 'string' ? zid.toLowerCase() === body.zid.toLowerCase() : null,
  };
}
