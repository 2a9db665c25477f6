import type { z } from 'zod';
import type { HistorySearchInputSchema } from '../../src/ipc/channels/history.ts';
import type { EndpointId } from '../../src/spec/index.ts';

/** The history list's page size: a few screens of rows; more load as the list scrolls. */
const PAGE = 200;

/** The filter controls' values, as the form holds them: empty means "any". */
export interface HistoryFilterForm {
  /** `datetime-local` values, in the user's time zone. */
  from: string;
  to: string;
  chainId: string;
  endpoint: EndpointId | '';
  /** '', 'ok', 'error' or a status code. */
  status: string;
  errorName: string;
  token: string;
}

/** A form with every filter off. */
export function emptyFilters(): HistoryFilterForm {
  return { from: '', to: '', chainId: '', endpoint: '', status: '', errorName: '', token: '' };
}

/** history.search's input as the renderer builds it. */
export type SearchInput = z.input<typeof HistorySearchInputSchema>;

/**
 * The last instant a `datetime-local` value names: "To 18:00" takes in the whole minute and
 * "To 18:00:05" the whole second, as the list shows each entry to the second ("18:00:05"), while
 * entries are timed to the millisecond: read as 18:00:00.000, it left out every entry shown in it.
 */
function endOfStatedTime(value: string): Date {
  const unitMs = /T\d\d:\d\d$/.test(value) ? 60_000 : /:\d\d$/.test(value) ? 1_000 : 1;
  return new Date(new Date(value).getTime() + unitMs - 1);
}

/** The search input for the text and filters; the engine validates it again and names a bad field. */
export function searchInput(text: string, form: HistoryFilterForm): SearchInput {
  const input: SearchInput = { limit: PAGE };
  const trimmed = text.trim();
  if (trimmed) input.text = trimmed;
  // A datetime-local value has no zone: the Date constructor reads it as local time, as the user meant.
  if (form.from) input.from = new Date(form.from).toISOString();
  if (form.to) input.to = endOfStatedTime(form.to).toISOString();
  if (form.chainId) input.chainId = Number(form.chainId);
  if (form.endpoint) input.endpoint = form.endpoint;
  if (form.status) input.status = form.status === 'ok' || form.status === 'error' ? form.status : Number(form.status);
  if (form.errorName.trim()) input.errorName = form.errorName.trim();
  if (form.token.trim()) input.token = form.token.trim();
  return input;
}
