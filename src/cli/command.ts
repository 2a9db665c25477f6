/**
 * What a subcommand is, apart from the table that lists them (commands.ts): command modules import
 * these types from here, so no command module and the table import each other.
 */

/** Where a command writes: stdout for results, stderr for logs. */
export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /**
   * The process exits as soon as the command returns (the command line itself, not a test calling
   * main with its own io): what the OS releases at exit may be left to it (the history's
   * connection: HistoryStore.leaveForExit).
   */
  isProcessExitNext?: boolean;
}

/** A subcommand: its name, a one-line summary for help, and its entry point (resolves to an exit code). */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(argv: string[], io: CommandIo): Promise<number>;
}

/** A command as listed in help: its module is loaded by `load` when the command runs. */
export interface CommandEntry {
  name: string;
  summary: string;
  /** Runs until stopped (`serve`): its output goes through Node's streams (src/cli/process-io.ts). */
  isLongRunning?: boolean;
  load(): Promise<Command>;
}
