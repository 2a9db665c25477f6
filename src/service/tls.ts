import { X509Certificate } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CERTIFICATE_FILE } from '../domain/local-service-child.ts';

/**
 * The local service's certificate: self-signed, valid for 127.0.0.1, ::1 and localhost, and marked
 * as its own CA so that a client that pins it with the `ca` option passes Node's normal checks.
 * Generated on first start and cached in the data dir, so a pinned certificate survives restarts.
 */

/** The certificate and key in PEM, and where the certificate is stored. */
export interface ServiceCertificate {
  certPem: string;
  keyPem: string;
  certPath: string;
}

export { CERTIFICATE_FILE };

const VALID_DAYS = 825;
// Renew a cached certificate this long before it expires, so a client never sees it lapse mid-run.
const RENEW_MARGIN_MS = 7 * 24 * 3600 * 1000;

async function readCached(certPath: string, keyPath: string): Promise<ServiceCertificate | undefined> {
  try {
    const [certPem, keyPem] = await Promise.all([readFile(certPath, 'utf8'), readFile(keyPath, 'utf8')]);
    const cert = new X509Certificate(certPem);
    const isFresh = Date.parse(cert.validTo) - Date.now() > RENEW_MARGIN_MS;
    const isForLocalhost = cert.checkIP('127.0.0.1') !== undefined;
    return isFresh && isForLocalhost ? { certPem, keyPem, certPath } : undefined;
  } catch {
    // Missing or unreadable files: generate a new pair below.
    return undefined;
  }
}

async function generatePair(): Promise<{ certPem: string; keyPem: string }> {
  const notBeforeDate = new Date(Date.now() - 3600 * 1000);
  const notAfterDate = new Date(notBeforeDate.getTime() + VALID_DAYS * 24 * 3600 * 1000);
  // Loaded only when a certificate is made (first start): the library is most of the service's start time.
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: 'Swap Explorer local service' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  return { certPem: pems.cert, keyPem: pems.private };
}

/** Loads the cached certificate from `dataDir`, or generates and caches a new one. */
export async function loadOrCreateCertificate(dataDir: string): Promise<ServiceCertificate> {
  await mkdir(dataDir, { recursive: true });
  const certPath = join(dataDir, CERTIFICATE_FILE);
  const keyPath = join(dataDir, 'key.pem');
  const cached = await readCached(certPath, keyPath);
  if (cached) return cached;
  const { certPem, keyPem } = await generatePair();
  // Write then rename, so a concurrent start never reads half a file.
  const suffix = `.${process.pid}.${Date.now()}.tmp`;
  await writeFile(keyPath + suffix, keyPem, { mode: 0o600 });
  await writeFile(certPath + suffix, certPem);
  await rename(keyPath + suffix, keyPath);
  await rename(certPath + suffix, certPath);
  return { certPem, keyPem, certPath };
}
