import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CERTIFICATE_FILE } from '../../domain/local-service-child.ts';
import type { LocalServiceStatus } from './host.ts';

/** The local service's certificate as Settings shows it: file, PEM and SHA-256 fingerprint. */
export type CertificateView = NonNullable<LocalServiceStatus['certificate']>;

/**
 * The certificate as Settings shows it: file, PEM and the SHA-256 fingerprint of its DER bytes
 * (AB:CD:… as `openssl x509 -fingerprint -sha256` prints it).
 */
export function certificateOf(path: string, pem: string): CertificateView {
  const body = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/.exec(pem)?.[1] ?? '';
  const digest = createHash('sha256').update(Buffer.from(body.replace(/\s+/g, ''), 'base64')).digest('hex').toUpperCase();
  return { path, pem, sha256: digest.match(/../g)!.join(':') };
}

/**
 * The certificate an earlier run left in the service's data dir, or null when there is none yet.
 * The service reuses that file on its next start, so integrators can pin it before this run starts it.
 */
export function readCachedCertificate(serviceDir: string): CertificateView | null {
  const path = join(serviceDir, CERTIFICATE_FILE);
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch {
    // No file yet (never started) or unreadable: the next start writes it and reports it.
    return null;
  }
  return pem.includes('-----BEGIN CERTIFICATE-----') ? certificateOf(path, pem) : null;
}
