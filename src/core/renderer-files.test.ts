import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRendererFile, resolveRendererPath } from './renderer-files.ts';
import { CONTENT_SECURITY_POLICY } from './content-security-policy.ts';

let root: string;
beforeAll(async () => {
  const parent = await mkdtemp(join(tmpdir(), 'renderer-files-'));
  root = join(parent, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html>');
  await writeFile(join(root, 'assets', 'app.js'), 'export {}');
  await writeFile(join(parent, 'secret.txt'), 'outside');
});

describe('renderer files', () => {
  it('serves index.html for the root with the CSP header', async () => {
    const file = await readRendererFile(root, '/');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('text/html');
    expect(file.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('serves assets with their content type', async () => {
    const file = await readRendererFile(root, '/assets/app.js');
    expect(file.headers['content-type']).toContain('text/javascript');
    expect(file.body.toString()).toBe('export {}');
  });

  it.each(['/../secret.txt', '/%2e%2e/secret.txt', '/assets/../../secret.txt', '/%E0%A4%A'])('never reads outside the root (%s)', async (path) => {
    const file = await readRendererFile(root, path);
    expect(file.status).toBe(404);
    expect(file.body.toString()).not.toContain('outside');
  });

  it('refuses paths that escape before normalisation', () => {
    expect(resolveRendererPath(root, '/../../etc/passwd')).toBeNull();
  });
});

describe('content security policy', () => {
  it('forbids network, inline script and eval', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-(inline|eval)/);
  });
});
