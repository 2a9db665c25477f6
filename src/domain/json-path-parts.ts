/**
 * A JSON path as the diff builds it (`$.route.fills[0].source`, `$["svc-api-key"]`: json-diff.ts's
 * childPath) cut into the parts a narrow column may put on lines of their own. A line may end after
 * a key's dot ("$.route." / "fills[0]." / "source"), or before a quoted key ("$.headers" /
 * `["svc-api-key"]`), and nowhere else: never after the root's "$." (a lone "$." on a line names
 * nothing, and pushed the key it roots under it), never between a key and its index ("fills" /
 * "[0]"), never inside a quoted key, whatever dots or brackets it holds.
 */

// One step of a path: `.key`, `[3]`, or `["any key"]` (a JSON string, escapes included).
const STEP = /^(?:\.[A-Za-z_$][A-Za-z0-9_$]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])/;

/**
 * The parts of `path`, in order; joined they are `path`. A text that is not such a path (none
 * starts with "$") is one part, kept whole.
 */
export function jsonPathParts(path: string): string[] {
  if (!path.startsWith('$')) return [path];
  const steps: string[] = [];
  for (let rest = path.slice(1); rest !== ''; ) {
    const step = STEP.exec(rest)?.[0];
    if (step === undefined) return [path];
    steps.push(step);
    rest = rest.slice(step.length);
  }
  const parts = ['$'];
  for (const [index, step] of steps.entries()) {
    // A new line may start at a key, not at the first (it stays with "$") nor at an index.
    if (index === 0 || step.startsWith('[') && !step.startsWith('["')) parts[parts.length - 1] += step;
    else if (step.startsWith('.')) {
      parts[parts.length - 1] += '.';
      parts.push(step.slice(1));
    } else parts.push(step);
  }
  return parts;
}
