import { describe, expect, it } from 'vitest';
import { renderReliability } from './markdown.ts';
import type { ReliabilityRow, ReliabilityRun } from './results.ts';

function row(overrides: Partial<ReliabilityRow> = {}): ReliabilityRow {
  return { area: 'faults', done: 'gateway answers 401', must: 'AUTH_FAILED and a history entry', observed: 'AUTH_FAILED, 1 attempt', file: 'src/core/x.test.ts', name: 'maps a gateway 401', result: 'pass', durationMs: 12, ...overrides };
}

function run(runner: ReliabilityRun['runner'], rows: ReliabilityRow[]): ReliabilityRun {
  return { runner, finishedAt: '2026-05-04T03:02:01.000Z', node: 'v24.21.0', commit: 'abc1234-dirty', rows };
}

describe('reliability report', () => {
  it('renders one table row per case under its area heading, with the run in the header', () => {
    const markdown = renderReliability({ vitest: run('vitest', [row(), row({ name: 'drops', result: 'fail', observed: 'TIMEOUT' })]), playwright: null });
    expect(markdown).toContain('- Unit tests (vitest): finished 2026-05-04T03:02:01.000Z on Node v24.21.0 at commit abc1234-dirty, 2 cases: 1 passed, 1 failed');
    const section = markdown.slice(markdown.indexOf('## Fault suite: misbehaving servers'));
    expect(section).toContain('2 cases: 1 passed, 1 failed. Tests: `src/core/x.test.ts`.');
    expect(section).toContain('| Case | What is done to the app | What it must do | Observed in the last run | Result |');
    expect(section).toContain('| maps a gateway 401 | gateway answers 401 | AUTH_FAILED and a history entry | AUTH_FAILED, 1 attempt | pass |');
    expect(section).toContain('| drops | gateway answers 401 | AUTH_FAILED and a history entry | TIMEOUT | **FAIL** |');
  });

  it('shows an area no test reported, and the e2e run that did not happen, as not run', () => {
    const markdown = renderReliability({ vitest: { ...run('vitest', [row()]), commit: null }, playwright: null });
    expect(markdown).toContain('- e2e tests (Playwright): not run');
    expect(markdown).toContain('at commit unknown');
    expect(markdown).toContain('## Key confidentiality canary\n\nNot run: no test in the last run reported a case of this area.');
  });

  it('takes the canary from the Playwright run and lists areas in the documented order', () => {
    const canary = row({ area: 'key-canary', name: 'key never leaves main', file: 'e2e/canary.spec.ts' });
    const markdown = renderReliability({ vitest: run('vitest', [row({ area: 'packaging' }), row()]), playwright: run('playwright', [canary]) });
    expect(markdown).toContain('| key never leaves main |');
    const headings = markdown.split('\n').filter((line) => line.startsWith('## '));
    expect(headings).toEqual([
      '## Fault suite: misbehaving servers and timeouts',
      '## Fault suite: TLS and transport refusals',
      '## History durability',
      '## IPC fuzzing',
      '## Key confidentiality canary',
      '## Static security gate',
      '## Packaging configuration',
    ]);
  });

  it('keeps a case of an unknown area under its own heading instead of dropping it', () => {
    const markdown = renderReliability({ vitest: run('vitest', []), playwright: run('playwright', [row({ area: 'key-confidentiality' })]) });
    expect(markdown).toContain('## Other: key-confidentiality\n\n1 case: 1 passed.');
  });

  it('names each retried e2e test with what ended its first attempt, and says when none was', () => {
    const crash = { file: 'e2e/compare.spec.ts', name: 'compares', firstFailure: 'Error: worker process exited unexpectedly (code=null, signal=SIGTRAP)', result: 'pass' as const };
    const retried = renderReliability({ vitest: run('vitest', []), playwright: { ...run('playwright', []), retried: [crash] } });
    expect(retried).toContain(
      "1 e2e test was retried (only after its worker's runtime crashed; `build/reliability/worker-crash-retries.ts` says why):\n- `e2e/compare.spec.ts` › compares: first attempt ended \"Error: worker process exited unexpectedly (code=null, signal=SIGTRAP)\"; the retry passed.",
    );
    const none = renderReliability({ vitest: run('vitest', []), playwright: { ...run('playwright', []), retried: [] } });
    expect(none).toContain('No e2e test was retried: each passed or failed on its first attempt.');
    // A file from before retries were recorded says nothing of them.
    expect(renderReliability({ vitest: run('vitest', []), playwright: run('playwright', []) })).not.toContain('retried');
  });

  it('keeps pipes and newlines from breaking a row', () => {
    const markdown = renderReliability({ vitest: run('vitest', [row({ observed: 'a | b\nc' })]), playwright: null });
    expect(markdown).toContain('| a \\| b<br>c | pass |');
  });
});
