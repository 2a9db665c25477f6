import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { recordReliability } from '../src/test-support/reliability.ts';
import { decide, parseAllowlist, passes, toFindings, type GateDecision } from './security/findings.ts';

const run = promisify(execFile);
const gate = join(import.meta.dirname, 'security-gate.ts');

// Shaped as electronegativity's run() returns issues (README "Programmatically").
const fixtureIssues = [
  { id: 'CONTEXT_ISOLATION_JS_CHECK', severity: { name: 'HIGH' }, confidence: { name: 'FIRM' }, file: 'main\\window.ts', location: { line: 3 }, sample: 'new BrowserWindow({})', description: 'Review the use of the contextIsolation option' },
  { id: 'CSP_GLOBAL_CHECK', severity: { name: 'LOW' }, confidence: { name: 'CERTAIN' }, file: 'N/A', location: { line: 0 }, description: 'CSP' },
  { id: 'NODE_INTEGRATION_JS_CHECK', severity: { name: 'INFORMATIONAL' }, confidence: { name: 'FIRM' }, file: 'main/other.ts', location: { line: 9 }, description: 'nodeIntegration' },
];

function decisionText(decision: GateDecision): string {
  const ids = (list: Array<{ id: string }>) => list.map((f) => f.id).join(', ') || 'none';
  return `${passes(decision) ? 'PASS' : 'FAIL'}; blocking: ${ids(decision.blocking)}; allowlisted: ${ids(decision.allowed.map((a) => a.finding))}; stale: ${ids(decision.stale)}; report-only: ${ids(decision.belowThreshold)}`;
}

describe('gate decision', () => {
  const findings = toFindings(fixtureIssues);

  it('fails on a HIGH finding, keeps LOW as report-only and blocks any node integration report', ({ task }) => {
    const decision = decide(findings, []);
    recordReliability(task, { area: 'security-gate', done: 'findings: HIGH contextIsolation, LOW CSP, INFORMATIONAL nodeIntegration; empty allowlist', must: 'FAIL on the HIGH and the nodeIntegration report; LOW is report-only', observed: decisionText(decision) });
    expect(passes(decision)).toBe(false);
    expect(decision.blocking.map((f) => [f.id, f.file])).toEqual([
      ['CONTEXT_ISOLATION_JS_CHECK', 'main/window.ts'],
      ['NODE_INTEGRATION_JS_CHECK', 'main/other.ts'],
    ]);
    expect(decision.belowThreshold.map((f) => f.id)).toEqual(['CSP_GLOBAL_CHECK']);
  });

  it('passes when every blocking finding is allowlisted by check id and file, keeping the reason', ({ task }) => {
    const allowlist = [
      { id: 'CONTEXT_ISOLATION_JS_CHECK', file: 'main/window.ts', reason: 'fixture reason' },
      { id: 'NODE_INTEGRATION_JS_CHECK', file: 'main/other.ts', reason: 'fixture reason 2' },
    ];
    const decision = decide(findings, allowlist);
    recordReliability(task, { area: 'security-gate', done: 'the same findings with both blocking ones allowlisted by check id and file', must: 'PASS, keeping each reason', observed: decisionText(decision) });
    expect(passes(decision)).toBe(true);
    expect(decision.allowed.map((a) => a.reason)).toEqual(['fixture reason', 'fixture reason 2']);
  });

  it('does not let an entry for another file cover a finding, and fails on stale entries', ({ task }) => {
    const decision = decide(findings, [{ id: 'CONTEXT_ISOLATION_JS_CHECK', file: 'main/index.ts', reason: 'wrong file' }]);
    recordReliability(task, { area: 'security-gate', done: 'an allowlist entry naming the right check in another file', must: 'FAIL: the entry covers nothing and is reported stale', observed: decisionText(decision) });
    expect(decision.blocking).toHaveLength(2);
    expect(decision.stale).toEqual([{ id: 'CONTEXT_ISOLATION_JS_CHECK', file: 'main/index.ts', reason: 'wrong file' }]);
    expect(passes(decide([], [{ id: 'X', file: 'y.ts', reason: 'stale' }]))).toBe(false);
  });

  it('rejects allowlist entries without a reason', ({ task }) => {
    let refusal = 'accepted';
    try {
      parseAllowlist('[{"id":"SANDBOX_JS_CHECK","file":"main/window.ts"}]');
    } catch (error) {
      refusal = `refused: ${(error as Error).message}`;
    }
    recordReliability(task, { area: 'security-gate', done: 'an allowlist entry without a reason', must: 'refuse the allowlist', observed: refusal });
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

  function runOnFixture(root: string): Promise<{ code: number; stdout: string }> {
    const allowlist = join(root, 'allowlist.json');
    writeFileSync(allowlist, '[]');
    return runGate(['--root', root, '--allowlist', allowlist]);
  }

  it('passes a hardened window', async ({ task }) => {
    const { code, stdout } = await runOnFixture(project('contextIsolation: true, sandbox: true'));
    recordReliability(task, { area: 'security-gate', done: 'electronegativity over a window with contextIsolation and sandbox on', must: 'PASS, exit 0', observed: gateText(code, stdout) });
    expect(stdout).toContain('security gate: PASS');
    expect(code).toBe(0);
  });

  it('fails a window with nodeIntegration: true and names the file', async ({ task }) => {
    const { code, stdout } = await runOnFixture(project('nodeIntegration: true, contextIsolation: true'));
    recordReliability(task, { area: 'security-gate', done: 'electronegativity over a window with nodeIntegration: true and no sandbox', must: 'FAIL, exit 1, naming the file and line', observed: `${gateText(code, stdout)}; ${/NODE_INTEGRATION_JS_CHECK\s+main\/window\.ts:\d+/.exec(stdout)?.[0].replace(/\s+/, ' ') ?? 'nodeIntegration not named'}` });
    expect(code).toBe(1);
    expect(stdout).toContain('security gate: FAIL');
    expect(stdout).toMatch(/NODE_INTEGRATION_JS_CHECK\s+main\/window\.ts:4/);
    expect(stdout).toMatch(/MEDIUM\s+SANDBOX_JS_CHECK\s+main\/window\.ts:4/);
  });

  it("passes the app's own main/, src/ and renderer/ with the repo's allowlist", async ({ task }) => {
    const { code, stdout } = await runGate([]);
    recordReliability(task, { area: 'security-gate', done: "electronegativity over the app's shipped sources, with build/security-allowlist.json", must: 'no HIGH or MEDIUM finding outside the allowlist: PASS, exit 0', observed: gateText(code, stdout) });
    expect(stdout).toMatch(/^HIGH\s+0\s/m);
    expect(stdout).toMatch(/^MEDIUM\s+0\s/m);
    expect(stdout).toContain('security gate: PASS');
    expect(code).toBe(0);
  });
});

async function runGate(args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, [gate, ...args]);
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

// The severity table's HIGH and MEDIUM rows and the verdict, from the gate's printed report.
function gateText(code: number, stdout: string): string {
  const row = (severity: string) => {
    const [, blocking, allowed] = new RegExp(`^${severity}\\s+(\\d+)\\s+(\\d+)`, 'm').exec(stdout) ?? [];
    return `${severity} ${blocking ?? '?'} blocking, ${allowed ?? '?'} allowlisted`;
  };
  return `exit ${code}; ${row('HIGH')}; ${row('MEDIUM')}; ${/security gate: (PASS|FAIL)/.exec(stdout)?.[0] ?? 'no verdict printed'}`;
}
