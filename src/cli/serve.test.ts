import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from './main.ts';
import { serveCommand, serveOptions } from './serve.ts';
import { defaultDataDir } from './compare-run.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = join(ROOT, 'src/cli/run.ts');
const BIN = join(ROOT, 'bin/swap-explorer.js');

interface Running {
  child: ChildProcessWithoutNullStreams;
  line: Record<string, unknown>;
  stderr: () => string;
  exit: Promise<number | null>;
}

function start(script: string, args: string[], cwd = ROOT): Promise<Running> {
  const child = spawn(process.execPath, [script, 'serve', ...args], { cwd });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk) => (err += chunk));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve({ child, line: JSON.parse(out.slice(0, out.indexOf('\n'))), stderr: () => err, exit });
    });
    void exit.then((code) => reject(new Error(`serve exited with ${code} before printing its line: ${err}`)));
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('swap-explorer serve', () => {
  it('prints one JSON line once listening, serves over pinned HTTPS, logs access to a file and stops on SIGTERM', async () => {
    const log = join(dir, 'access.log');
    const running = await start(MAIN, ['--port', '0', '--seed', '2', '--data-dir', dir, '--api-key', 'cli-key:team-a', '--access-log', log]);
    expect(running.line).toEqual({ baseUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+$/), caCertPath: join(dir, 'cert.pem'), apiKeys: ['cli-key'], apiKeyPath: null, headers: { apiKey: 'svc-api-key', version: 'svc-version' } });
    const agent = new Agent({ connect: { ca: await readFile(running.line.caCertPath as string, 'utf8') } });
    const response = await request(`${running.line.baseUrl}/swap/chains`, { headers: { 'svc-api-key': 'cli-key', 'svc-version': 'v2' }, dispatcher: agent });
    const body = (await response.body.json()) as { zid: string };
    expect(response.statusCode).toBe(200);
    await agent.close();
    // The access log is written after the answer is sent: on a busy machine that can take seconds.
    await vi.waitFor(async () => expect(await readFile(log, 'utf8')).toContain(body.zid), { timeout: 15_000, interval: 50 });
    const entry = JSON.parse((await readFile(log, 'utf8')).trim().split('\n').at(-1)!);
    expect(entry).toMatchObject({ zid: body.zid, path: '/swap/chains', status: 200, method: 'GET' });
    expect(typeof entry.ms).toBe('number');
    running.child.kill('SIGTERM');
    expect(await running.exit).toBe(0);
    expect(running.stderr()).toContain('SIGTERM');
    expect(running.stderr()).not.toContain('cli-key');
  });

  it('prints the certificate of a relative --data-dir as an absolute path, which a client in another folder can pin', async () => {
    // npm run serve -- --data-dir svc runs in the package's root: "svc/cert.pem" sent a client in
    // the folder it was typed in to a file that is not there.
    const running = await start(MAIN, ['--workers', '1', '--data-dir', 'svc'], dir);
    try {
      expect(running.line.caCertPath).toBe(join(dir, 'svc', 'cert.pem'));
      expect(await readFile(running.line.caCertPath as string, 'utf8')).toContain('BEGIN CERTIFICATE');
    } finally {
      running.child.kill('SIGTERM');
    }
    expect(await running.exit).toBe(0);
  });

  it('runs through the bin launcher, keeps a key in the data dir when none is given and stops on SIGINT', async () => {
    const running = await start(BIN, ['--data-dir', dir]);
    expect(running.line).toMatchObject({ apiKeys: [expect.stringMatching(/^local_[0-9a-f]{64}$/)], apiKeyPath: join(dir, 'key') });
    running.child.kill('SIGINT');
    expect(await running.exit).toBe(0);
  });
});

describe('a certificate file damaged since the last start', () => {
  // One process, and a cluster (the default on a machine of several cores): both say it.
  it.each([['1'], ['2']])('is replaced with one line on stderr naming the file, the reason and where the new one is (--workers %s)', async (workers) => {
    const dataDir = join(dir, `damaged-${workers}`);
    const first = await start(MAIN, ['--workers', workers, '--data-dir', dataDir]);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(first.stderr()).not.toContain('certificate');
    const certPath = first.line.caCertPath as string;
    await writeFile(certPath, 'half a file\n');

    const next = await start(MAIN, ['--workers', workers, '--data-dir', dataDir]);
    await vi.waitFor(() => expect(next.stderr()).toContain('certificate'), { timeout: 15_000, interval: 50 });
    const [line, ...others] = next.stderr().split('\n').filter((text) => text.includes('certificate'));
    expect(others).toEqual([]);
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(line).toMatch(new RegExp(`^swap-explorer serve: The local service's certificate in ${literal(dataDir)} was replaced with a new one because cert\\.pem does not hold a readable certificate\\. The old files were kept as cert\\.pem\\.damaged-\\S+ and key\\.pem\\.damaged-\\S+\\. Clients that pinned the old certificate \\(integrators, saved profiles\\) must take the new one from ${literal(certPath)}\\.$`));
    const aside = (await readdir(dataDir)).filter((name) => name.startsWith('cert.pem.damaged-'));
    expect(await readFile(join(dataDir, aside[0]!), 'utf8')).toBe('half a file\n');
    // The new certificate is the one that serves: a client that takes it from the path connects.
    const agent = new Agent({ connect: { ca: await readFile(certPath, 'utf8') } });
    const response = await request(`${next.line.baseUrl}/swap/chains`, { headers: { 'svc-api-key': (next.line.apiKeys as string[])[0]!, 'svc-version': 'v2' }, dispatcher: agent });
    expect(response.statusCode).toBe(200);
    await response.body.dump();
    await agent.close();
    next.child.kill('SIGTERM');
    expect(await next.exit).toBe(0);
  });
});

describe('argument handling', () => {
  it('maps every knob to service options', () => {
    const [taker, xStock] = ['0x' + '1'.repeat(40), '0x' + 'aB'.repeat(20)];
    const options = serveOptions(['--latency-ms', '5', '--jitter-ms', '2', '--fault-rate', '0.25', '--rate-limit-rps', '10', '--api-key', 'a:t:custom', '--block-taker', taker, '--xstock', xStock, '--data-dir', '/d', '--max-connections', '64']);
    expect(options).toMatchObject({ latencyMs: 5, jitterMs: 2, faultRate: 0.25, rateLimitRps: 10, maxConnections: 64, dataDir: '/d', apiKeys: [{ key: 'a', team: 't', plan: 'custom' }], blocked: { takers: [taker], xStocks: [xStock] } });
  });

  it('keeps the certificate where price and compare start the service: under SWAP_EXPLORER_DATA_DIR when it is set', () => {
    // It was ~/.swap-explorer/local-service whatever the variable said: serve wrote into the home
    // folder the variable was set to keep clear, and its certificate was not the one price pinned.
    vi.stubEnv('SWAP_EXPLORER_DATA_DIR', '/srv/swap-data');
    try {
      expect(serveOptions([]).dataDir).toBe(join(defaultDataDir(), 'local-service'));
      expect(serveOptions([]).dataDir).toBe('/srv/swap-data/local-service');
      expect(serveOptions(['--data-dir', '/d']).dataDir).toBe('/d');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses a port or seed with a fraction or out of range as a usage error naming the flag and the value, before listening', async () => {
    for (const [flag, value, reason] of [
      ['--port', '1.5', '--port must be a whole number between 0 and 65535, got "1.5"'],
      ['--seed', '1.5', '--seed must be a whole number between 0 and 4294967295, got "1.5"'],
      ['--port', '99999', '--port must be a whole number between 0 and 65535, got "99999"'],
    ]) {
      const io = { out: '', err: '' };
      expect(await main(['serve', '--workers', '1', '--data-dir', join(dir, 'fraction'), flag!, value!], { stdout: (t) => (io.out += t), stderr: (t) => (io.err += t) }), flag).toBe(2);
      expect(io.err.split('\n')[0]).toBe(`swap-explorer serve: ${reason}`);
      expect(io.out).toBe('');
    }
  });

  it('refuses a number not written in decimal digits, naming the flag, where Number() read 0x10 as 16', () => {
    for (const [flag, value, reason] of [
      ['--port', '0x10', '--port must be a whole number between 0 and 65535 in decimal digits, got "0x10"'],
      ['--latency-ms', '1e3', '--latency-ms must be a number between 0 and 600000 in decimal digits, got "1e3"'],
      ['--fault-rate', ' 0.5 ', '--fault-rate must be a number between 0 and 1 in decimal digits, got " 0.5 "'],
      ['--workers', '0b10', '--workers must be a whole number between 1 and 256 in decimal digits, got "0b10"'],
    ] as const) {
      expect(() => serveOptions([flag, value]), value).toThrow(reason);
    }
    expect(serveOptions(['--fault-rate', '0.25', '--latency-ms', '5', '--port', '0']).faultRate).toBe(0.25);
  });

  it('takes --rate-limit-rps as a whole number, 0 for no limit, since the window is one second', () => {
    expect(serveOptions(['--rate-limit-rps', '0']).rateLimitRps).toBe(0);
    expect(serveOptions(['--rate-limit-rps', '3']).rateLimitRps).toBe(3);
    for (const value of ['0.5', '2.5']) {
      expect(() => serveOptions(['--rate-limit-rps', value]), value).toThrow('--rate-limit-rps must be a whole number between 0 and 1000000000');
    }
    expect(serveCommand.usage).toMatch(/--rate-limit-rps N .*\n.*0: no limit \(the default\)/);
  });

  it('refuses an --api-key no client could send as written, or one key given to two teams', () => {
    for (const key of [' spaced', 'trailing ', 'clé', 'tab\tkey']) {
      expect(() => serveOptions(['--api-key', key]), key).toThrow(`--api-key "${key}" must be visible ASCII without spaces`);
    }
    expect(() => serveOptions(['--api-key', 'k:a', '--api-key', 'k:b:custom'])).toThrow('--api-key k is given twice, for team a (standard) and team b (custom): a key belongs to one team');
    expect(serveOptions(['--api-key', 'k:a', '--api-key', 'k:a']).apiKeys).toEqual([{ key: 'k', team: 'a' }, { key: 'k', team: 'a' }]);
  });

  it('refuses a block list value that is not an address, which would never match a request', () => {
    for (const [flag, value] of [['--block-taker', '0xabc'], ['--block-sell-token', 'USDC'], ['--xstock', '']] as const) {
      expect(() => serveOptions([flag, value]), flag).toThrow(`${flag} must be an address (0x and 40 hex digits), got "${value}"`);
    }
  });

  it('takes --block-team for a team of its keys, and refuses one no key belongs to, which would never match', () => {
    expect(serveOptions(['--api-key', 'k:ops', '--api-key', 'j:other', '--block-team', 'ops']).blocked?.teams).toEqual(['ops']);
    expect(serveOptions(['--block-team', 'local']).blocked?.teams).toEqual(['local']);
    expect(() => serveOptions(['--api-key', 'k:ops', '--block-team', 'opz'])).toThrow('--block-team "opz" is not the team of any --api-key (teams: ops)');
  });

  it('says in --help what it prints and how a client connects and stops it', async () => {
    const io = { out: '', err: '' };
    expect(await main(['serve', '--help'], { stdout: (t) => (io.out += t), stderr: (t) => (io.err += t) })).toBe(0);
    for (const words of ['{"baseUrl", "caCertPath", "apiKeys", "apiKeyPath", "headers"}', 'export SVC_API_KEY="$(cat API_KEY_PATH)"', 'curl --cacert', 'svc-api-key: $SVC_API_KEY', 'svc-version: v2', 'NODE_EXTRA_CA_CERTS=CA_CERT_PATH node', 'new Agent({ connect: { ca } })', 'Ctrl-C', 'exit 1', 'exit 2']) {
      expect(io.out, words).toContain(words);
    }
  });

  it("says in --help that a damaged key file is refused and never replaced, and a readable one made 0600", async () => {
    const io = { out: '', err: '' };
    expect(await main(['serve', '--help'], { stdout: (t) => (io.out += t), stderr: (t) => (io.err += t) })).toBe(0);
    const help = io.out.replace(/\s+/g, ' ');
    for (const words of ['A key file that cannot be read or holds no key is refused (exit 1), never replaced', 'delete it for a new one', 'A key file other users can read is made 0600, said once on stderr']) {
      expect(help, words).toContain(words);
    }
  });

  it('exits 2 on bad options and unknown commands, 0 on help', async () => {
    const io = { out: '', err: '' };
    const capture = { stdout: (t: string) => (io.out += t), stderr: (t: string) => (io.err += t) };
    expect(await main(['serve', '--fault-rate', '2'], capture)).toBe(2);
    expect(io.err).toContain('--fault-rate');
    expect(await main(['serve', '--nope'], capture)).toBe(2);
    expect(await main(['frobnicate'], capture)).toBe(2);
    expect(await main(['--help'], capture)).toBe(0);
    expect(io.out).toContain('serve');
  });
});

describe('an access log that cannot be written', () => {
  it('exits 2 naming --access-log and the reason, before listening and without a stack trace', async () => {
    const io = { out: '', err: '' };
    const capture = { stdout: (t: string) => (io.out += t), stderr: (t: string) => (io.err += t) };
    const missing = join(dir, 'no-such-folder', 'access.log');
    expect(await main(['serve', '--workers', '1', '--data-dir', join(dir, 'unlogged'), '--access-log', missing], capture)).toBe(2);
    expect(io.err).toBe(`swap-explorer serve: --access-log "${missing}" cannot be opened for appending (ENOENT)\n`);
    expect(io.out).toBe('');
  });
});

describe('a data dir that cannot be made', () => {
  // A child with a deadline: Node's recursive mkdir spun forever on this path, which in-process would stall the run.
  it('exits 2 naming --data-dir and the reason for a path under /proc, before listening', () => {
    const ran = spawnSync(process.execPath, [MAIN, 'serve', '--workers', '1', '--data-dir', '/proc/swap-explorer-test/svc'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(ran.error).toBeUndefined();
    expect(ran.stderr).toBe('swap-explorer serve: --data-dir "/proc/swap-explorer-test/svc" cannot be created (ENOENT: cannot create /proc/swap-explorer-test: /proc exists but does not accept new folders)\n');
    expect(ran.stdout).toBe('');
    expect(ran.status).toBe(2);
  });
});

describe('a port already in use', () => {
  it('exits 1 naming --port, the port and the way out (another port, or --port 0), in one line without a stack trace', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      for (const workers of ['1', '2']) {
        const ran = spawnSync(process.execPath, [MAIN, 'serve', '--workers', workers, '--port', String(port), '--data-dir', join(dir, 'taken')], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
        expect({ workers, status: ran.status, stdout: ran.stdout }).toEqual({ workers, status: 1, stdout: '' });
        expect(ran.stderr).toBe(
          `swap-explorer serve: could not start: --port ${port} is already in use on 127.0.0.1 (EADDRINUSE): another program, or another serve, listens there; stop it, choose another port, or give --port 0 for a free one (the line on stdout names it)\n`,
        );
      }
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('a token block list naming a token the service does not trade', () => {
  it('exits 2 naming the flag, since such a request already gets TOKEN_NOT_SUPPORTED and the block would never apply', () => {
    const unlisted = `0x${'9'.repeat(40)}`;
    for (const flag of ['--block-buy-token', '--block-sell-token', '--xstock']) {
      // A child with a deadline: a serve that accepted the flag would run until stopped.
      const ran = spawnSync(process.execPath, [MAIN, 'serve', '--workers', '1', '--data-dir', join(dir, 'blocked'), flag, unlisted], { cwd: ROOT, encoding: 'utf8', timeout: 30_000, killSignal: 'SIGINT' });
      expect({ flag, status: ran.status, stdout: ran.stdout }).toEqual({ flag, status: 2, stdout: '' });
      expect(ran.stderr).toBe(
        `swap-explorer serve: ${flag} ${unlisted} is a token no chain of the local service trades: a request for it gets 400 TOKEN_NOT_SUPPORTED before any block list is read, so this block would never apply; name a listed token (USDC on Ethereum is 0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48)\n`,
      );
    }
  });

  it('starts with a listed token (any letter case) and refuses it with the block list\'s error', async () => {
    const running = await start(MAIN, ['--workers', '1', '--data-dir', join(dir, 'blocked'), '--api-key', 'block-key', '--block-buy-token', '0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48']);
    try {
      const agent = new Agent({ connect: { ca: await readFile(running.line.caCertPath as string, 'utf8') } });
      const query = 'chainId=1&sellToken=0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2&buyToken=0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48&sellAmount=1000000000000000000';
      const response = await request(`${running.line.baseUrl}/swap/permit2/price?${query}`, { headers: { 'svc-api-key': 'block-key', 'svc-version': 'v2' }, dispatcher: agent });
      expect({ status: response.statusCode, name: ((await response.body.json()) as { name: string }).name }).toEqual({ status: 422, name: 'BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE' });
      await agent.close();
    } finally {
      running.child.kill('SIGTERM');
      await running.exit;
    }
  });
});
