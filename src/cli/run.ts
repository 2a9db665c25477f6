import { main } from './main.ts';

/**
 * Runs the CLI from its TypeScript source: `node src/cli/run.ts <command> …` (the tests that start
 * `serve` as a process use it). Kept apart from main.ts, whose top-level `await` would stop the
 * built CLI from being CommonJS (build/build-cli.ts says why it is).
 */
const code = await main(process.argv.slice(2));
// serve resolves only after SIGINT/SIGTERM has closed it; every other command exits with its code.
process.exitCode = code;
