import { escapeJsonControls, stripTerminalControls } from '../domain/support/terminal-safe.ts';
import type { CommandIo } from './command.ts';
import { compareAnswerNotes } from './answer-lines.ts';
import { compareRowLabel, errorNotes, formatRun, isNothingAnswered } from './compare-format.ts';
import { noteUnsaved, withUnansweredChains, type FinishedRun } from './compare-run.ts';
import { INTERRUPTED_EXIT, interruptedLine } from './interrupt.ts';
import type { CompareRowWire } from '../ipc/channels/compare.ts';

/**
 * What `swap-explorer compare` prints once a comparison has ended, and its exit code: apart from
 * the run, so that how each way a run ends reads can be tested on a run that ended so.
 */

/** CSV rows end in CRLF (RFC 4180): strips each row of terminal controls, keeping the line ends the format needs. */
export function terminalSafe(output: string): string {
  return output.split('\r\n').map(stripTerminalControls).join('\r\n');
}

/**
 * Whether a run failed as a whole before any side was answered (the local service did not start,
 * the profile cannot be used), saying why on stderr when it did: such a run prints only why, as
 * price does. Its table had a title without the pair and no row, its ladder every size "cancelled"
 * (nothing was) with "No crossover can be looked for", and its CSV a header alone, which a script
 * read as a comparison of nothing.
 */
export function isFailedUnanswered(status: { state: string; rows: readonly CompareRowWire[]; error: { message: string } | null }, io: CommandIo): boolean {
  if (status.state !== 'failed' || !isNothingAnswered(status.rows)) return false;
  io.stderr(`swap-explorer compare: ${stripTerminalControls(status.error?.message ?? 'the run failed')}\n`);
  return true;
}

/**
 * The stderr line of a run that failed part-way, its answers printed: the error, and what the sides
 * it left read, so that no one takes them for a cancel (nobody cancelled them).
 */
export function failedPartWayLine(status: { done: number; total: number; error: { code: string; message: string } | null }): string {
  const code = status.error?.code ?? 'error';
  return `swap-explorer compare: the run failed after ${status.done}/${status.total} requests: ${stripTerminalControls(status.error?.message ?? 'no message')}; the answers are shown, the sides not answered say "run failed (${code})"\n`;
}

/**
 * Exit code 1 and why on stderr when every request failed (a key, a profile): nothing was compared,
 * whatever the output shows. The table lists the messages under it; CSV carries only the error
 * names, so stderr has them then. Else 0.
 */
export function nothingAnswered<Row extends CompareRowWire>(state: string, rows: readonly Row[], format: string, where: (row: Row) => string, io: CommandIo): number {
  if (state !== 'done' || rows.length === 0 || !isNothingAnswered(rows)) return 0;
  const why = format === 'table' ? '; the errors are listed under the table\n' : `:${stripTerminalControls(errorNotes(rows, where))}`;
  io.stderr(`swap-explorer compare: no side was answered${why}`);
  return 1;
}

/** Prints an ended comparison in `format` and returns the command's exit code (compare.ts, "Exit codes"). */
export function reportRun(finished: FinishedRun, format: 'table' | 'csv' | 'json', taker: string | undefined, io: CommandIo): number {
  const { details, isInterrupted } = finished;
  const status = withUnansweredChains(finished.status);
  // Ctrl-C before any answer: nothing was compared, and a table of cancelled rows would say otherwise (--help).
  if (isInterrupted && (status.state === 'failed' || status.done === 0)) {
    io.stderr(interruptedLine('compare'));
    return INTERRUPTED_EXIT;
  }
  if (isFailedUnanswered(status, io)) return 1;
  // Service text (error messages, source labels, symbols) must not drive the terminal (issue 17).
  const output = formatRun(status, format, format === 'table' ? compareAnswerNotes(status.rows, details, taker) : '', finished.profile);
  io.stdout(format === 'json' ? escapeJsonControls(output) : terminalSafe(output));
  noteUnsaved('compare', status, io);
  if (status.state === 'cancelled') {
    io.stderr(`compare: cancelled after ${status.done}/${status.total} requests; the finished rows are shown, the sides not answered say cancelled\n`);
    return INTERRUPTED_EXIT;
  }
  if (status.state === 'failed') {
    io.stderr(failedPartWayLine(status));
    return 1;
  }
  return nothingAnswered(status.state, status.rows, format, compareRowLabel, io);
}
