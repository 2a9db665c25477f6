import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ParseArgsOptionsConfig } from 'node:util';
import type { z } from 'zod';
import { CompareRequestSchema, unsavedReason, type CompareRequest, type CompareRequestInput, type RunStatus } from '../ipc/channels/compare.ts';
import { isAppError } from '../ipc/result.ts';
import { chainById } from '../domain/chains.ts';
import type { ExportProfile } from '../domain/compare-export.ts';
import { chainIdFromName, historicalChainName } from '../domain/support/chain-names.ts';
import { showTerminalControls, stripTerminalControls } from '../domain/support/terminal-safe.ts';
import { toFieldErrors, type FieldError } from '../spec/index.ts';
import type { CommandIo } from './command.ts';
import { openCliEngine } from './compare-engine.ts';
import { parseCommandLine, UsageError } from './parse-flags.ts';
import { dataDirOption, folderFromEnv } from './data-dir-names.ts';
import type { StoredRun } from '../core/compare/run-store.ts';
import { planComparison } from '../core/compare/plan.ts';
import { buildRow } from '../core/compare/build-row.ts';
import { wasInterrupted, watchInterrupt, type InterruptWatch } from './interrupt.ts';

/** What `compare` and `price` share: input checking with flag names, the run, and exit codes. */

export { UsageError } from './parse-flags.ts';

/** Parses flags strictly (no positionals); an unknown or malformed flag is a UsageError. */
export function parseFlags<T extends ParseArgsOptionsConfig>(argv: string[], options: T) {
  return parseCommandLine(argv, options).values;
}

/** A flag that must be given and not blank. */
export function requiredFlag(name: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** A flag that takes one of a few words, with its default when absent. */
export function choiceFlag<C extends string>(name: string, value: string | undefined, allowed: readonly C[], fallback: C): C {
  const chosen = value ?? fallback;
  if (!(allowed as readonly string[]).includes(chosen)) throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${chosen}"`);
  return chosen as C;
}

// Request fields -> the flags that set them, so every message names what the user typed.
const FLAG_OF: Record<string, string> = {
  sell: '--sell', buy: '--buy', amount: '--amount', amounts: '--amounts', chains: '--chains', models: '--models', taker: '--taker',
  slippageBps: '--slippage-bps', swapFeeBps: '--swap-fee-bps', swapFeeRecipient: '--swap-fee-recipient', profileId: '--profile',
  chainId: '--chain', sellToken: '--sell', buyToken: '--buy', sellAmount: '--amount',
};

/** The flag a `{field}` stands for (`chains.2` -> `--chains`). */
export function flagOf(field: string, single = false): string {
  const head = field.split('.')[0] ?? field;
  if (single && head === 'chains') return '--chain';
  if (single && head === 'models') return '--model';
  return FLAG_OF[head] ?? field;
}

/** One line naming the flag and the reason. */
export function usageLine(errors: readonly FieldError[], single = false): string {
  const first = errors[0];
  return first ? `${flagOf(first.field, single)} ${first.reason}` : 'invalid input';
}

/**
 * A whole-number flag in decimal digits, or UsageError naming it. Nothing else, spaces included:
 * Number() reads "0x10" as 16 and "1e3" as 1000, a figure the user did not write.
 */
export function integerFlag(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]+$/.test(text)) throw new UsageError(`--${name} must be a whole number, got "${text}"`);
  return Number(text);
}

// "base" is what people type for a chain (the service itself answers chainId=base with its list):
// the refusal gives each name's id, as src/domain/support/chain-names.ts knows it.
function chainIdsOfNames(items: string[]): string | null {
  const named = items.flatMap((item) => {
    const chainId = /^[0-9]+$/.test(item) ? undefined : chainIdFromName(item);
    return chainId === undefined ? [] : [`"${item}" is ${chainId} (${chainById(chainId)?.name ?? historicalChainName(chainId) ?? `chain ${chainId}`})`];
  });
  return named.length > 0 ? named.join(', ') : null;
}

/**
 * A comma list of chain ids, or UsageError. `isSingle`: the flag takes one id (price, explain), so
 * its refusal does not ask for a list; whether a list holds one id is the caller's to check.
 */
export function chainList(name: string, text: string | undefined, isSingle = false): number[] | undefined {
  if (text === undefined) return undefined;
  const items = text.split(',').map((item) => item.trim());
  if (items.every((item) => /^[0-9]+$/.test(item))) return items.map(Number);
  const names = chainIdsOfNames(items);
  if (names) throw new UsageError(`--${name} takes ${isSingle ? 'a chain id, not a name' : 'chain ids, not names'}: ${names}`);
  throw new UsageError(isSingle ? `--${name} must be a chain id such as 1, 8453 or 42161, got "${text}"` : `--${name} must be chain ids separated by commas (e.g. 1,8453,42161), got "${text}"`);
}

/** Checks the request with the channel's own schema; UsageError names the flag. */
export function parseRequest(input: CompareRequestInput, single = false): CompareRequest {
  const parsed = CompareRequestSchema.safeParse(input);
  if (!parsed.success) throw new UsageError(usageLine(toFieldErrors(parsed.error as z.ZodError, input), single));
  return parsed.data;
}

/** A finished run and each row's bodies. */
export interface FinishedRun {
  status: RunStatus;
  details: StoredRun['details'];
  /** The profile the run priced with, as its CSV and JSON name it. */
  profile: ExportProfile;
  /** SIGINT (Ctrl-C) came during the run (interrupt.ts): it cancelled the run, and in a terminal it also stopped the local service. */
  isInterrupted: boolean;
}

/** Where the CLI keeps its runs (and the local service's certificate). */
export function defaultDataDir(): string {
  return folderFromEnv('SWAP_EXPLORER_DATA_DIR') ?? join(homedir(), '.swap-explorer');
}

/**
 * The data folder from `--data-dir` (else defaultDataDir), refused as a usage error when it is a
 * file: the engine then failed on each of the files it keeps there, in two lines that named
 * neither the flag nor the cause ("the profiles file …/profiles.json could not be read (ENOTDIR)…",
 * "Could not open the history…: EEXIST"). A folder that does not exist yet is made by the run.
 */
export function dataDirFlag(text: string | undefined): string {
  const dir = dataDirOption(text) ?? defaultDataDir();
  let isFile = false;
  try {
    isFile = !statSync(dir).isDirectory();
  } catch {
    // Absent or unreadable: the run makes it, or says what stopped it.
  }
  if (!isFile) return dir;
  const named = text !== undefined ? '--data-dir' : folderFromEnv('SWAP_EXPLORER_DATA_DIR') !== undefined ? 'SWAP_EXPLORER_DATA_DIR' : 'the data folder';
  throw new UsageError(`${named} "${dir}" is a file, not a folder: name the folder that keeps the runs and the history (it is made when absent)`);
}

/**
 * Runs a comparison to the end, with progress on stderr. Invalid input is a UsageError; the run's
 * own failures come back in its status. SIGINT cancels and keeps the finished rows, and is noted
 * from before the service starts until it is stopped (interrupt.ts).
 */
export async function runToEnd(request: CompareRequest, options: { dataDir: string; profile?: string; single?: boolean }, io: CommandIo): Promise<FinishedRun> {
  // Plan first: bad input is reported without starting a service.
  try {
    planComparison(request);
  } catch (error) {
    if (isAppError(error) && error.code === 'INVALID_INPUT') throw new UsageError(usageLine((error.details as FieldError[] | undefined) ?? [], options.single));
    throw error;
  }
  const interrupt = watchInterrupt();
  try {
    const finished = await runWithEngine(request, options, io, interrupt);
    return { ...finished, isInterrupted: await wasInterrupted(interrupt, finished.status.state === 'failed') };
  } finally {
    interrupt.stop();
  }
}

async function runWithEngine(request: CompareRequest, options: { dataDir: string; profile?: string; single?: boolean }, io: CommandIo, interrupt: InterruptWatch): Promise<Omit<FinishedRun, 'isInterrupted'>> {
  const command = options.single ? 'price' : 'compare';
  const engine = await openCliEngine({ dataDir: options.dataDir, profile: options.profile, warn: (message) => io.stderr(`swap-explorer ${command}: ${stripTerminalControls(message)}\n`) });
  try {
    const started = engine.runner.start(request);
    interrupt.onInterrupt(() => engine.runner.cancel(started.runId));
    const timer = setInterval(() => {
      // Named by the command the user ran: "compare: 0/1 done" under a price read as another command's.
      void engine.runner.status(started.runId).then((status) => io.stderr(`${command}: ${status.done}/${status.total} done\n`));
    }, 1000);
    try {
      const status = await started.finished;
      const details: FinishedRun['details'] = {};
      for (const row of status.rows) details[row.chainId] = await engine.runner.detail(status.runId, row.chainId);
      return { status, details, profile: engine.profile };
    } finally {
      clearInterval(timer);
    }
  } finally {
    await engine.close({ isProcessExitNext: io.isProcessExitNext });
  }
}

/**
 * A cancelled run with a row for each chain it was asked for: the runner keeps only the chains that
 * had an answer, so a compare interrupted before Base's turn printed "2 chains" for three asked and
 * no Base line, where its help says the others read cancelled (the size ladder lists every chain
 * and size so already). Chains without an answer are added in the run's order, both sides
 * cancelled; other runs are returned as they are.
 */
export function withUnansweredChains(status: RunStatus): RunStatus {
  if (status.state !== 'cancelled') return status;
  const answered = new Map(status.rows.map((row) => [row.chainId, row]));
  return { ...status, rows: planComparison(status.request).map((chain) => answered.get(chain.chainId) ?? buildRow(chain, {}, true)) };
}

/**
 * Exit code and stderr for an error thrown by a command. The message is stripped of terminal
 * controls: it may quote what the user passed (a pasted argument) or what a service or file said.
 */
export function reportError(command: string, error: unknown, usage: string, io: CommandIo): number {
  // Bad input is quoted back with its control characters shown, not dropped (showTerminalControls).
  if (error instanceof UsageError) {
    io.stderr(`swap-explorer ${command}: ${showTerminalControls(error.message)}\n\n${usage}`);
    return 2;
  }
  if (isAppError(error)) {
    io.stderr(`swap-explorer ${command}: ${(error.code === 'INVALID_INPUT' ? showTerminalControls : stripTerminalControls)(error.message)}\n`);
    return error.code === 'INVALID_INPUT' ? 2 : 1;
  }
  throw error;
}

/**
 * Says on stderr that a run which ended was not saved (the runners' saveEnded): what was printed is
 * complete, so the exit code does not change, but the run will not be found under comparisons/ or
 * ladders/ later.
 */
export function noteUnsaved(command: string, status: Pick<RunStatus, 'state' | 'error'>, io: CommandIo): void {
  const reason = unsavedReason(status);
  if (reason) io.stderr(`swap-explorer ${command}: ${stripTerminalControls(reason)} (the output is complete; the run is not kept)\n`);
}
