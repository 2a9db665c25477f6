import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openProfileStore, ProfileInputSchema } from '../core/profiles/index.ts';
import { startLocalService, type RunningService } from '../service/index.ts';
import { inProcess } from './test-support.ts';

// SVC_API_KEY read from a file with its newline (`SVC_API_KEY="$(cat key; echo)"`, a CI secret pasted with one).

let dir: string;
let service: RunningService;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-environment-key-'));
  service = await startLocalService({ dataDir: join(dir, 'remote'), apiKeys: [{ key: 'remote-key', team: 'remote' }] });
  await (await openProfileStore(dir)).save(ProfileInputSchema.parse({ name: 'Staging', baseUrl: service.baseUrl, caPem: service.caCertPem, trustSystemCertificates: false }));
});
afterAll(async () => {
  delete process.env.SVC_API_KEY;
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

describe('SVC_API_KEY that cannot go in a header', () => {
  it('is named with the character at fault instead of failing as INTERNAL', async () => {
    process.env.SVC_API_KEY = 'remote-key\n';
    const ran = await inProcess(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--profile', 'Staging', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(1);
    expect(ran.stderr).toBe('swap-explorer price: SVC_API_KEY cannot be sent: it holds a line break (character 11), and a key must be printable characters without spaces\n');
    process.env.SVC_API_KEY = 'remote-key';
    const sent = await inProcess(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--profile', 'Staging', '--data-dir', dir]);
    expect(sent.code, sent.stderr + sent.stdout).toBe(0);
  });
});
