import { stripTerminalControls } from '../domain/support/terminal-safe.ts';
import { COMMANDS } from './commands.ts';
import type { CommandIo } from './command.ts';
import { outputWritten, processIo } from './process-io.ts';

/**
 * The `swap-explorer` command: dispatches to the subcommand named by the first argument through
 * the COMMANDS table. Exit codes: 0 success, 1 failure, 2 usage error.
 */

// What every command's help says of its own codes, gathered: a script calling several commands reads it here.
const EXIT_CODES = `Exit codes: 0 success, 1 failure (each command's --help says what counts: a service error,
a serve that cannot start, explain's findings), 2 usage (an unknown command, a bad option), 130
interrupted by Ctrl-C (price, compare), 141 the reader closed the pipe early (| head).`;

function help(): string {
  const lines = Object.values(COMMANDS).map((command) => `  ${command.name.padEnd(10)} ${command.summary}`);
  return ['Usage: swap-explorer <command> [options]', '', 'Commands:', ...lines, '', 'Run `swap-explorer <command> --help` (or `swap-explorer help <command>`) for its options; `swap-explorer --version` prints the version.', '', EXIT_CODES, ''].join('\n');
}

/**
 * Runs the CLI with arguments (without node and script); resolves to the exit code. Without `io`
 * it writes to the process's stdout and stderr (src/cli/process-io.ts), and resolves once written.
 */
export async function main(argv: string[], io?: CommandIo): Promise<number> {
  if (io) return dispatch(argv, io);
  const isLongRunning = argv[0] !== undefined && Object.hasOwn(COMMANDS, argv[0]) && COMMANDS[argv[0]]!.isLongRunning === true;
  const code = await dispatch(argv, processIo(isLongRunning));
  await outputWritten();
  return code;
}

async function dispatch(argv: string[], io: CommandIo): Promise<number> {
  const [first, ...afterFirst] = argv;
  // `help price` is `price --help`, as in git and npm.
  const [name, ...rest] = first === 'help' && afterFirst[0] !== undefined ? [afterFirst[0], '--help'] : argv;
  if (name === '--version' || name === '-V' || name === 'version') {
    // Loaded here only: the other commands' start does not read package.json.
    const { default: packageJson } = await import('../../package.json', { with: { type: 'json' } });
    io.stdout(`swap-explorer ${packageJson.version} (Node ${process.versions.node})\n`);
    return 0;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(help());
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.stderr(`swap-explorer: unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  try {
    // Before the command's module makes its schemas (see there); serve keeps zod's fast path.
    if (!command.isLongRunning) await import('./zod-jitless.ts');
    return await (await command.load()).run(rest, io);
  } catch (error) {
    // Unexpected errors quote paths, arguments or answers: printed without terminal controls.
    io.stderr(`swap-explorer ${name}: ${stripTerminalControls(error instanceof Error ? error.message : String(error))}\n`);
    return 1;
  }
}
