import { UsageError } from './parse-flags.ts';

/**
 * How the commands read a data folder's name, given or from the environment. An empty name is the
 * current folder to Node's path functions: `--data-dir "$DIR"` with DIR unset, or a variable set
 * to nothing, made the history, the runs and a new local-service key wherever the command was
 * typed, and lookups read only that folder. It imports only parse-flags.ts: serve uses it too and
 * keeps its start free of the other commands' modules.
 */

/**
 * The folder a variable names (SWAP_EXPLORER_DATA_DIR, SWAP_EXPLORER_USER_DATA), or undefined when
 * it is unset or empty: the app reads SWAP_EXPLORER_USER_DATA so, as Chromium reads XDG_CONFIG_HOME.
 */
export function folderFromEnv(name: string): string | undefined {
  return nonEmpty(process.env[name]);
}

/** A variable's value, or undefined when it is unset or empty (the rule for every folder variable here). */
export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** --data-dir's value as given (undefined: not given); empty is a UsageError. */
export function dataDirOption(text: string | undefined): string | undefined {
  if (text === '') throw new UsageError('--data-dir must not be empty: name the folder (a script\'s --data-dir "$DIR" with DIR unset gives an empty one)');
  return text;
}
