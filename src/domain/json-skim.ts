/**
 * A look at the shape of a JSON text before parsing it (issue 17, "Hostile and huge files"): how
 * many entries its `log.entries` (HAR) or `entries` (the app's export) array holds and how many
 * objects and arrays it has in all, stopping as soon as a limit is passed. It builds nothing, so a
 * 4.8 MB file of 1.6 million empty entries is refused in milliseconds instead of exhausting the
 * heap in JSON.parse and validation. It does not validate: JSON.parse does that afterwards.
 */

/** Limits of skimJsonShape. */
export interface SkimLimits {
  maxEntries: number;
  maxContainers: number;
}

/** What the skim saw; `exceeded` names the limit passed (the counts then stop there). */
export interface JsonShape {
  entries: number;
  containers: number;
  exceeded: 'entries' | 'containers' | null;
}

const OBJECT = 0;
const ARRAY = 1;

// Index of the quote closing the string opened at `start` (a quote preceded by an even number of backslashes).
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslashes = 0;
    for (let at = quote - 1; text.charCodeAt(at) === 0x5c; at--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

// The entries array: root.entries (export) or root.log.entries (HAR).
function isEntriesArray(kinds: number[], keys: (string | null)[]): boolean {
  if (kinds.length === 1) return kinds[0] === OBJECT && keys[0] === 'entries';
  return kinds.length === 2 && kinds[0] === OBJECT && keys[0] === 'log' && kinds[1] === OBJECT && keys[1] === 'entries';
}

const DELIMITER = new Set([0x2c, 0x5d, 0x7d, 0x20, 0x0a, 0x0d, 0x09]);

/** Counts entries and containers of a JSON text, stopping at the first limit passed. */
export function skimJsonShape(text: string, limits: SkimLimits): JsonShape {
  const kinds: number[] = [];
  const expectKey: boolean[] = [];
  // The last key read in the objects at depth 1 and 2 (all the entries array's path needs).
  const keys: (string | null)[] = [null, null];
  let entriesDepth = -1;
  const shape: JsonShape = { entries: 0, containers: 0, exceeded: null };
  const valueStarts = () => {
    if (kinds.length === entriesDepth && ++shape.entries > limits.maxEntries) shape.exceeded = 'entries';
  };
  for (let i = 0; i < text.length && shape.exceeded === null; ) {
    const code = text.charCodeAt(i);
    const depth = kinds.length;
    if (code === 0x22) {
      const end = stringEnd(text, i);
      if (depth > 0 && kinds[depth - 1] === OBJECT && expectKey[depth - 1]) {
        expectKey[depth - 1] = false;
        if (depth <= 2) keys[depth - 1] = text.slice(i + 1, end);
      } else valueStarts();
      i = end + 1;
    } else if (code === 0x7b || code === 0x5b) {
      valueStarts();
      if (code === 0x5b && entriesDepth < 0 && isEntriesArray(kinds, keys)) entriesDepth = depth + 1;
      kinds.push(code === 0x7b ? OBJECT : ARRAY);
      expectKey.push(code === 0x7b);
      if (++shape.containers > limits.maxContainers) shape.exceeded = 'containers';
      i++;
    } else if (code === 0x7d || code === 0x5d) {
      kinds.pop();
      expectKey.pop();
      i++;
    } else if (code === 0x2c) {
      if (depth > 0 && kinds[depth - 1] === OBJECT) expectKey[depth - 1] = true;
      i++;
    } else if (code === 0x3a || DELIMITER.has(code)) i++;
    else {
      // A number, true, false or null: one value, up to the next delimiter.
      valueStarts();
      while (i < text.length && !DELIMITER.has(text.charCodeAt(i))) i++;
    }
  }
  return shape;
}
