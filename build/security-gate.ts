import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { scan, stageSources } from './security/electronegativity.ts';
import { decide, parseAllowlist, passes } from './security/findings.ts';
import { formatReport } from './security/report.ts';

// Static security gate (issue 7, item 5): electronegativity over main/, src/ and renderer/, failing
// on any HIGH or MEDIUM finding that build/security-allowlist.json does not explain. Electronegativity
// itself exits 0 whatever it finds, so the decision is made here.
//   node build/security-gate.ts [--root <dir>] [--allowlist <file>]

/** Runs the gate and returns the process exit code (0 pass, 1 findings or unreadable input). */
export async function runGate(root: string, allowlistPath: string): Promise<number> {
  const allowlist = existsSync(allowlistPath) ? parseAllowlist(readFileSync(allowlistPath, 'utf8')) : [];
  const staged = stageSources(root);
  try {
    const { findings, parseErrors } = await scan(staged, resolve(import.meta.dirname, '..'));
    const decision = decide(findings, allowlist);
    console.log(formatReport(decision));
    // A file it cannot parse is a file it did not check: fail rather than pass on a partial scan.
    if (parseErrors.length > 0) console.error(`\nUnparsed files (not checked):\n${parseErrors.join('\n')}`);
    const ok = passes(decision) && parseErrors.length === 0;
    console.log(ok ? '\nsecurity gate: PASS' : '\nsecurity gate: FAIL');
    return ok ? 0 : 1;
  } finally {
    rmSync(staged, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const repo = resolve(import.meta.dirname, '..');
  const { values } = parseArgs({ options: { root: { type: 'string' }, allowlist: { type: 'string' } } });
  const root = resolve(values.root ?? repo);
  process.exitCode = await runGate(root, resolve(values.allowlist ?? join(repo, 'build/security-allowlist.json')));
}
