import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDataOps, type OpenDataOps } from '../data/data-ops.ts';
import { redactKnownKeys } from './known-key-redaction.ts';
import { sampleEntry } from './sample-entries.ts';

// An entry the app kept before echoes were redacted: its key header already says REDACTED, but the
// service's error repeated the key, which only the keychain still knows.
const PROFILE_KEY = 'pr0fileKeyFromKeych41n';

let dir: string;
let data: OpenDataOps;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'known-key-redaction-'));
  data = openDataOps({ dataDir: dir, creator: { name: 'test', version: '0' } });
});
afterEach(() => {
  data.close();
  rmSync(dir, { recursive: true, force: true });
});

function keptBeforeEchoes() {
  const body = { name: 'UNAUTHORIZED', message: `key ${PROFILE_KEY} has no access to this chain`, data: { zid: '0xabcabcabcabcabcabcabcabc' } };
  return sampleEntry({ status: 401, requestHeaders: { 'svc-api-key': 'REDACTED', 'svc-version': 'v2' }, responseHeaders: { 'content-type': 'application/json', 'x-key-echo': PROFILE_KEY }, bodyText: JSON.stringify(body), body });
}

describe('a key echoed in an entry kept before echoes were redacted', () => {
  it('is redacted on read and export with the keys the profiles hold, the rest kept', async () => {
    const [id] = await data.ops['history.insertMany']([keptBeforeEchoes()]);
    const history = redactKnownKeys(data.ops, async () => [PROFILE_KEY]);
    const read = await history['history.get']({ id: id! });
    expect(JSON.stringify(read)).not.toContain(PROFILE_KEY);
    expect(read.body).toEqual({ name: 'UNAUTHORIZED', message: 'key REDACTED has no access to this chain', data: { zid: '0xabcabcabcabcabcabcabcabc' } });
    expect(read.responseHeaders['x-key-echo']).toBe('REDACTED');
    for (const format of ['har', 'json'] as const) expect((await history['history.export']({ ids: [id!], format })).content).not.toContain(PROFILE_KEY);
  });

  it('leaves entries as they are when no profile holds a key', async () => {
    const [id] = await data.ops['history.insertMany']([keptBeforeEchoes()]);
    const history = redactKnownKeys(data.ops, async () => []);
    expect(await history['history.get']({ id: id! })).toEqual(await data.ops['history.get']({ id: id! }));
  });
});
