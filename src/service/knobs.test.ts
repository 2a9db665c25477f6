import { describe, expect, it } from 'vitest';
import { ZID_PATTERN } from '../spec/index.ts';
import { FIXED_NOW } from './test-fixtures.ts';
import { startTestService } from './test-support.ts';

describe('knobs', () => {
  it('rate-limits per key in a fixed one-second window with 429 and Retry-After', async () => {
    let now = FIXED_NOW;
    const svc = await startTestService({ now: () => now, rateLimitRps: 3, apiKeys: [{ key: 'a', team: 'a' }, { key: 'b', team: 'b' }] });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await svc.get('/swap/chains', {}, { 'svc-api-key': 'a' })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await svc.get('/swap/chains', {}, { 'svc-api-key': 'a' });
      expect(limited.body).toMatchObject({ name: 'RATE_LIMITED', data: { zid: expect.stringMatching(ZID_PATTERN) } });
      expect(limited.headers['retry-after']).toBe('1');
      expect((await svc.get('/swap/chains', {}, { 'svc-api-key': 'b' })).status).toBe(200);
      now += 1000;
      expect((await svc.get('/swap/chains', {}, { 'svc-api-key': 'a' })).status).toBe(200);
    } finally {
      await svc.stop();
    }
  });

  it('delays every answer by the configured latency', async () => {
    const svc = await startTestService({ latencyMs: 120, jitterMs: 30 });
    try {
      await svc.get('/swap/chains');
      const started = performance.now();
      await svc.get('/swap/chains');
      expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    } finally {
      await svc.stop();
    }
  });

  it('writes one JSON access-log line per request with time, zid, path, status and ms', async () => {
    const lines: string[] = [];
    const svc = await startTestService({ accessLog: (line) => lines.push(line) });
    try {
      const ok = await svc.get('/swap/chains');
      const missing = await svc.get('/nope');
      const entries = lines.map((line) => JSON.parse(line));
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({ zid: ok.body.zid, path: '/swap/chains', status: 200 });
      expect(entries[1]).toMatchObject({ zid: missing.body.data?.zid, path: '/nope', status: 404 });
      for (const entry of entries) expect(Date.parse(entry.time)).not.toBeNaN();
      expect(lines.join('')).not.toContain(svc.service.apiKeys[0]);
    } finally {
      await svc.stop();
    }
  });
});
