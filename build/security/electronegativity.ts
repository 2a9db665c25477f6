import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toFindings, type Finding } from './findings.ts';

/** Top-level folders scanned: the shell, the engine (which builds windows' inputs) and the renderer. */
export const SCANNED_DIRS = ['main', 'src', 'renderer'] as const;

// Tests and their fakes are not shipped (build/electron-builder.config.ts packs out/** only) and
// deliberately build insecure inputs to prove they are refused; scanning them would only add noise.
function isShippedSource(path: string): boolean {
  const name = basename(path);
  if (name === 'test-support' || name === 'node_modules') return false;
  if (/\.test\.ts$/.test(name)) return false;
  return true;
}

/**
 * Copies the scanned folders of `root` into one temp folder. One input matters: electronegativity's
 * global checks (CSP, navigation limits, permission handler) look across every file of a run, so
 * scanning main/ and renderer/ separately would report the CSP as missing from each.
 */
export function stageSources(root: string): string {
  const staged = mkdtempSync(join(tmpdir(), 'security-gate-'));
  for (const dir of SCANNED_DIRS) {
    if (existsSync(join(root, dir))) cpSync(join(root, dir), join(staged, dir), { recursive: true, filter: isShippedSource });
  }
  return staged;
}

let hooked = false;

// Electronegativity's only network use is got (translations; Electron release data for the excluded
// AVAILABLE_SECURITY_FIXES check). Route its `got` to an immediate rejection: see offline-got.cjs.
function keepOffline(): void {
  if (hooked) return;
  hooked = true;
  const stub = pathToFileURL(join(import.meta.dirname, 'offline-got.cjs')).href;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === 'got' && context.parentURL?.includes('/@doyensec/electronegativity/')) return { url: stub, shortCircuit: true };
      return nextResolve(specifier, context);
    },
  });
}

interface RunResult {
  issues: Parameters<typeof toFindings>[0];
  errors: Array<{ file: string; message: string; tolerable?: boolean }>;
}

/**
 * Runs electronegativity's documented programmatic API over `input`. Not the CLI: its CSV writer races
 * the header against the rows (two concurrent fs.writeFile calls) and its SARIF drops severity.
 */
export async function scan(input: string, repoRoot: string): Promise<{ findings: Finding[]; parseErrors: string[] }> {
  keepOffline();
  const require = createRequire(join(repoRoot, 'package.json'));
  const run = require('@doyensec/electronegativity') as (options: object) => Promise<RunResult>;
  // Without a package.json in the input it would assume Electron 0.1 and its pre-5 defaults.
  const electronVersion = (JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string }).version;
  const result = await run({
    input,
    isRelative: true,
    electronVersionOverride: electronVersion,
    // Needs the network (Electron's release feed); the pinned version in package-lock covers it.
    excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
  });
  const parseErrors = result.errors.filter((e) => !e.tolerable).map((e) => `${e.file}: ${e.message}`);
  return { findings: toFindings(result.issues), parseErrors };
}
