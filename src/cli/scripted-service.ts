import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRawHttps, type Route } from '../core/http/test-support.ts';
import { openProfileStore, ProfileInputSchema } from '../core/profiles/index.ts';
import { loadOrCreateCertificate } from '../service/tls.ts';

/** A test double of the service for the CLI's tests, and the data folder whose profile points at it. */
export interface ScriptedService {
  /** The `--data-dir` holding the profile. */
  dir: string;
  /** Stops the service, removes the folder and puts SVC_API_KEY back as it was. */
  close(): Promise<void>;
}

/**
 * An HTTPS service answering every request with `answer` (its own certificate, pinned by a profile
 * named `profileName` in a new data folder), with SVC_API_KEY set for the CLI to send: how a test
 * puts an answer the local service never gives (hostile text, figures past 2^53) in front of a command.
 */
export async function startScriptedService(profileName: string, answer: Route): Promise<ScriptedService> {
  const dir = await mkdtemp(join(tmpdir(), 'cli-scripted-'));
  const cert = await loadOrCreateCertificate(join(dir, 'tls'));
  const server = await startRawHttps({ cert: cert.certPem, key: cert.keyPem }, answer);
  const profiles = await openProfileStore(dir);
  await profiles.save(ProfileInputSchema.parse({ name: profileName, baseUrl: server.baseUrl, caPem: cert.certPem, trustSystemCertificates: false, rateBudgetRps: 50 }));
  const savedKey = process.env.SVC_API_KEY;
  process.env.SVC_API_KEY = 'test-key';
  return {
    dir,
    async close() {
      if (savedKey === undefined) delete process.env.SVC_API_KEY;
      else process.env.SVC_API_KEY = savedKey;
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
