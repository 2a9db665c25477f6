import { NATIVE_TOKEN_PLACEHOLDER, type LiquidPrice, type NoLiquidity, type Permit2Data, type Transaction } from '../spec/index.ts';
import type { AllowanceModel } from './compare.ts';
import { formatUpperBound, formatWithSymbol } from './number-format.ts';
import { checkSignedParts, permitExpectationOf, type SignedPart, type SignedPartCheck } from './permit2-signed-parts.ts';

/**
 * The spec's allowance rules (service-interface.md, "Allowance rules that hold across price and
 * quote", rules 1-6) applied to one price or quote result, as advice a person can follow.
 */

/** What an advice item is about; stable, for tests and icons. */
export type AdviceCode =
  | 'NO_LIQUIDITY'
  | 'NO_ALLOWANCE_NEEDED'
  | 'SET_ALLOWANCE'
  | 'ALLOWANCE_SUFFICIENT'
  | 'ALLOWANCE_NOT_CHECKED'
  | 'SPENDER_NOT_ALLOWANCE_TARGET'
  | 'ALLOWANCE_HOLDER_NOT_TX_TO'
  | 'PERMIT2_TX_TO_IS_SPENDER'
  | 'BALANCE_TOO_LOW'
  | 'SIGN_PERMIT2'
  | 'PERMIT2_SIGNS_OTHER'
  | 'NO_SIGNATURE_NEEDED'
  | 'SIMULATION_INCOMPLETE'
  | 'INVALID_SOURCES';

/** An amount inside advice: as people read it ("1,000 USDC") and in base units, for a tooltip. */
export interface AdviceAmount {
  text: string;
  base: string;
}

/** A run of advice text: plain text, or an amount the screen shows with its base units on hover. */
export type AdvicePart = string | AdviceAmount;

/** One piece of advice; `rule` is the number of the spec rule it applies, when there is one. */
export interface AdviceItem {
  code: AdviceCode;
  severity: 'action' | 'warning' | 'info';
  /** The whole sentence as plain text (amounts as shown). */
  text: string;
  /** The same sentence in runs, so a screen can mark up its amounts. */
  parts: AdvicePart[];
  rule: number | null;
}

/** Symbol and decimals of a token address, when the app knows the token. */
export type TokenInfo = (address: string) => { symbol: string; decimals: number } | undefined;

/**
 * A price or quote body of either model, exact-in or exact-out: the rules read only the allowance,
 * the issues, the sell token and, on quotes, the transaction and permit2.
 */
export type AdviceBody = (Liquid & { transaction?: Transaction; permit2?: Permit2Data | null }) | NoLiquidity;

type Liquid = Pick<LiquidPrice, 'liquidityAvailable' | 'allowanceTarget' | 'issues' | 'sellToken'>;

/** What to advise on. `tokenInfo` lets balances and allowances show in human units with their symbol. */
export interface AdviceInput {
  model: AllowanceModel;
  kind: 'price' | 'quote';
  body: AdviceBody;
  tokenInfo?: TokenInfo;
  /**
   * The taker that was sent: null or '' when none was. The service checks allowance and balance
   * only for a taker, so without one an absent `issues.allowance` proves nothing. Undefined: not
   * known to the caller (treated as sent).
   */
  taker?: string | null;
  /** The sellToken the request sent, when known: the token a Permit2 quote's permit should name. */
  sellToken?: string | null;
  /** The chainId the request sent, when known: the chain a Permit2 quote's permit should be signed for. */
  chainId?: number | null;
}

const CONTRACT_NAME: Record<AllowanceModel, string> = { 'allowance-holder': 'the Allowance Holder', permit2: 'Permit2' };

function same(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}

// Through the app's one formatter with the symbol; a token the app does not know stays in base units.
// `isNeed`: what the trade needs, read rounded up, as the spend bound it equals in an exact-out
// answer (maxSellAmount) is everywhere: cut, "needs 0.491044 WETH" sat below "Max sell 0.491045 WETH".
function amount(value: string, token: string, tokenInfo: TokenInfo | undefined, isNeed = false): AdviceAmount {
  const info = tokenInfo?.(token);
  if (!info || !/^[0-9]+$/.test(value)) return { text: `${value} base units`, base: value };
  return { text: isNeed ? formatUpperBound(value, info) : formatWithSymbol(value, info), base: value };
}

function adviceItem(code: AdviceCode, severity: AdviceItem['severity'], rule: number | null, ...parts: AdvicePart[]): AdviceItem {
  return { code, severity, rule, parts, text: parts.map((part) => (typeof part === 'string' ? part : part.text)).join('') };
}

function allowanceItems(input: AdviceInput, body: Liquid & { transaction?: Transaction }): AdviceItem[] {
  const contract = CONTRACT_NAME[input.model];
  const settler = body.transaction?.to;
  const nativeSold = same(body.sellToken, NATIVE_TOKEN_PLACEHOLDER);
  if (body.allowanceTarget === null && !body.issues.allowance) {
    const why = nativeSold ? 'native asset sold' : 'wrap or unwrap';
    return [adviceItem('NO_ALLOWANCE_NEEDED', 'info', nativeSold ? 2 : null, `No allowance needed: ${why}.`)];
  }
  const items: AdviceItem[] = [];
  const spender = body.issues.allowance?.spender ?? body.allowanceTarget!;
  if (body.issues.allowance) {
    const never = settler && !same(settler, spender) ? `never on the settler ${settler}` : 'never on the settler contract';
    const current = amount(body.issues.allowance.actual, body.sellToken, input.tokenInfo);
    items.push(adviceItem('SET_ALLOWANCE', 'action', 1, `Set the allowance on ${spender} (${contract}), ${never}. Current allowance: `, current, '.'));
  } else if (input.taker === null || input.taker === '') {
    items.push(adviceItem('ALLOWANCE_NOT_CHECKED', 'info', null, `Allowance on ${spender} (${contract}) not checked: no taker was sent, so the service could not look at one. Add a taker to check it.`));
  } else {
    items.push(adviceItem('ALLOWANCE_SUFFICIENT', 'info', 4, `The service found the taker's allowance on ${spender} (${contract}) sufficient: the answer reports no allowance issue (issues.allowance is null).`));
  }
  if (body.allowanceTarget && body.issues.allowance && !same(body.allowanceTarget, body.issues.allowance.spender)) {
    items.push(adviceItem('SPENDER_NOT_ALLOWANCE_TARGET', 'warning', 1, `issues.allowance.spender ${body.issues.allowance.spender} differs from allowanceTarget ${body.allowanceTarget}; the spec expects one contract.`));
  }
  return [...items, ...transactionTargetItems(input, body, spender)];
}

// Rules 2 and 3: where transaction.to must (AH) or must not (Permit2) point.
function transactionTargetItems(input: AdviceInput, body: Liquid & { transaction?: Transaction }, spender: string): AdviceItem[] {
  const to = body.transaction?.to;
  if (!to) return [];
  if (input.model === 'allowance-holder' && !same(to, spender)) {
    return [adviceItem('ALLOWANCE_HOLDER_NOT_TX_TO', 'warning', 2, `With Allowance Holder, transaction.to (${to}) should be the allowance contract ${spender} when a token is sold.`)];
  }
  if (input.model === 'permit2' && same(to, spender)) {
    return [adviceItem('PERMIT2_TX_TO_IS_SPENDER', 'warning', 3, `transaction.to is the Permit2 contract ${spender}; swap data should go to the settler.`)];
  }
  return [];
}

function balanceItems(input: AdviceInput, body: Liquid): AdviceItem[] {
  const balance = body.issues.balance;
  if (!balance) return [];
  const then = input.kind === 'price' ? 'do not request a quote' : 'the transaction cannot settle until the taker holds enough';
  // A known token is named by its amounts' symbol; an unknown one by its address, the only name there is.
  const which = input.tokenInfo?.(balance.token) ? '' : ` of token ${balance.token}`;
  const [has, needs] = [amount(balance.actual, balance.token, input.tokenInfo), amount(balance.expected, balance.token, input.tokenInfo, true)];
  return [adviceItem('BALANCE_TOO_LOW', 'action', input.kind === 'price' ? 4 : 6, `Balance too low${which}: has `, has, ', needs ', needs, `; ${then}.`)];
}

const PART_NAMES: Record<Exclude<SignedPart, 'calldataPermit'>, string> = { spender: 'spender', verifyingContract: 'verifyingContract', chainId: 'domain.chainId', token: 'permitted token', amount: 'permitted amount' };

const isAre = (names: string[]) => (names.length === 1 ? 'is' : 'are');

// "its spender is not this quote's", and for the calldata's permit the fields that differ from it:
// "its nonce, deadline are not the permit transaction.data carries".
function differingText(differing: readonly SignedPartCheck[]): string {
  const quoteParts = differing.flatMap((check) => (check.part === 'calldataPermit' ? [] : [PART_NAMES[check.part]]));
  const carried = differing.flatMap((check) => (check.part === 'calldataPermit' ? (check.fields ?? []).filter((field) => field.matches === false).map((field) => field.path.replace('message.', '')) : []));
  const clauses = [
    ...(quoteParts.length > 0 ? [`its ${quoteParts.join(', ')} ${isAre(quoteParts)} not this quote's`] : []),
    ...(carried.length > 0 ? [`its ${carried.join(', ')} ${isAre(carried)} not the permit transaction.data carries`] : []),
  ];
  return clauses.join(' and ');
}

function permit2Items(input: AdviceInput, body: AdviceBody & Liquid): AdviceItem[] {
  if (input.model !== 'permit2' || input.kind !== 'quote' || body.permit2 === undefined) return [];
  if (body.permit2 === null) return [adviceItem('NO_SIGNATURE_NEEDED', 'info', 3, 'No signature is needed: the answer carries no permit2 (it is null).')];
  // "Sign" would be advice to hand over a signature for another spender, contract, chain, token or
  // amount than this trade's, or one Permit2 rejects against the calldata's permit: the parts that
  // differ are named instead (permit2-signed-parts.ts).
  const differing = checkSignedParts(body.permit2.eip712, permitExpectationOf(body, { sellToken: input.sellToken, chainId: input.chainId })).filter((check) => check.matches === false);
  if (differing.length > 0) {
    return [adviceItem('PERMIT2_SIGNS_OTHER', 'warning', 3, `Do not sign permit2.eip712: ${differingText(differing)}, so the signature would not be for this trade (Permit2 EIP-712, below, names both values).`)];
  }
  return [adviceItem('SIGN_PERMIT2', 'action', 3, 'Sign permit2.eip712, then append the signature length and the signature to transaction.data before sending.')];
}

function otherIssueItems(body: Liquid): AdviceItem[] {
  const items: AdviceItem[] = [];
  if (body.issues.simulationIncomplete) {
    items.push(adviceItem('SIMULATION_INCOMPLETE', 'info', 4, 'simulationIncomplete may be ignored: the service could not fully validate the trade, which does not mean it will revert.'));
  }
  if (body.issues.invalidSourcesPassed.length > 0) {
    items.push(adviceItem('INVALID_SOURCES', 'warning', null, `excludedSources not recognised (ignored): ${body.issues.invalidSourcesPassed.join(', ')}.`));
  }
  return items;
}

/** The advice for one result, most urgent kinds first (actions, then warnings, then information). */
export function allowanceAdvice(input: AdviceInput): AdviceItem[] {
  const body = input.body;
  if (!body.liquidityAvailable) return [adviceItem('NO_LIQUIDITY', 'info', null, 'No liquidity for this trade: nothing to approve or sign.')];
  const items = [...allowanceItems(input, body), ...balanceItems(input, body), ...permit2Items(input, body), ...otherIssueItems(body)];
  const order = { action: 0, warning: 1, info: 2 };
  return items.sort((a, b) => order[a.severity] - order[b.severity]);
}
