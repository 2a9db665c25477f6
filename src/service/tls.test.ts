import { X509Certificate } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_LOCK_FILE } from './certificate-lock.ts';
import { CERTIFICATE_FILE, KEY_FILE, loadOrCreateCertificate } from './tls.ts';

// Real files in a temp dir: a first start, then the damage a user's disk or hands can do to them.

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tls-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const fingerprintOf = (pem: string) => new X509Certificate(pem).fingerprint256;

async function filesAside(): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name !== CERTIFICATE_FILE && name !== KEY_FILE).sort();
}

describe('the local service certificate', () => {
  it('is made silently at first start and reused, unchanged and silently, at the next', async () => {
    const first = await loadOrCreateCertificate(dir);
    expect(first.notice).toBeNull();
    const again = await loadOrCreateCertificate(dir);
    expect(again).toEqual(first);
    expect(await filesAside()).toEqual([]);
  });

  it('replacing a damaged certificate file, says so with the file and reason, and keeps the old files aside', async () => {
    const first = await loadOrCreateCertificate(dir);
    await writeFile(join(dir, CERTIFICATE_FILE), 'not a certificate\n');
    const next = await loadOrCreateCertificate(dir);
    expect(fingerprintOf(next.certPem)).not.toBe(fingerprintOf(first.certPem));
    expect(await readFile(next.certPath, 'utf8')).toBe(next.certPem);
    const aside = await filesAside();
    expect(aside).toEqual([expect.stringMatching(/^cert\.pem\.damaged-\d{8}T\d{9}Z$/), expect.stringMatching(/^key\.pem\.damaged-\d{8}T\d{9}Z$/)]);
    expect(await readFile(join(dir, aside[0]!), 'utf8')).toBe('not a certificate\n');
    expect(await readFile(join(dir, aside[1]!), 'utf8')).toBe(first.keyPem);
    expect(next.notice).toBe(
      `The local service's certificate in ${dir} was replaced with a new one because cert.pem does not hold a readable certificate. ` +
        `The old files were kept as ${aside[0]} and ${aside[1]}. Clients that pinned the old certificate (integrators, saved profiles) must take the new one from ${next.certPath}.`,
    );
  });

  it('replacing a certificate that cannot be read, names the reason in words', async () => {
    await loadOrCreateCertificate(dir);
    await rm(join(dir, CERTIFICATE_FILE));
    // A folder where the file was: unreadable whoever runs the test (root reads a file of mode 000).
    await mkdir(join(dir, CERTIFICATE_FILE));
    const next = await loadOrCreateCertificate(dir);
    expect(next.notice).toContain('because cert.pem cannot be read (it is a folder).');
    expect(await filesAside()).toEqual([expect.stringMatching(/^cert\.pem\.damaged-/), expect.stringMatching(/^key\.pem\.damaged-/)]);
    expect(new X509Certificate(await readFile(join(dir, CERTIFICATE_FILE), 'utf8')).checkIP('127.0.0.1')).toBe('127.0.0.1');
  });

  it('replacing a key that is not the certificate\'s, or is missing, says which file', async () => {
    const first = await loadOrCreateCertificate(dir);
    const other = await loadOrCreateCertificate(join(dir, 'other'));
    await writeFile(join(dir, KEY_FILE), other.keyPem);
    expect((await loadOrCreateCertificate(dir)).notice).toContain('because key.pem is not the key of cert.pem.');
    await rm(join(dir, KEY_FILE));
    const next = await loadOrCreateCertificate(dir);
    expect(next.notice).toContain('because key.pem is missing. The old files were kept as cert.pem.damaged-');
    expect(next.notice).not.toContain('key.pem.damaged-');
    expect(fingerprintOf(next.certPem)).not.toBe(fingerprintOf(first.certPem));
  });

  it('replacing a private key file of garbage, says so', async () => {
    await loadOrCreateCertificate(dir);
    await writeFile(join(dir, KEY_FILE), '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n');
    expect((await loadOrCreateCertificate(dir)).notice).toContain('because key.pem does not hold a readable private key.');
  });

  it('renewing a certificate that expires within the week, says so and keeps the old pair as previous', async () => {
    const { generate } = await import('selfsigned');
    const now = Date.now();
    const expiring = await generate([{ name: 'commonName', value: 'expiring' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notBeforeDate: new Date(now - 3600_000),
      notAfterDate: new Date(now + 2 * 24 * 3600_000),
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    await writeFile(join(dir, CERTIFICATE_FILE), expiring.cert);
    await writeFile(join(dir, KEY_FILE), expiring.private);
    const next = await loadOrCreateCertificate(dir);
    const expiry = new Date(Date.parse(new X509Certificate(expiring.cert).validTo)).toISOString().slice(0, 10);
    expect(next.notice).toContain(`because cert.pem expires on ${expiry}, within a week.`);
    expect(await filesAside()).toEqual([expect.stringMatching(/^cert\.pem\.previous-/), expect.stringMatching(/^key\.pem\.previous-/)]);
  });

  it('makes the pair once for starts at once, and is not held up by the lock of a start that was killed', async () => {
    const starts = await Promise.all([1, 2, 3].map(() => loadOrCreateCertificate(dir)));
    expect(new Set(starts.map((start) => start.certPem)).size).toBe(1);
    expect(await readFile(join(dir, CERTIFICATE_FILE), 'utf8')).toBe(starts[0]!.certPem);
    expect(await filesAside()).toEqual([]);
    // A lock left behind: its owner (a process that has exited) cannot finish, so it is taken over.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const fresh = join(dir, 'fresh');
    await mkdir(fresh);
    await writeFile(join(fresh, CERTIFICATE_LOCK_FILE), String(gone));
    const next = await loadOrCreateCertificate(fresh);
    expect(await readFile(join(fresh, CERTIFICATE_FILE), 'utf8')).toBe(next.certPem);
    expect((await readdir(fresh)).sort()).toEqual([CERTIFICATE_FILE, KEY_FILE]);
    // Well under the minute after which any lock counts as left behind: the dead owner is seen at once.
  }, 20_000);
});
