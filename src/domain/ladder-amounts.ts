import { MAX_LADDER_AMOUNTS } from './ladder.ts';

/**
 * A ladder's amount list as a person types it ("100, 1000 10000"): items separated by commas or
 * white space, each a plain decimal in human units of the sell token. Thousands commas are not
 * allowed inside an item because the comma separates items (as in `--amounts 100,1000`).
 * Too many decimals depends on each chain's sell-token decimals and is checked by the plan.
 */

/** An amount list that could not be read: the reason names the item. */
export interface AmountListProblem {
  reason: string;
}

const DECIMAL = /^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;

/** The canonical form of a plain decimal (no leading or trailing zeros), to spot duplicates. */
export function canonicalAmount(text: string): string {
  const [whole = '', fraction = ''] = text.split('.');
  const head = whole.replace(/^0+/, '') || '0';
  const tail = fraction.replace(/0+$/, '');
  return tail ? `${head}.${tail}` : head;
}

/**
 * Checks already split items: not empty, plain numbers, above zero, at most MAX_LADDER_AMOUNTS,
 * no value twice ("1000" and "1000.0" are the same size). Returns the first problem or null.
 */
export function amountItemsProblem(items: readonly string[]): AmountListProblem | null {
  if (items.length === 0) return { reason: 'enter at least one amount' };
  if (items.length > MAX_LADDER_AMOUNTS) return { reason: `holds ${items.length} amounts; at most ${MAX_LADDER_AMOUNTS}` };
  const seen = new Map<string, number>();
  for (const [index, raw] of items.entries()) {
    const item = raw.trim();
    const place = `item ${index + 1}`;
    if (item === '') return { reason: `${place} is empty` };
    if (!DECIMAL.test(item)) return { reason: `${place} "${item}" is not a number (digits and one decimal point, no thousands commas)` };
    const canonical = canonicalAmount(item);
    if (canonical === '0') return { reason: `${place} "${item}" must be greater than zero` };
    const earlier = seen.get(canonical);
    if (earlier !== undefined) return { reason: `${place} "${item}" repeats item ${earlier + 1}` };
    seen.set(canonical, index);
  }
  return null;
}

/** Splits typed text into items; an empty item between two separators is kept so it can be named. */
export function splitAmountList(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  return trimmed.split(/\s*,\s*|\s+/);
}

/** Reads a typed amount list: the trimmed items, or the first problem. */
export function parseAmountList(text: string): { ok: true; amounts: string[] } | { ok: false; problem: AmountListProblem } {
  const items = splitAmountList(text);
  const problem = amountItemsProblem(items);
  return problem ? { ok: false, problem } : { ok: true, amounts: items.map((item) => item.trim()) };
}
