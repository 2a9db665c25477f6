import type { EndpointId } from '../spec/index.ts';

/**
 * Validated queries by endpoint and raw query string. Checking a query against the spec is a pure
 * function of the two, and clients repeat queries (an integrator polling one pair, a load test's
 * few pairs), so a repeat reuses the validated object rather than running the schema again: about
 * a tenth of a cached answer's CPU. Only valid queries are kept; a refused one is checked afresh
 * each time (it throws before anything is stored). A kept query is frozen, since every request
 * that repeats it shares the one object. Bounded: when full, the oldest entry makes room.
 */
export class QueryMemo {
  readonly #entries = new Map<string, unknown>();
  readonly #maxEntries: number;

  constructor(maxEntries = 2_000) {
    this.#maxEntries = maxEntries;
  }

  /** The validated query for `raw` on `id`: remembered, or made by `validate` (which may throw) and kept. */
  validated(id: EndpointId, raw: string, validate: () => unknown): unknown {
    // Longer query strings are not kept: they are rarely repeated, and they would hold memory.
    if (raw.length > MAX_KEPT_LENGTH) return validate();
    const key = `${id}?${raw}`;
    const hit = this.#entries.get(key);
    if (hit !== undefined) return hit;
    const query = deepFreeze(validate());
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, query);
    return query;
  }

  /** How many queries are kept (for tests). */
  get size(): number {
    return this.#entries.size;
  }
}

const MAX_KEPT_LENGTH = 2_048;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
