import type { HistoryEntry } from '../../src/ipc/schemas/history-entry.ts';

/**
 * One side of a diff: a history entry, or the customer's response as pasted (which has no id,
 * no time of ours and may have no zid). The diff view only needs these fields, so both fit.
 */
export interface DiffSide {
  /** The history entry's id; null for a pasted response. */
  id: number | null;
  /** How the side is named in the diff ("#12", "Customer's response"). */
  label: string;
  zid: string | null;
  endpoint: string;
  status: number | null;
  startedAt: string | null;
  chainId: number | null;
  query: Record<string, string>;
  /** The body parsed as JSON, or its text when it is not JSON. */
  body: unknown;
  /** True for what the customer saw (pasted or imported): shown as "before" in a diff. */
  isCustomer: boolean;
  /** The entry this side replays, if any: the diff is then the original against its replay. */
  replayOf?: number | null;
}

/** A history entry as a diff side. */
export function sideOfEntry(entry: HistoryEntry): DiffSide {
  return {
    id: entry.id,
    label: `#${entry.id}${entry.origin === 'imported' ? ' (imported)' : ''}`,
    zid: entry.zid,
    endpoint: entry.endpoint,
    status: entry.status,
    startedAt: entry.startedAt,
    chainId: entry.chainId,
    query: entry.query,
    body: entry.body ?? entry.bodyText,
    isCustomer: entry.origin === 'imported',
    replayOf: entry.replayOf,
  };
}

/** The customer's pasted response (with the request it answered) as a diff side. */
export function customerSide(input: { endpoint: string; query: Record<string, string>; body: unknown; zid: string | null }): DiffSide {
  const chain = Number(input.query.chainId);
  return { id: null, label: "Customer's response", zid: input.zid, endpoint: input.endpoint, status: null, startedAt: null, chainId: Number.isInteger(chain) ? chain : null, query: input.query, body: input.body, isCustomer: true };
}

/** The two sides in diff order: the customer's first, else the older entry first. */
export function orderSides(a: DiffSide, b: DiffSide): [DiffSide, DiffSide] {
  if (a.isCustomer !== b.isCustomer) return a.isCustomer ? [a, b] : [b, a];
  return (a.id ?? 0) <= (b.id ?? 0) ? [a, b] : [b, a];
}
