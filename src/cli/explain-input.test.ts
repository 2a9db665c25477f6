import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from './compare-run.ts';
import { looksLikePath, unreadable } from './explain-input.ts';
import { inProcess as cli } from './test-support.ts';

// What `explain <input>` takes as a file, against real files and folders in a temp dir: a mistyped
// file name is a usage error naming the file, never explained as a URL or "not recognised".

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-explain-input-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('explain: when the argument is a file', () => {
  it('names a file that does not exist, absolute, bare or relative, and exits 2', async () => {
    for (const missing of [join(dir, 'x', 'missing.har'), 'missing.har', './customer.har', 'Downloads/customer', 'C:\\Users\\me\\customer.har']) {
      const ran = await cli(['explain', missing]);
      expect(ran.code, missing).toBe(2);
      expect(ran.stderr).toContain(`swap-explorer explain: file ${missing} does not exist`);
      expect(ran.stdout).toBe('');
    }
  });

  it('says a folder is not a file, and exits 2', async () => {
    const folder = join(dir, 'export');
    await mkdir(folder);
    const ran = await cli(['explain', folder]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(`swap-explorer explain: ${folder} is a directory, not a file`);
  });

  // Root (as CI runs) reads a file whatever its mode, so the refusal is the system's error given
  // to the mapping directly, rather than a test that runs only as another user.
  it('says a file it may not read cannot be read, in words, as a usage error', () => {
    for (const code of ['EACCES', 'EPERM']) {
      const error = unreadable('/data/locked.har', Object.assign(new Error(`${code}: operation refused`), { code }));
      expect(error).toBeInstanceOf(UsageError);
      expect(error.message).toBe('file /data/locked.har cannot be read: permission denied');
    }
    expect(unreadable('/data/x.har', Object.assign(new Error('i/o'), { code: 'EIO' })).message).toBe('file /data/x.har cannot be read: EIO');
  });

  it('still reads a path of the service, a host with its path and a URL as a request', async () => {
    const query = `chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=100000000`;
    for (const request of [`/swap/permit2/price?${query}`, '/swap/v1/price', 'api.example.com/swap/permit2/price', `https://api.example.com/swap/permit2/price?${query}`]) {
      const ran = await cli(['explain', request]);
      expect(ran.stdout, request).toMatch(/^Recognised: a request \(url\)/);
    }
  });

  it('says what it expected for text it cannot read, once and without "paste"', async () => {
    const ran = await cli(['explain', 'hello']);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toBe('Not recognised: Expected a zid (24 hex digits, with or without 0x, or 0x and its first 6 or more), a URL, a curl command, a fetch or axios snippet, a Python requests call, a PowerShell Invoke-RestMethod, a raw HTTP request, a JSON body, a transaction\'s calldata, or a HAR / history file.\n');
  });

  it('documents the rule: a path by its ending or its separator, never a URL, query, JSON or curl line', () => {
    for (const path of ['missing.har', 'a b.JSON', 'notes.txt', '/tmp/x/missing', '../customer', '~/customer', 'dir\\file']) expect(looksLikePath(path), path).toBe(true);
    for (const text of ['hello', '0x5ca1ab1e', '/swap/permit2/price', '/sources', 'api.0x.org/swap/v1/price', 'localhost:8443/swap/chains', 'https://x.org/a.json', '/a.json?x=1', '{"a":"b.json"}', "curl 'https://x/a.har'", 'a\nb.har']) expect(looksLikePath(text), text).toBe(false);
  });
});
