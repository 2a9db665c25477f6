import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileInputSchema } from '../../ipc/channels/profiles.ts';
import { startLocalService, type RunningService } from '../../service/index.ts';
import { wethToUsdc } from '../../service/test-fixtures.ts';
import { createChildProcessHost } from '../local-service/child-process-host.ts';
import { createKeychainBackend, type KeychainBackend } from '../secrets/keychain-backend.ts';
import { createSecretStore } from '../secrets/secret-store.ts';
import { createRequestService, type RequestService } from '../request/send-request.ts';
import { MemoryHistory } from '../request/test-support.ts';
import { undiciTransport } from '../http/undici-transport.ts';
import { createConnectionResolver } from './connection-resolver.ts';
import { openProfileStore } from './profile-store.ts';

// A key put in the keychain by another tool (`echo $KEY | secret-tool store …` keeps the newline),
// never through the app's key field: real profiles.json, the suite's keychain, the real request
// service and the local service over HTTPS.

let dataDir: string;
let service: RunningService;
let keychain: KeychainBackend;
let requests: RequestService;
const profileIds: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'stored-key-'));
  service = await startLocalService({ dataDir: join(dataDir, 'service') });
  keychain = createKeychainBackend(`swap-explorer-test-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const profiles = await openProfileStore(dataDir);
  for (const name of ['Pasted', 'Typed']) {
    const saved = await profiles.save(ProfileInputSchema.parse({ name, baseUrl: service.baseUrl, caPem: service.caCertPem, trustSystemCertificates: false }));
    profileIds.push(saved.id);
  }
  await keychain.set(profileIds[0]!, `${service.apiKeys[0]!}\n`);
  await keychain.set(profileIds[1]!, service.apiKeys[0]!);
  const resolver = createConnectionResolver({ profiles, secrets: createSecretStore(keychain), localService: createChildProcessHost({ dataDir }) });
  requests = createRequestService({ connections: resolver, history: new MemoryHistory(), client: { transport: undiciTransport, overallTimeoutMs: 10_000 } });
});
afterAll(async () => {
  await requests.close();
  await service.close();
  for (const id of profileIds) await keychain.delete(id);
  await rm(dataDir, { recursive: true, force: true });
});

describe('a stored key that cannot go in a header', () => {
  it('is refused before sending, naming the key and the character, and the next request to that service is answered', { timeout: 30_000 }, async () => {
    const keyLength = service.apiKeys[0]!.length;
    await expect(requests.send({ profileId: profileIds[0]!, endpoint: 'allowance-holder.price', params: wethToUsdc() })).rejects.toMatchObject({
      code: 'NOT_CONFIGURED',
      message: `The API key stored for Pasted cannot be sent: it holds a line break (character ${keyLength + 1}), and a key must be printable characters without spaces. Enter it again in Settings.`,
      details: [{ field: 'apiKey', reason: `holds a line break (character ${keyLength + 1})` }],
    });
    const answered = await requests.send({ profileId: profileIds[1]!, endpoint: 'allowance-holder.price', params: wethToUsdc() });
    expect(answered.entry.status).toBe(200);
  });
});
