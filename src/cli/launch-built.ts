import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodeCacheLoader } from './code-cache.ts';

/**
 * The entry of the built CLI (out/cli/swap-explorer.js, which bin/swap-explorer.js imports): runs
 * the CommonJS build of src/cli/main.ts (out/cli/cli.cjs and its chunks) through CodeCacheLoader,
 * then saves the caches the run made (full after a command that did its work, partial after help,
 * a usage error or a failure: src/cli/code-cache.ts says why). Caches go where Node keeps its own
 * compile cache: one folder per user, Node version and architecture, made directly in the temp
 * folder (whose sticky bit keeps others from renaming it). NODE_DISABLE_COMPILE_CACHE turns them
 * off, as it does Node's.
 */
export async function main(argv: string[]): Promise<number> {
  const loader = new CodeCacheLoader(cacheDir(), argv[0] ?? '');
  const cli = loader.require(fileURLToPath(new URL('./cli.cjs', import.meta.url))) as { main(argv: string[]): Promise<number> };
  const code = await cli.main(argv);
  loader.save(code === 0 && !argv.some((arg) => arg === '--help' || arg === '-h'));
  return code;
}

function cacheDir(): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const user = process.getuid ? String(process.getuid()) : userInfo().username;
  return join(tmpdir(), `swap-explorer-code-cache-${user}-${process.version}-${process.arch}`);
}
