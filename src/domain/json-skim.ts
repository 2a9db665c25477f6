/**
 * A look at the shape of a JSON text before parsing it (issue 17, "Hostile and huge files"): where
 * each entry of its `log.entries` (HAR) or `entries` (the app's export) array starts and ends, and
 * how many objects and arrays it holds, stopping as soon as a limit is passed. It builds nothing,
 * so a file of 1.6 million empty entries is refused before any of them is parsed, and each entry
 * can then be parsed on its own: memory stays that of one entry, not of the whole tree. It does not
 * validate: JSON.parse does that on the parts.
 */

/** Limits of skimJsonShape. */
export interface SkimLimits {
  maxEntries: number;
  /** Most objects and arrays in the whole text. */
  maxContainers: number;
  /** Most objects and arrays in one entry. */
  maxEntryContainers: number;
  /** Most objects and arrays outside the entries array (the envelope). */
  maxEnvelopeContainers: number;
}

/** What the skim saw; `exceeded` names the limit passed (the counts then stop there). */
export interface JsonShape {
  entries: number;
  containers: number;
  exceeded: 'entries' | 'containers' | 'entry-containers' | 'envelope-containers' | null;
  /** The entry that passed maxEntryContainers. */
  exceededAt: number | null;
  /** Start and end (exclusive) offsets of the entries array, brackets included; null when there is none. */
  entriesArray: [number, number] | null;
  /** Start and end (exclusive) offsets of each entry, two numbers per entry. */
  entrySpans: number[];
}

const OBJECT = 0;
const ARRAY = 1;
// Characters that end a number, true, false or null.
const ENDS_VALUE = new Uint8Array(128);
for (const ch of ', ]}\n\r\t') ENDS_VALUE[ch.charCodeAt(0)] = 1;

// Index of the quote closing the string opened at `start` (a quote preceded by an even number of backslashes).
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length - 1;
    let backslashes = 0;
    for (let at = quote - 1; text.charCodeAt(at) === 0x5c; at--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

// The entries array: root.entries (export) or root.log.entries (HAR).
function isEntriesArray(kinds: Uint8Array, depth: number, keys: (string | null)[]): boolean {
  if (depth === 1) return kinds[0] === OBJECT && keys[0] === 'entries';
  return depth === 2 && kinds[0] === OBJECT && keys[0] === 'log' && kinds[1] === OBJECT && keys[1] === 'entries';
}

class Skim {
  // Stacks of the open containers, as bytes (the depth never passes the container limit).
  readonly kinds: Uint8Array;
  readonly expectKey: Uint8Array;
  depth = 0;
  // The last key read in the objects at depth 1 and 2 (all the entries array's path needs).
  readonly keys: (string | null)[] = [null, null];
  entriesDepth = -1;
  entryStart = -1;
  entryContainers = 0;
  outside = 0;
  readonly shape: JsonShape = { entries: 0, containers: 0, exceeded: null, exceededAt: null, entriesArray: null, entrySpans: [] };

  readonly limits: SkimLimits;

  constructor(limits: SkimLimits) {
    this.limits = limits;
    this.kinds = new Uint8Array(limits.maxContainers + 2);
    this.expectKey = new Uint8Array(limits.maxContainers + 2);
  }

  valueStart(at: number): void {
    if (this.depth !== this.entriesDepth) return;
    if (++this.shape.entries > this.limits.maxEntries) this.shape.exceeded = 'entries';
    this.entryStart = at;
    this.entryContainers = 0;
  }

  // A value ended at `end` (exclusive): when it was an entry, its span is recorded.
  valueEnd(end: number): void {
    if (this.depth === this.entriesDepth) this.shape.entrySpans.push(this.entryStart, end);
  }

  open(code: number, at: number): void {
    this.valueStart(at);
    if (code === 0x5b && this.shape.entriesArray === null && this.entriesDepth < 0 && isEntriesArray(this.kinds, this.depth, this.keys)) {
      this.entriesDepth = this.depth + 1;
      this.shape.entriesArray = [at, -1];
    }
    this.kinds[this.depth] = code === 0x7b ? OBJECT : ARRAY;
    this.expectKey[this.depth] = code === 0x7b ? 1 : 0;
    this.depth++;
    this.count();
  }

  count(): void {
    const { shape, limits } = this;
    if (++shape.containers > limits.maxContainers) shape.exceeded = 'containers';
    if (this.entriesDepth > 0 && this.depth > this.entriesDepth) {
      if (++this.entryContainers > limits.maxEntryContainers) {
        shape.exceeded = 'entry-containers';
        shape.exceededAt = shape.entries - 1;
      }
    } else if (++this.outside > limits.maxEnvelopeContainers) shape.exceeded = 'envelope-containers';
  }

  close(at: number): void {
    if (this.depth > 0) this.depth--;
    if (this.shape.entriesArray !== null && this.shape.entriesArray[1] < 0 && this.depth === this.entriesDepth - 1) {
      this.shape.entriesArray[1] = at + 1;
      this.entriesDepth = -2;
    } else this.valueEnd(at + 1);
  }

  string(text: string, at: number): number {
    const end = stringEnd(text, at);
    const depth = this.depth;
    if (depth > 0 && this.kinds[depth - 1] === OBJECT && this.expectKey[depth - 1] === 1) {
      this.expectKey[depth - 1] = 0;
      if (depth <= 2) this.keys[depth - 1] = text.slice(at + 1, end);
    } else {
      this.valueStart(at);
      this.valueEnd(end + 1);
    }
    return end + 1;
  }
}

/** Finds the entries and counts containers of a JSON text, stopping at the first limit passed. */
export function skimJsonShape(text: string, limits: SkimLimits): JsonShape {
  const skim = new Skim(limits);
  const length = text.length;
  let i = 0;
  while (i < length && skim.shape.exceeded === null) {
    const code = text.charCodeAt(i);
    if (code === 0x22) i = skim.string(text, i);
    else if (code === 0x7b || code === 0x5b) skim.open(code, i++);
    else if (code === 0x7d || code === 0x5d) skim.close(i++);
    else if (code === 0x2c) {
      const depth = skim.depth;
      if (depth > 0 && skim.kinds[depth - 1] === OBJECT) skim.expectKey[depth - 1] = 1;
      i++;
    } else if (code === 0x3a || code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) i++;
    else {
      // A number, true, false or null: one value, up to the next delimiter.
      const start = i;
      while (i < length && !(text.charCodeAt(i) < 128 && ENDS_VALUE[text.charCodeAt(i)] === 1)) i++;
      skim.valueStart(start);
      skim.valueEnd(i);
    }
  }
  return skim.shape;
}
