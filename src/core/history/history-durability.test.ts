import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReliability } from '../../test-support/reliability.ts';
import { historyFileIn } from './history-path.ts';

const WRITER = fileURLToPath(new URL('./durability-writer.ts', import.meta.url));
const RUNS = 20;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'history-durability-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the writer until it has acknowledged `acks` ids, kills it with SIGKILL, returns every id it printed. */
function writeThenKill(path: string, acks: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, path], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let killed = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!killed && out.split('\n').length - 1 >= acks) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`writer ended by itself (${String(signal)}): ${err}`));
      // A line cut by the kill was never fully written, so its id was not acknowledged: drop it.
      const lines = out.split('\n').slice(0, -1);
      resolve(lines.map(Number));
    });
  });
}

describe('durability', () => {
  it('runs the writer on Node 24, which has node:sqlite and type stripping', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });

  it(`keeps every acknowledged entry and an intact file across ${RUNS} SIGKILLs mid-write`, async ({ task }) => {
    const path = historyFileIn(dir);
    const acknowledged: number[] = [];
    const seen = { kills: 0, intact: 0, lost: 0 };
    const record = () =>
      recordReliability(task, {
        area: 'history',
        done: `a writer process inserting single entries and 10-entry batches is killed with SIGKILL ${RUNS} times, at varying points`,
        must: 'integrity_check ok after every kill; no acknowledged entry lost',
        observed: `${seen.kills} SIGKILLs, integrity_check ok after ${seen.intact}, ${acknowledged.length} entries acknowledged, ${seen.lost} lost`,
      });
    for (let run = 0; run < RUNS; run += 1) {
      // Vary where the kill lands: after a single insert, inside or after a 10-entry batch.
      acknowledged.push(...(await writeThenKill(path, 5 + ((run * 37) % 120))));
      seen.kills += 1;
      const db = new DatabaseSync(path);
      try {
        const integrity = db.prepare('PRAGMA integrity_check').get();
        if (integrity?.integrity_check === 'ok') seen.intact += 1;
        const present = new Set(db.prepare('SELECT id FROM entries').all().map((row) => row.id as number));
        const lost = acknowledged.filter((id) => !present.has(id));
        seen.lost = lost.length;
        // Recorded before the assertions, so a failing run still reports how far it got.
        record();
        expect(integrity).toEqual({ integrity_check: 'ok' });
        expect(lost, `run ${run}`).toEqual([]);
      } finally {
        db.close();
      }
    }
    expect(acknowledged.length).toBeGreaterThan(RUNS * 5);
  });
});
