import { formatHumanAmount } from '../../../src/domain/number-format.ts';
import { shortAddress } from '../../../src/domain/address-text.ts';
import type { CompareRequest, TokenOverride } from '../../../src/ipc/channels/compare.ts';

/**
 * What the Compare form now asks for that the run on screen did not: the figures on screen belong
 * to the run's request, so once the form moves on, the screen says in what (FormChangedNote), and
 * running runs the form. Used by both modes: a comparison's amount, a ladder's amounts.
 */

/** A trade as the form or a run's request states it. */
export interface TradeFields {
  /** The profile the run used, or the form's choice ('' while the form has none). */
  profileId: string;
  sell: string;
  buy: string;
  /** The amount, or a ladder's amounts, in human units as typed. */
  sizes: readonly string[];
  chains: readonly number[];
  models: readonly string[];
  taker?: string;
  slippageBps?: number | string;
  swapFeeBps?: number | string;
  swapFeeRecipient?: string;
  overrides: readonly TokenOverride[];
}

const text = (value: number | string | undefined) => (value === undefined ? '' : String(value).trim().toLowerCase());
const sorted = (values: readonly (number | string)[]) => [...values].map(String).sort().join(',');
// An amount as the number it states: "1000", "1,000", "1000.00" and "01000" price the same base
// units on every chain, so none of them is a change; text that is not a plain decimal stays as typed.
function amountKey(value: string): string {
  const plain = value.trim().replace(/,/g, '');
  const match = /^([0-9]+)(?:\.([0-9]*))?$/.exec(plain);
  if (!match) return formatHumanAmount(value);
  const whole = match[1]!.replace(/^0+(?=[0-9])/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}
const overridesKey = (overrides: readonly TokenOverride[]) =>
  overrides.map((item) => [item.chainId, item.side, item.address.toLowerCase(), item.decimals ?? '', item.symbol ?? ''].join(':')).sort().join('|');

/**
 * The parts of the trade the form changed since the run, in the form's words ("amount",
 * "chains", …); empty while the form still describes the run. Symbols and addresses compare
 * without letter case; amounts as numbers are read ("1000" is "1,000" and "1000.00").
 */
export function formChanges(run: TradeFields, form: TradeFields, sizeName: 'amount' | 'amounts'): string[] {
  const checks: [string, boolean][] = [
    ['profile', form.profileId !== '' && form.profileId !== run.profileId],
    ['pair', text(form.sell) !== text(run.sell) || text(form.buy) !== text(run.buy)],
    [sizeName, form.sizes.map(amountKey).join(',') !== run.sizes.map(amountKey).join(',')],
    ['chains', sorted(form.chains) !== sorted(run.chains)],
    ['models', sorted(form.models) !== sorted(run.models)],
    ['taker', text(form.taker) !== text(run.taker)],
    ['slippage', text(form.slippageBps) !== text(run.slippageBps)],
    ['integrator fee', text(form.swapFeeBps) !== text(run.swapFeeBps) || text(form.swapFeeRecipient) !== text(run.swapFeeRecipient)],
    ['address overrides', overridesKey(form.overrides) !== overridesKey(run.overrides)],
  ];
  return checks.filter(([, isChanged]) => isChanged).map(([name]) => name);
}

/**
 * What the run used of the settings the form changed, in words ("slippage 30 bps", "no taker"):
 * the caption names the run's amount, pair, chains and models, but nothing on screen named its
 * profile, taker, slippage or fee once the form said other ones, and its min buys are after that
 * slippage, its buys after that fee, its issues checked for that taker. Empty for other changes.
 */
export function ranWith(run: TradeFields, changes: readonly string[], profileName: (profileId: string) => string | null): string[] {
  const has = (value: number | string | undefined) => value !== undefined && String(value).trim() !== '';
  const words: Record<string, () => string> = {
    profile: () => `profile ${profileName(run.profileId) ?? run.profileId}`,
    taker: () => (has(run.taker) ? `taker ${shortAddress(String(run.taker))}` : 'no taker'),
    slippage: () => (has(run.slippageBps) ? `slippage ${String(run.slippageBps)} bps` : "the service's default slippage"),
    'integrator fee': () => (has(run.swapFeeBps) ? `integrator fee ${String(run.swapFeeBps)} bps to ${shortAddress(String(run.swapFeeRecipient ?? ''))}` : 'no integrator fee'),
  };
  return changes.filter((change) => Object.hasOwn(words, change)).map((change) => words[change]!());
}

/**
 * A run's trade: its request with the profile it used and its sizes. A request without chains
 * (a run the engine gave its default chains) is read as the chains of its rows.
 */
export function tradeOfRun(request: Omit<CompareRequest, 'amount'>, profileId: string, sizes: readonly string[], rows: readonly { chainId: number }[]): TradeFields {
  return { ...request, profileId, sizes, chains: request.chains ?? [...new Set(rows.map((row) => row.chainId))] };
}

/**
 * The errors of a refused start that still stand: those whose field the form holds as it was sent
 * (compared as sent, the chain list and overrides included). An error whose field was changed since
 * would read as the new value's; an error on a field the request does not carry stays.
 */
export function standingErrors(errors: Readonly<Record<string, string>>, refused: object, form: object): Record<string, string> {
  const valueOf = (request: object, field: string) => JSON.stringify((request as Record<string, unknown>)[field]);
  return Object.fromEntries(Object.entries(errors).filter(([field]) => valueOf(refused, field) === valueOf(form, field)));
}
