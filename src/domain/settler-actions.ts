import { decodeFunctionData, hexToString, type Hex } from 'viem';
import { WRAPPED_NATIVE_ABI } from './settler-abi.ts';
import { decodeSettlerCall } from './settler-call.ts';

/**
 * What a quote's calldata tells the settler to do, step by step: what Allowance Holder's `exec` lets
 * it take, then `execute`'s `actions` (each an encoded call of an action function, settler-abi.ts),
 * read as sentences for support ("pull 1,000 USDC from the taker…", "swap USDC for WETH on RFQ…,
 * 100.00% of the trade", "pay 10 bps of WETH to…"), where the argument table shows them as opaque bytes. An action
 * this ABI does not know (a real settler's, say) is named by its selector, not guessed at.
 */

/** How amounts, tokens and the native asset read on the caller's chain (registry symbols and decimals, or base units). */
export interface ActionReading {
  amount(base: string, token: string): string;
  /** A bound ("up to"): rounded up to the digits shown, as the body's maxSellAmount is, never below it. */
  amountAtMost(base: string, token: string): string;
  token(address: string): string;
  native(wei: string): string;
}

/** One action, as a sentence; `name` is null for one this ABI cannot decode. */
export interface SettlerAction {
  name: string | null;
  text: string;
}

type Args = readonly unknown[];
const str = (value: unknown) => String(value);
// Lower case, as every address in the service's bodies (viem decodes them checksummed).
const address = (value: unknown) => str(value).toLowerCase();

// The source label is packed into a bytes32, right-padded with zero bytes.
function sourceName(value: unknown): string {
  const hex = str(value).replace(/(00)+$/, '');
  return hex.length > 2 ? hexToString(hex as Hex) : '(no source)';
}

/** What the actions are read against: the call around them, not the action alone. */
interface CallSetting {
  /**
   * What the calldata buys, for reading its fills: the `buyToken` of `execute`'s slippage check,
   * and the wrapped native token an UNWRAP turns into the native token bought.
   */
  bought: Set<string>;
  /** What the calldata sells: the token `exec` grants or the permit pulls, or the wrapped native token a WRAP makes. */
  sold: Set<string>;
  /** The settler is called through Allowance Holder's `exec`, which grants what it pulls: no permit. */
  isAllowanceHolder: boolean;
  /** A refund fill was read: the fills after it are the refund route's later hops (set as the actions are read, in order). */
  isRefunding: boolean;
}

/**
 * A fill as a sentence. Its `proportionBps` is the fill's share of the whole trade, as in the
 * answer's `route.fills`, not of the token it sells: "swap 42.71% WETH" read as 42.71% of the WETH
 * where the Route shows that fill as 82.84% of its WETH → USDC hop. A fill that sells the token
 * bought starts the exact-out refund route (real-service-shapes.md, "Buying an exact amount"): it
 * sells back only what the forward route bought beyond the minimum, never the purchase. The service
 * writes the refund route's fills after the forward route's, so the fills after it are its later
 * hops (WBTC → WETH, then WETH → DAI), not a share of the trade; only a hop into what was sold is "back into".
 */
function fillSentence([sell, buy, bps, source, pool]: Args, read: ActionReading, setting: CallSetting): string {
  const share = `${(Number(bps) / 100).toFixed(2)}%`;
  const where = `on ${sourceName(source)} (pool ${address(pool)})`;
  const sellsBought = setting.bought.has(address(sell));
  if (!sellsBought && !setting.isRefunding) return `swap ${read.token(str(sell))} for ${read.token(str(buy))} ${where}, ${share} of the trade`;
  setting.isRefunding = true;
  const what = sellsBought ? `the ${read.token(str(sell))} bought beyond the minimum` : read.token(str(sell));
  const into = setting.sold.has(address(buy)) ? `back into ${read.token(str(buy))}` : `for ${read.token(str(buy))}`;
  return `refund: swap ${what} ${into} ${where}, ${share} of the refund route`;
}

const SENTENCES: Record<string, (args: Args, read: ActionReading) => string> = {
  NATIVE_CHECK: ([, msgValue], read) => `check that the call carries ${read.native(str(msgValue))}`,
  WRAP: ([wrapped, amount], read) => `wrap ${read.native(str(amount))} into ${read.token(str(wrapped))}`,
  UNWRAP: ([wrapped, amount], read) => (BigInt(str(amount)) === 0n ? `unwrap the settler's whole ${read.token(str(wrapped))} balance` : `unwrap ${read.amount(str(amount), str(wrapped))}`),
  FEE: ([recipient, token, bps], read) => `pay ${str(bps)} bps of ${read.token(str(token))} to ${address(recipient)}`,
  POSITIVE_SLIPPAGE: ([recipient, token, maxBps], read) => `send ${read.token(str(token))} bought above the quote, up to ${str(maxBps)} bps, to ${address(recipient)}`,
  SELL_ENTIRE_BALANCE: ([token, maxAmount], read) => `sell the taker's whole ${read.token(str(token))} balance, up to ${read.amountAtMost(str(maxAmount), str(token))}`,
};

/**
 * The pull of the sell token. Under Permit2 it spends the taker's signed permit (its nonce and
 * deadline); through Allowance Holder's `exec` (an unwrap through the settler) it takes what `exec`
 * granted, and its nonce and deadline are zeros nobody checks: '(permit nonce 0)' there had the
 * reader look for a signature the trade does not need.
 */
function transferSentence([recipient, permit]: Args, read: ActionReading, setting: CallSetting): string {
  const { permitted, nonce } = permit as { permitted: { token: string; amount: bigint }; nonce: bigint };
  const pull = `pull ${read.amount(str(permitted.amount), permitted.token)} from the taker to ${address(recipient)}`;
  return setting.isAllowanceHolder ? `${pull}, with the allowance the Allowance Holder grants (no permit, nothing to sign)` : `${pull} (permit nonce ${str(nonce)})`;
}

function actionOf(data: Hex, read: ActionReading, setting: CallSetting): SettlerAction {
  // Not a call of this ABI (null): named by its selector below.
  const call = decodeSettlerCall(data);
  try {
    if (call?.functionName === 'FILL') return { name: call.functionName, text: fillSentence(call.args, read, setting) };
    if (call?.functionName === 'TRANSFER_FROM') return { name: call.functionName, text: transferSentence(call.args, read, setting) };
    const sentence = call ? SENTENCES[call.functionName] : undefined;
    if (call && sentence) return { name: call.functionName, text: sentence(call.args ?? [], read) };
  } catch {
    // Arguments a sentence cannot read are named by the selector too, rather than losing every step.
  }
  return { name: null, text: `an action this app's settler ABI does not know (selector ${data.slice(0, 10)})` };
}

// The settler's `execute` in the calldata: the call itself, or the one Allowance Holder's `exec`
// forwards, with what `exec` lets the settler take as the first step.
function executeOf(data: Hex, read: ActionReading): { args: Args; steps: SettlerAction[] } | null {
  const call = decodeSettlerCall(data);
  if (call?.functionName === 'execute') return { args: call.args, steps: [] };
  if (call?.functionName !== 'exec') return null;
  const [, token, amount, target, forwarded] = call.args;
  const inner = executeOf(forwarded, read);
  if (!inner) return null;
  const lets = { name: 'exec', text: `the Allowance Holder lets ${address(target)} take up to ${read.amountAtMost(str(amount), token)} from the taker's allowance` };
  return { args: inner.args, steps: [lets, ...inner.steps] };
}

function soldBy(data: Hex, actions: readonly Hex[]): Set<string> {
  const tokens = new Set<string>();
  const call = decodeSettlerCall(data);
  if (call?.functionName === 'exec') tokens.add(address(call.args[1]));
  for (const action of actions) {
    const step = decodeSettlerCall(action);
    if (step?.functionName === 'TRANSFER_FROM') tokens.add(address((step.args[1] as { permitted: { token: string } }).permitted.token));
    if (step?.functionName === 'WRAP') tokens.add(address(step.args[0]));
  }
  return tokens;
}

function boughtBy(slippage: unknown, actions: readonly Hex[]): Set<string> {
  const tokens = new Set<string>();
  const buyToken = (slippage as { buyToken?: unknown } | undefined)?.buyToken;
  if (typeof buyToken === 'string') tokens.add(address(buyToken));
  for (const action of actions) {
    // An action this ABI does not know (null) says nothing of what is bought.
    const call = decodeSettlerCall(action);
    if (call?.functionName === 'UNWRAP') tokens.add(address(call.args[0]));
  }
  return tokens;
}

/** The transaction that carries the calldata, when known: whom it calls and the native value it sends. */
export interface CallContext {
  to: string;
  value: string;
}

// A wrap or unwrap in `direct` mode calls the wrapped-native token itself: one step, one for one, and
// no settler, so nothing enforces a minimum and nothing carries the zid (said, since support looks for both).
function wrappedNativeStep(data: Hex, read: ActionReading, context: CallContext | undefined): SettlerAction | null {
  let call: ReturnType<typeof decodeFunctionData<typeof WRAPPED_NATIVE_ABI>>;
  try {
    call = decodeFunctionData({ abi: WRAPPED_NATIVE_ABI, data });
  } catch {
    return null;
  }
  const wrapped = context ? read.token(address(context.to)) : 'the wrapped native token';
  const direct = `(${wrapped}'s own ${call.functionName}(), not the settler: no minimum is enforced and no zid is carried)`;
  if (call.functionName === 'deposit') return { name: 'deposit', text: `wrap ${context ? read.native(context.value) : "the call's value"} into ${wrapped}, one for one ${direct}` };
  const [wad] = call.args;
  return { name: 'withdraw', text: `unwrap ${context ? read.amount(str(wad), address(context.to)) : `${str(wad)} base units of the wrapped native token`} into the native token, one for one ${direct}` };
}

/**
 * The steps of a quote's calldata in order (Allowance Holder's `exec`, then the settler's
 * actions; or the one step of a direct wrap or unwrap), or null when it does not decode.
 * @param context the transaction's `to` and `value`, which a direct wrap's amount and token are read from
 */
export function settlerActions(given: string, read: ActionReading, context?: CallContext): SettlerAction[] | null {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(given) || given.length < 10) return null;
  // In lower case: viem matches a selector only so.
  const data = given.toLowerCase();
  const wrap = wrappedNativeStep(data as Hex, read, context);
  if (wrap) return [wrap];
  let execute: ReturnType<typeof executeOf>;
  try {
    execute = executeOf(data as Hex, read);
  } catch {
    return null;
  }
  const actions = execute?.args[1];
  if (!execute || !Array.isArray(actions)) return null;
  const setting: CallSetting = { bought: boughtBy(execute.args[0], actions as Hex[]), sold: soldBy(data as Hex, actions as Hex[]), isAllowanceHolder: execute.steps.some((step) => step.name === 'exec'), isRefunding: false };
  return [...execute.steps, ...actions.map((action: Hex) => actionOf(action, read, setting))];
}
