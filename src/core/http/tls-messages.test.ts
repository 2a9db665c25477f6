import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateCertificate } from '../../service/tls.ts';
import { createRequestService } from '../request/send-request.ts';
import { fixedConnections } from '../request/test-support.ts';
import { inThreadSink } from '../request/record.ts';
import { makeCert, startRawHttps, testConnection, TRANSPORTS } from './test-support.ts';

// What a TLS refusal says, against real HTTPS servers on port 0 presenting the certificates users
// meet: it names what is wrong with the certificate and what to do, and never Node's advice to run
// Node.js with --use-system-ca, which a user of the app or CLI cannot follow and which would not help.

let dir: string;
let selfSigned: { cert: string; key: string };
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tls-messages-'));
  const local = await loadOrCreateCertificate(dir);
  selfSigned = { cert: local.certPem, key: local.keyPem };
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Case {
  name: string;
  presented: () => Promise<{ cert: string; key: string }>;
  trusted: (presented: { cert: string }) => Promise<string | null>;
  says: string;
}

const CASES: Case[] = [
  { name: 'a self-signed certificate the profile does not pin', presented: async () => selfSigned, trusted: async () => null, says: "The TLS connection was refused: the service's certificate is self-signed and the profile does not trust it: add that certificate to the profile as its CA certificate (self-signed certificate)" },
  {
    name: 'an expired certificate',
    presented: () => makeCert({ isCa: true, validFrom: new Date(Date.now() - 10 * 86_400_000), validTo: new Date(Date.now() - 86_400_000) }),
    trusted: async (presented) => presented.cert,
    says: "The TLS connection was refused: the service's certificate has expired, or this computer's clock is ahead: check the clock, else the service's operator must renew it (certificate has expired)",
  },
  { name: 'a certificate for another host', presented: () => makeCert({ isCa: true, hosts: ['example.invalid'] }), trusted: async (presented) => presented.cert, says: "The TLS connection was refused: the certificate is for another host than the base URL's: check the base URL's host name (Hostname/IP does not match certificate's altnames" },
  {
    name: 'a certificate from a CA the profile does not trust',
    presented: async () => makeCert({ ca: await makeCert({ isCa: true, hosts: ['ca.invalid'] }) }),
    trusted: async () => (await makeCert({ isCa: true, hosts: ['other.invalid'] })).cert,
    says: 'The TLS connection was refused: the certificate is signed by a CA the profile does not trust: add that CA certificate to the profile (unable to verify the first certificate)',
  },
];

describe.for(TRANSPORTS)('a TLS refusal over %s', { timeout: 30_000 }, ([, transport]) => {
  for (const each of CASES) {
    it(`says what is wrong and what to do: ${each.name}`, async () => {
      const presented = await each.presented();
      const server = await startRawHttps(presented, (_req, res) => res.end('{}'));
      const caPem = await each.trusted(presented);
      const connection = testConnection(server.baseUrl, { profileId: 'p', caPem, trustSystemCertificates: caPem === null });
      const requests = createRequestService({ connections: fixedConnections(connection), history: inThreadSink({ insert: (entry) => ({ ...entry, id: 1 }) }), client: { transport } });
      try {
        const { entry } = await requests.send({ profileId: 'p', endpoint: 'swap.chains', params: {} });
        expect(entry.appError?.code).toBe('TLS');
        expect(entry.appError?.message).toContain(each.says);
        expect(entry.appError?.message).not.toContain('--use-system-ca');
      } finally {
        await requests.close();
        await server.close();
      }
    });
  }
});
