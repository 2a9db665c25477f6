import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneRuns } from './prune-runs.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'prune-runs-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const KEPT_SINCE = Date.parse('2026-03-01T00:00:00Z');
const HOUR = 3_600_000;

/** Writes a run file named as the runners name them (start time in base 36), last written at `savedMs`. */
function runFile(folder: 'comparisons' | 'ladders', startedMs: number, savedMs: number, suffix = 'a1b2c3d4'): string {
  const name = `${folder === 'comparisons' ? 'cmp' : 'lad'}-${startedMs.toString(36)}${suffix}.json`;
  mkdirSync(join(dataDir, folder), { recursive: true });
  writeFileSync(join(dataDir, folder, name), '{"version":1}');
  utimesSync(join(dataDir, folder, name), savedMs / 1000, savedMs / 1000);
  return name;
}

const left = (folder: string) => readdirSync(join(dataDir, folder)).sort();

describe('pruneRuns', () => {
  it('removes the runs saved before the oldest kept request, in both folders, and keeps the others', () => {
    const old = runFile('comparisons', KEPT_SINCE - 5 * HOUR, KEPT_SINCE - 4 * HOUR);
    const oldLadder = runFile('ladders', KEPT_SINCE - 5 * HOUR, KEPT_SINCE - 4 * HOUR);
    // Started before, saved after: some of its requests may still be kept.
    const straddling = runFile('comparisons', KEPT_SINCE - HOUR, KEPT_SINCE + HOUR, 'feedf00d');
    const newer = runFile('ladders', KEPT_SINCE + HOUR, KEPT_SINCE + 2 * HOUR);
    expect(pruneRuns(dataDir, KEPT_SINCE)).toBe(2);
    expect(left('comparisons')).toEqual([straddling]);
    expect(left('ladders')).toEqual([newer]);
    expect(left('comparisons')).not.toContain(old);
    expect(left('ladders')).not.toContain(oldLadder);
  });

  it('judges a run by its start in its name before any stat: a run started after the cut stays whatever its file time', () => {
    // A copy made by hand may carry any time; a run that started after the cut cannot be made of removed requests.
    const copied = runFile('comparisons', KEPT_SINCE + HOUR, KEPT_SINCE - 10 * HOUR);
    expect(pruneRuns(dataDir, KEPT_SINCE)).toBe(0);
    expect(left('comparisons')).toEqual([copied]);
  });

  it('leaves every other file alone: a save in progress, other names, other folders', () => {
    const started = (KEPT_SINCE - 5 * HOUR).toString(36);
    mkdirSync(join(dataDir, 'comparisons'), { recursive: true });
    mkdirSync(join(dataDir, 'elsewhere'), { recursive: true });
    const others = [`cmp-${started}a1b2c3d4.json.tmp`, 'notes.json', `lad-${started}a1b2c3d4.json`];
    for (const name of others) writeFileSync(join(dataDir, 'comparisons', name), '{}');
    writeFileSync(join(dataDir, 'elsewhere', `cmp-${started}a1b2c3d4.json`), '{}');
    for (const name of [...others.map((name) => join('comparisons', name)), join('elsewhere', `cmp-${started}a1b2c3d4.json`)]) {
      utimesSync(join(dataDir, name), (KEPT_SINCE - 4 * HOUR) / 1000, (KEPT_SINCE - 4 * HOUR) / 1000);
    }
    expect(pruneRuns(dataDir, KEPT_SINCE)).toBe(0);
    expect(left('comparisons')).toEqual([...others].sort());
    expect(left('elsewhere')).toHaveLength(1);
  });

  it('does nothing, and does not fail, in a data dir with no run folders', () => {
    expect(pruneRuns(dataDir, KEPT_SINCE)).toBe(0);
    expect(pruneRuns(join(dataDir, 'missing'), KEPT_SINCE)).toBe(0);
  });
});
