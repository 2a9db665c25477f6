import { NATIVE_TOKEN_PLACEHOLDER, type LiquidPrice, type NoLiquidity, type Permit2Data, type Transaction } from '../spec/index.ts';
import type { AllowanceModel } from './compare.ts';
import { formatTokenAmount } from './number-format.ts';

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
  | 'NO_SIGNATURE_NEEDED'
  | 'SIMULATION_INCOMPLETE'
  | 'INVALID_SOURCES';

/** One piece of advice; `rule` is the number of the spec rule it applies, when there is one. */
export interface AdviceItem {
  code: AdviceCode;
  severity: 'action' | 'warning' | 'info';
  text: string;
  rule: number | null;
}

/**
 * A price or quote body of either model, exact-in or exact-out: the rules read only the allowance,
 * the issues, the sell token and, on quotes, the transaction and permit2.
 */
export type AdviceBody = (Liquid & { transaction?: Transaction; permit2?: Permit2Data | null }) | NoLiquidity;

type Liquid = Pick<LiquidPrice, 'liquidityAvailable' | 'allowanceTarget' | 'issues' | 'sellToken'>;

/** What to advise on. `sellDecimals` lets balances and allowances show in human units. */
export interface AdviceInput {
  model: AllowanceModel;
  kind: 'price' | 'quote';
  body: AdviceBody;
  sellDecimals?: number;
  /**
   * The taker that was sent: null or '' when none was. The service checks allowance and balance
   * only for a taker, so without one an absent `issues.allowance` proves nothing. Undefined: not
   * known to the caller (treated as sent).
   */
  taker?: string | null;
}

const CONTRACT_NAME: Record<AllowanceModel, string> = { 'allowance-holder': 'the Allowance Holder', permit2: 'Permit2' };

function same(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}

function amount(value: string, decimals: number | undefined): string {
  return decimals === undefined ? `${value} base units` : formatTokenAmount(value, decimals);
}

function allowanceItems(input: AdviceInput, body: Liquid & { transaction?: Transaction }): AdviceItem[] {
  const contract = CONTRACT_NAME[input.model];
  const settler = body.transaction?.to;
  const nativeSold = same(body.sellToken, NATIVE_TOKEN_PLACEHOLDER);
  if (body.allowanceTarget === null && !body.issues.allowance) {
    const why = nativeSold ? 'native asset sold' : 'wrap or unwrap';
    return [{ code: 'NO_ALLOWANCE_NEEDED', severity: 'info', text: `No allowance needed: ${why}.`, rule: nativeSold ? 2 : null }];
  }
  const items: AdviceItem[] = [];
  const spender = body.issues.allowance?.spender ?? body.allowanceTarget!;
  if (body.issues.allowance) {
    const never = settler && !same(settler, spender) ? `never on the settler ${settler}` : 'never on the settler contract';
    const current = amount(body.issues.allowance.actual, input.sellDecimals);
    items.push({ code: 'SET_ALLOWANCE', severity: 'action', text: `Set the allowance on ${spender} (${contract}), ${never}. Current allowance: ${current}.`, rule: 1 });
  } else if (input.taker === null || input.taker === '') {
    items.push({ code: 'ALLOWANCE_NOT_CHECKED', severity: 'info', text: `Allowance on ${spender} (${contract}) not checked: no taker was sent, so the service could not look at one. Add a taker to check it.`, rule: null });
  } else {
    items.push({ code: 'ALLOWANCE_SUFFICIENT', severity: 'info', text: `The allowance on ${spender} (${contract}) is sufficient.`, rule: 4 });
  }
  if (body.allowanceTarget && body.issues.allowance && !same(body.allowanceTarget, body.issues.allowance.spender)) {
    items.push({
      code: 'SPENDER_NOT_ALLOWANCE_TARGET',
      severity: 'warning',
      text: `issues.allowance.spender ${body.issues.allowance.spender} differs from allowanceTarget ${body.allowanceTarget}; the spec expects one contract.`,
      rule: 1,
    });
  }
  return [...items, ...transactionTargetItems(input, body, spender)];
}

// Rules 2 and 3: where transaction.to must (AH) or must not (Permit2) point.
function transactionTargetItems(input: AdviceInput, body: Liquid & { transaction?: Transaction }, spender: string): AdviceItem[] {
  const to = body.transaction?.to;
  if (!to) return [];
  if (input.model === 'allowance-holder' && !same(to, spender)) {
    return [{ code: 'ALLOWANCE_HOLDER_NOT_TX_TO', severity: 'warning', text: `With Allowance Holder, transaction.to (${to}) should be the allowance contract ${spender} when a token is sold.`, rule: 2 }];
  }
  if (input.model === 'permit2' && same(to, spender)) {
    return [{ code: 'PERMIT2_TX_TO_IS_SPENDER', severity: 'warning', text: `transaction.to is the Permit2 contract ${spender}; swap data should go to the settler.`, rule: 3 }];
  }
  return [];
}

function balanceItems(input: AdviceInput, body: Liquid): AdviceItem[] {
  const balance = body.issues.balance;
  if (!balance) return [];
  const figures = `${amount(balance.actual, input.sellDecimals)} < ${amount(balance.expected, input.sellDecimals)}`;
  const then = input.kind === 'price' ? 'do not request a quote' : 'the transaction cannot settle until the taker holds enough';
  return [{ code: 'BALANCE_TOO_LOW', severity: 'action', text: `Balance too low: ${figures} of ${balance.token}; ${then}.`, rule: input.kind === 'price' ? 4 : 6 }];
}

function permit2Items(input: AdviceInput, body: AdviceBody & Liquid): AdviceItem[] {
  if (input.model !== 'permit2' || input.kind !== 'quote' || body.permit2 === undefined) return [];
  if (body.permit2 === null) return [{ code: 'NO_SIGNATURE_NEEDED', severity: 'info', text: 'permit2 is null: no signature is needed.', rule: 3 }];
  return [{ code: 'SIGN_PERMIT2', severity: 'action', text: 'Sign permit2.eip712, then append the signature length and the signature to transaction.data before sending.', rule: 3 }];
}

function otherIssueItems(body: Liquid): AdviceItem[] {
  const items: AdviceItem[] = [];
  if (body.issues.simulationIncomplete) {
    items.push({ code: 'SIMULATION_INCOMPLETE', severity: 'info', text: 'simulationIncomplete may be ignored: the service could not fully validate the trade, which does not mean it will revert.', rule: 4 });
  }
  if (body.issues.invalidSourcesPassed.length > 0) {
    items.push({ code: 'INVALID_SOURCES', severity: 'warning', text: `excludedSources not recognised (ignored): ${body.issues.invalidSourcesPassed.join(', ')}.`, rule: null });
  }
  return items;
}

/** The advice for one result, most urgent kinds first (actions, then warnings, then information). */
export function allowanceAdvice(input: AdviceInput): AdviceItem[] {
  const body = input.body;
  if (!body.liquidityAvailable) return [{ code: 'NO_LIQUIDITY', severity: 'info', text: 'No liquidity for this trade: nothing to approve or sign.', rule: null }];
  const items = [...allowanceItems(input, body), ...balanceItems(input, body), ...permit2Items(input, body), ...otherIssueItems(body)];
  const order = { action: 0, warning: 1, info: 2 };
  return items.sort((a, b) => order[a.severity] - order[b.severity]);
}
