import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/**
 * The command line as every command reads it: Node's parseArgs, strict, with its errors said the
 * way the rest of the CLI says them (the flag first, then what to do). Only node:util here: serve
 * uses it too and keeps its start free of the other commands' modules.
 */

/** A bad command line; the message names the flag. Exit code 2. */
export class UsageError extends Error {}

/** Parses strictly; an unknown, valueless or malformed flag is a UsageError naming it. */
export function parseCommandLine<T extends ParseArgsOptionsConfig>(argv: string[], options: T, allowPositionals = false) {
  try {
    return parseArgs({ args: withNegativeValues(argv, options), options, strict: true, allowPositionals });
  } catch (error) {
    throw new UsageError(parseErrorText(error as Error & { code?: string }, options));
  }
}

function parseErrorText(error: Error & { code?: string }, options: ParseArgsOptionsConfig): string {
  const flag = /'(-{1,2}[^' ]+)/.exec(error.message)?.[1];
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag) {
    const near = nearestOption(flag.replace(/^-+/, ''), Object.keys(options));
    return `unknown option ${flag}${near ? ` (did you mean --${near}?)` : ''}; --help lists the options`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag && /argument missing/.test(error.message)) return `${flag} needs a value`;
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `${error.message.split('.')[0]}; --help shows how the command is used`;
  return error.message;
}

/**
 * The option a mistyped one most likely meant: at most two edits away (`--chain` for `--chains`,
 * `--model` for `--models`), the closest first; none when nothing is that close.
 */
export function nearestOption(typed: string, names: readonly string[]): string | null {
  let best: { name: string; distance: number } | null = null;
  for (const name of names) {
    const distance = editDistance(typed.toLowerCase(), name);
    if (distance <= 2 && (best === null || distance < best.distance)) best = { name, distance };
  }
  return best?.name ?? null;
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
