import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/**
 * The command line as every command reads it: Node's parseArgs, strict, with its errors said the
 * way the rest of the CLI says them (the flag first, then what to do). Only node:util here: serve
 * uses it too and keeps its start free of the other commands' modules.
 */

/** A bad command line; the message names the flag. Exit code 2. */
export class UsageError extends Error {}

/**
 * A number flag's text as the user may write it: decimal digits, a fraction after a point. Number()
 * alone reads "0x10" as 16, "1e3" as 1000 and " 5 " as 5, figures the user did not write.
 */
export const DECIMAL_NUMBER = /^[0-9]+(\.[0-9]+)?$/;

/** Parses strictly; an unknown, valueless or malformed flag is a UsageError naming it. */
export function parseCommandLine<T extends ParseArgsOptionsConfig>(argv: string[], options: T, allowPositionals = false) {
  const args = withNegativeValues(argv, options);
  const problem = firstProblem(args, options, allowPositionals);
  if (problem) throw new UsageError(problem);
  try {
    return parseArgs({ args, options, strict: true, allowPositionals });
  } catch (error) {
    // Only what firstProblem does not name reaches here (none is known): then in Node's own words.
    throw new UsageError((error as Error).message);
  }
}

/**
 * The first thing wrong with the command line, read from parseArgs's tokens rather than from the
 * text of its errors, which names the flag only in words Node may change: a flag no option has
 * (and the option it most likely meant), a flag without its value, a value given to a switch, a
 * flag of one value given twice, or an argument the command does not take. Null when strict
 * parsing will accept it.
 */
function firstProblem(args: string[], options: ParseArgsOptionsConfig, allowPositionals: boolean): string | null {
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  const given = new Map<string, string>();
  for (const token of tokens) {
    if (token.kind === 'positional') {
      if (!allowPositionals) return `Unexpected argument '${token.value}'; --help shows how the command is used`;
    } else if (token.kind === 'option') {
      const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
      if (!option) {
        const near = nearestOption(token.name, Object.keys(options));
        return `unknown option ${token.rawName}${near ? ` (did you mean --${near}?)` : ''}; --help lists the options`;
      }
      // As strict parsing judges it: a next argument that looks like a flag is a forgotten value
      // (a negative number was joined to its flag above), `-` alone is a value.
      const isValueMissing = token.value === undefined || (!token.inlineValue && token.value.length > 1 && token.value.startsWith('-'));
      if (option.type === 'string' && isValueMissing) return `${token.rawName} needs a value`;
      if (option.type === 'boolean' && token.value !== undefined) return `${token.rawName} does not take a value`;
      // parseArgs keeps the last of two values: `--amount 1 --amount 2` priced 2 without a word. A
      // flag of many values (`multiple`) takes each; a switch given twice says one thing.
      if (option.type === 'string' && !option.multiple) {
        const earlier = given.get(token.name);
        if (earlier !== undefined) return `${token.rawName} is given twice ("${earlier}" and "${token.value}"): give it once`;
        given.set(token.name, token.value!);
      }
    }
  }
  return null;
}

/**
 * The option a mistyped one most likely meant: at most two edits away (`--chain` for `--chains`,
 * `--model` for `--models`), the closest first; else the one option a flag cut short begins
 * (`--slippage` for `--slippage-bps`, whose unit was left off); none when nothing is that close.
 */
export function nearestOption(typed: string, names: readonly string[]): string | null {
  const lower = typed.toLowerCase();
  let best: { name: string; distance: number } | null = null;
  for (const name of names) {
    const distance = editDistance(lower, name);
    if (distance <= 2 && (best === null || distance < best.distance)) best = { name, distance };
  }
  if (best) return best.name;
  // Whole words only, and one option only: `--block` begins five options and means none of them.
  const begun = names.filter((name) => name.startsWith(`${lower}-`));
  return begun.length === 1 ? begun[0]! : null;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * `--amount -1` as `--amount=-1`. parseArgs takes a value that starts with a dash for a forgotten
 * argument and answers that the option is "ambiguous"; a negative number after a flag that takes
 * a value is that value, and then the flag's own check says what is wrong with it.
 */
function withNegativeValues(argv: string[], options: ParseArgsOptionsConfig): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index]!;
    const next = argv[index + 1];
    const takesValue = token.startsWith('--') && options[token.slice(2)]?.type === 'string';
    if (takesValue && next !== undefined && /^-[0-9.]/.test(next)) {
      joined.push(`${token}=${next}`);
      index += 1;
    } else {
      joined.push(token);
    }
  }
  return joined;
}
