import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from './content-security-policy.ts';

/**
 * Serves the built renderer (out/renderer) for main's app:// protocol and for the e2e harness, so
 * both answer the same files with the same headers. Paths are confined to the root: a request for
 * `../` or an encoded variant never reads outside it.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** An answer for one renderer file request. */
export interface RendererFile {
  status: 200 | 404;
  headers: Record<string, string>;
  body: Buffer;
}

/** Resolves a URL path under root; null when it would leave root. */
export function resolveRendererPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const full = normalize(join(root, relative));
  const base = normalize(root.endsWith(sep) ? root : root + sep);
  return full.startsWith(base) ? full : null;
}

/** Reads the file for a URL path, with content type, CSP and no-sniff headers. */
export async function readRendererFile(root: string, urlPath: string): Promise<RendererFile> {
  const headers = { 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff' };
  const path = resolveRendererPath(root, urlPath);
  if (path === null) return { status: 404, headers, body: Buffer.from('not found') };
  try {
    const body = await readFile(path);
    return { status: 200, headers: { ...headers, 'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream' }, body };
  } catch {
    return { status: 404, headers, body: Buffer.from('not found') };
  }
}
