import type { FieldError } from '../spec/index.ts';

/**
 * Lists in a query string. The spec takes several values of swapFeeRecipient, swapFeeBps,
 * swapFeeToken and excludedSources as one parameter, comma-separated. HTTP clients send a list
 * otherwise by default (axios and qs: `excludedSources[]=RFQ&excludedSources[]=Curve`; others repeat
 * the name), which the service refuses: the reason then shows the one parameter to send.
 */

const COMMA_LISTS = new Set(['excludedSources', 'swapFeeRecipient', 'swapFeeBps', 'swapFeeToken']);
// `name[]` (axios, qs, PHP) and `name[0]` (qs with indices).
const ARRAY_KEY = /^([A-Za-z]+)\[\d*\]$/;

function commaForm(name: string, values: string[]): string {
  return `${name}=${values.join(',').slice(0, 200)}`;
}

/** The INPUT_INVALID details of a query's repeated and array-style parameters, in the order they came. */
export function repeatedOrArrayDetails(entries: readonly (readonly [string, string])[]): FieldError[] {
  const byKey = new Map<string, string[]>();
  for (const [key, value] of entries) byKey.set(key, [...(byKey.get(key) ?? []), value]);
  const details: FieldError[] = [];
  for (const [key, values] of byKey) {
    const base = ARRAY_KEY.exec(key)?.[1];
    if (base !== undefined && COMMA_LISTS.has(base)) {
      details.push({ field: key, reason: `is not a parameter of this endpoint: it takes no arrays; send ${base} once, its items separated by commas: ${commaForm(base, values)}` });
    } else if (values.length > 1) {
      const hint = COMMA_LISTS.has(key) ? `; a list goes in one ${key}, its items separated by commas: ${commaForm(key, values)}` : '';
      details.push({ field: key, reason: `is given more than once${hint}` });
    }
  }
  return details;
}
