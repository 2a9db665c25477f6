import { serveCommand } from './serve.ts';
import { compareCommand } from './compare.ts';
import { priceCommand } from './price.ts';
import { explainCommand } from './explain.ts';
import { historyCommand } from './history.ts';

/**
 * The subcommands of `swap-explorer`, one entry each: add a command by adding its module here.
 */

/** Where a command writes: stdout for results, stderr for logs. */
export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** A subcommand: its name, a one-line summary for help, and its entry point (resolves to an exit code). */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(argv: string[], io: CommandIo): Promise<number>;
}

/** Every subcommand, by name. */
export const COMMANDS: Record<string, Command> = {
  [serveCommand.name]: serveCommand,
  [compareCommand.name]: compareCommand,
  [priceCommand.name]: priceCommand,
  [explainCommand.name]: explainCommand,
  [historyCommand.name]: historyCommand,
};
