import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localKeyExport, localServiceCurl } from '../domain/snippets.ts';

// The app's data folder has a space on macOS ("Application Support") and may have a quote in a
// user's name: the copied lines are run by a real shell here, as a user pastes them.
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function keyFile(): string {
  const folder = mkdtempSync(join(tmpdir(), "Application Support o'key "));
  folders.push(folder);
  const path = join(folder, 'key');
  writeFileSync(path, 'local_0123abcd\n');
  return path;
}

describe('the local service key lines', () => {
  it('export SVC_API_KEY reads the key from its file, whatever the path holds', () => {
    const path = keyFile();
    const line = localKeyExport(path);
    expect(line).not.toContain('local_0123abcd');
    expect(execFileSync('sh', ['-c', `${line}\nprintf %s "$SVC_API_KEY"`], { encoding: 'utf8' })).toBe('local_0123abcd');
  });

  it('the example request pins the certificate and sends the key from its file under the spec\'s headers', () => {
    const path = keyFile();
    const curl = localServiceCurl({ baseUrl: 'https://127.0.0.1:4567', caPath: '/data/cert.pem', keyPath: path });
    expect(curl).toMatch(/^curl --cacert \/data\/cert\.pem /);
    expect(curl).toContain("--header 'svc-version: v2'");
    expect(curl.endsWith(' https://127.0.0.1:4567/swap/chains')).toBe(true);
    // curl as the shell hands it its arguments, one a line.
    const words = execFileSync('sh', ['-c', `curl() { printf '%s\\n' "$@"; }\n${curl}`], { encoding: 'utf8' }).split('\n');
    expect(words).toContain('svc-api-key: local_0123abcd');
    expect(words).toContain('svc-version: v2');
  });
});
