import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileFailureReason } from '../core/file-failure.ts';
import { withCertificateLock } from './certificate-lock.ts';
import { CERTIFICATE_FILE } from '../domain/local-service-child.ts';

/**
 * The local service's certificate: self-signed, valid for 127.0.0.1, ::1 and localhost, and marked
 * as its own CA so that a client that pins it with the `ca` option passes Node's normal checks.
 * Generated on first start and cached in the data dir, so a pinned certificate survives restarts.
 * Files that cannot serve (damaged, unreadable, a key of another certificate, expiring) are replaced,
 * never silently: the old ones are kept beside under a suffix, and the notice says where the new
 * certificate is, since every client that pinned the old one now fails its TLS check.
 */

/**
 * The certificate and key in PEM, where the certificate is stored, and `notice`: when files an
 * earlier start left were replaced, what happened in one sentence (serve prints it on stderr, the
 * app shows it in Settings), else null.
 */
export interface ServiceCertificate {
  certPem: string;
  keyPem: string;
  certPath: string;
  notice: string | null;
}

export { CERTIFICATE_FILE };

/** The private key's file name beside the certificate. */
export const KEY_FILE = 'key.pem';

const VALID_DAYS = 825;
// Renew a cached certificate this long before it expires, so a client never sees it lapse mid-run.
const RENEW_MARGIN_MS = 7 * 24 * 3600 * 1000;

/** What the data dir holds: a usable pair, nothing yet (first start), or files to replace and why. */
type Cached = { kind: 'usable'; certPem: string; keyPem: string } | { kind: 'none' } | { kind: 'replace'; reason: string; isDamaged: boolean };

async function readOrFailure(path: string): Promise<{ text: string } | { missing: true } | { failure: string }> {
  try {
    return { text: await readFile(path, 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { missing: true };
    return { failure: fileFailureReason(error) };
  }
}

// The first thing wrong with the pair, as a reason that names the file.
function pairProblem(certPem: string, keyPem: string): Cached {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certPem);
  } catch {
    return { kind: 'replace', reason: `${CERTIFICATE_FILE} does not hold a readable certificate`, isDamaged: true };
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    return { kind: 'replace', reason: `${KEY_FILE} does not hold a readable private key`, isDamaged: true };
  }
  if (!cert.checkPrivateKey(key)) return { kind: 'replace', reason: `${KEY_FILE} is not the key of ${CERTIFICATE_FILE}`, isDamaged: true };
  if (cert.checkIP('127.0.0.1') === undefined) return { kind: 'replace', reason: `${CERTIFICATE_FILE} is not valid for 127.0.0.1`, isDamaged: false };
  const validTo = Date.parse(cert.validTo);
  if (validTo - Date.now() <= RENEW_MARGIN_MS) return { kind: 'replace', reason: `${CERTIFICATE_FILE} expires on ${new Date(validTo).toISOString().slice(0, 10)}, within a week`, isDamaged: false };
  return { kind: 'usable', certPem, keyPem };
}

async function readCached(certPath: string, keyPath: string): Promise<Cached> {
  const [cert, key] = await Promise.all([readOrFailure(certPath), readOrFailure(keyPath)]);
  if ('missing' in cert && 'missing' in key) return { kind: 'none' };
  for (const [file, read] of [[CERTIFICATE_FILE, cert], [KEY_FILE, key]] as const) {
    if ('failure' in read) return { kind: 'replace', reason: `${file} cannot be read (${read.failure})`, isDamaged: true };
    if ('missing' in read) return { kind: 'replace', reason: `${file} is missing`, isDamaged: true };
  }
  return pairProblem((cert as { text: string }).text, (key as { text: string }).text);
}

// rename() would replace a file already there: one set aside earlier in the same millisecond stays.
async function freeName(wanted: string): Promise<string> {
  for (let count = 1; ; count++) {
    const name = count === 1 ? wanted : `${wanted}-${count}`;
    try {
      await stat(name);
    } catch {
      // Free (ENOENT); any other failure is the rename's to report, with its reason.
      return name;
    }
  }
}

// Each file of the old pair that is there is renamed with a suffix, never deleted: a user may want
// it back (a damaged file copied over by mistake) or look at it. Answers the names it got.
async function setAside(paths: readonly string[], label: string): Promise<string[]> {
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  const moved: string[] = [];
  for (const path of paths) {
    const aside = await freeName(`${path}.${label}-${stamp}`);
    try {
      await rename(path, aside);
      moved.push(aside);
    } catch (error) {
      // Gone already (a concurrent start moved it): nothing to keep.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`The local service's ${basename(path)} in ${dirname(path)} must be replaced but cannot be moved aside (${fileFailureReason(error)})`, { cause: error });
    }
  }
  return moved;
}

function replacementNotice(reason: string, moved: readonly string[], certPath: string): string {
  const kept = moved.length === 0 ? '' : ` The old files were kept as ${moved.map((path) => basename(path)).join(' and ')}.`;
  return `The local service's certificate in ${dirname(certPath)} was replaced with a new one because ${reason}.${kept} Clients that pinned the old certificate (integrators, saved profiles) must take the new one from ${certPath}.`;
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

/**
 * Loads the cached certificate from `dataDir`, or generates and caches a new one: at first start
 * silently, and in place of damaged, unreadable or expiring files with a notice (see
 * ServiceCertificate) after moving them aside.
 */
export async function loadOrCreateCertificate(dataDir: string): Promise<ServiceCertificate> {
  await mkdir(dataDir, { recursive: true });
  const certPath = join(dataDir, CERTIFICATE_FILE);
  const keyPath = join(dataDir, KEY_FILE);
  const cached = await readCached(certPath, keyPath);
  if (cached.kind === 'usable') return { certPem: cached.certPem, keyPem: cached.keyPem, certPath, notice: null };
  // Another start may be making the pair now (certificate-lock.ts): one at a time, reading the
  // files again once it is this start's turn, so every start serves the pair the files hold.
  return withCertificateLock(dataDir, async () => {
    const current = await readCached(certPath, keyPath);
    if (current.kind === 'usable') return { certPem: current.certPem, keyPem: current.keyPem, certPath, notice: null };
    return createPair(current, certPath, keyPath);
  });
}

// A new pair in place of what the data dir holds (nothing, or files to set aside first).
async function createPair(cached: Exclude<Cached, { kind: 'usable' }>, certPath: string, keyPath: string): Promise<ServiceCertificate> {
  const { certPem, keyPem } = await generatePair();
  const notice = cached.kind === 'replace' ? replacementNotice(cached.reason, await setAside([certPath, keyPath], cached.isDamaged ? 'damaged' : 'previous'), certPath) : null;
  // Write then rename, so a start that reads without the lock never reads half a file.
  const suffix = `.${process.pid}.${Date.now()}.tmp`;
  await writeFile(keyPath + suffix, keyPem, { mode: 0o600 });
  await writeFile(certPath + suffix, certPem);
  await rename(keyPath + suffix, keyPath);
  await rename(certPath + suffix, certPath);
  return { certPem, keyPem, certPath, notice };
}
