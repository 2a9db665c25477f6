import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { decide, parseAllowlist, passes, toFindings } from './security/findings.ts';

const run = promisify(execFile);
const gate = join(import.meta.dirname, 'security-gate.ts');

// Shaped as electronegativity's run() returns issues (README "Programmatically").
const fixtureIssues = [
  { id: 'CONTEXT_ISOLATION_JS_CHECK', severity: { name: 'HIGH' }, confidence: { name: 'FIRM' }, file: 'main\\window.ts', location: { line: 3 }, sample: 'new BrowserWindow({})', description: 'Review the use of the contextIsolation option' },
  { id: 'CSP_GLOBAL_CHECK', severity: { name: 'LOW' }, confidence: { name: 'CERTAIN' }, file: 'N/A', location: { line: 0 }, description: 'CSP' },
  { id: 'NODE_INTEGRATION_JS_CHECK', severity: { name: 'INFORMATIONAL' }, confidence: { name: 'FIRM' }, file: 'main/other.ts', location: { line: 9 }, description: 'nodeIntegration' },
];

describe('gate decision', () => {
  const findings = toFindings(fixtureIssues);

  it('fails on a HIGH finding, keeps LOW as report-only and blocks any node integration report', () => {
    const decision = decide(findings, []);
    expect(passes(decision)).toBe(false);
    expect(decision.blocking.map((f) => [f.id, f.file])).toEqual([
      ['CONTEXT_ISOLATION_JS_CHECK', 'main/window.ts'],
      ['NODE_INTEGRATION_JS_CHECK', 'main/other.ts'],
    ]);
    expect(decision.belowThreshold.map((f) => f.id)).toEqual(['CSP_GLOBAL_CHECK']);
  });

  it('passes when every blocking finding is allowlisted by check id and file, keeping the reason', () => {
    const allowlist = [
      { id: 'CONTEXT_ISOLATION_JS_CHECK', file: 'main/window.ts', reason: 'fixture reason' },
      { id: 'NODE_INTEGRATION_JS_CHECK', file: 'main/other.ts', reason: 'fixture reason 2' },
    ];
    const decision = decide(findings, allowlist);
    expect(passes(decision)).toBe(true);
    expect(decision.allowed.map((a) => a.reason)).toEqual(['fixture reason', 'fixture reason 2']);
  });

  it('does not let an entry for another file cover a finding, and fails on stale entries', () => {
    const decision = decide(findings, [{ id: 'CONTEXT_ISOLATION_JS_CHECK', file: 'main/index.ts', reason: 'wrong file' }]);
    expect(decision.blocking).toHaveLength(2);
    expect(decision.stale).toEqual([{ id: 'CONTEXT_ISOLATION_JS_CHECK', file: 'main/index.ts', reason: 'wrong file' }]);
    expect(passes(decide([], [{ id: 'X', file: 'y.ts', reason: 'stale' }]))).toBe(false);
  });

  it('rejects allowlist entries without a reason', () => {
    expect(() => parseAllowlist('[{"id":"SANDBOX_JS_CHECK","file":"main/window.ts"}]')).toThrow(/reason/);
    expect(parseAllowlist('[]')).toEqual([]);
  });
});

describe('gate run over real sources', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  // Hardened everywhere electronegativity's global checks look (CSP, permission handler, navigation
  // limits) so that only the window's webPreferences decide the outcome.
  function project(webPreferences: string): string {
    const root = mkdtempSync(join(tmpdir(), 'gate-fixture-'));
    dirs.push(root);
    mkdirSync(join(root, 'main'));
    mkdirSync(join(root, 'renderer'));
    writeFileSync(join(root, 'renderer/index.html'), `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'; object-src 'none'"></head><body></body></html>\n`);
    writeFileSync(
      join(root, 'main/window.ts'),
      [
        "import { BrowserWindow, session } from 'electron';",
        'export function open(): BrowserWindow {',
        '  session.defaultSession.setPermissionRequestHandler((_wc, _p, callback) => callback(false));',
        `  const win = new BrowserWindow({ webPreferences: { ${webPreferences}, disableBlinkFeatures: 'Auxclick' } });`,
        "  win.webContents.on('will-navigate', (event) => event.preventDefault());",
        "  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));",
        '  return win;',
        '}',
      ].join('\n'),
    );
    return root;
  }

  async function runGate(root: string): Promise<{ code: number; stdout: string }> {
    const allowlist = join(root, 'allowlist.json');
    writeFileSync(allowlist, '[]');
    try {
      const { stdout } = await run(process.execPath, [gate, '--root', root, '--allowlist', allowlist]);
      return { code: 0, stdout };
    } catch (error) {
      const e = error as { code: number; stdout: string };
      return { code: e.code, stdout: e.stdout };
    }
  }

  it('passes a hardened window', async () => {
    const { code, stdout } = await runGate(project('contextIsolation: true, sandbox: true'));
    expect(stdout).toContain('security gate: PASS');
    expect(code).toBe(0);
  });

  it('fails a window with nodeIntegration: true and names the file', async () => {
    const { code, stdout } = await runGate(project('nodeIntegration: true, contextIsolation: true'));
    expect(code).toBe(1);
    expect(stdout).toContain('security gate: FAIL');
    expect(stdout).toMatch(/NODE_INTEGRATION_JS_CHECK\s+main\/window\.ts:4/);
    expect(stdout).toMatch(/MEDIUM\s+SANDBOX_JS_CHECK\s+main\/window\.ts:4/);
  });
});
