import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BIN, ROOT, inProcess as cli, type Ran } from './test-support.ts';
import { openProfileStore, ProfileInputSchema } from '../core/profiles/index.ts';
import { startLocalService } from '../service/index.ts';

// The chain flags of price, compare and explain, refused before anything is sent or opened.

describe('an exact buy amount asked of compare', () => {
  it('is refused with why (Permit2 prices no buyAmount) and what to do instead, before anything is sent', async () => {
    for (const flag of ['--buy-amount', '--buyAmount']) {
      const ran = await cli(['compare', '--sell', 'USDC', '--buy', 'WETH', flag, '1', '--chains', '1']);
      expect(ran.code).toBe(2);
      expect(ran.stdout).toBe('');
      expect(ran.stderr.split('\n')[0]).toBe(`swap-explorer compare: ${flag}: compare prices an amount sold only, as Permit2's price takes no buyAmount (spec), so the two models cannot be compared buying an exact amount; give --amount in the sell token, or price an exact-out on Allowance Holder in the app's Explorer`);
    }
  });
});

describe('a chain flag given a name', () => {
  it('price and explain say --chain takes one id and which id the name is', async () => {
    const price = await cli(['price', '--chain', 'base', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1']);
    expect(price.code).toBe(2);
    expect(price.stderr.split('\n')[0]).toBe('swap-explorer price: --chain takes a chain id, not a name: "base" is 8453 (Base)');
    const explain = await cli(['explain', '{}', '--chain', 'Arbitrum']);
    expect(explain.code).toBe(2);
    expect(explain.stderr).toContain('--chain takes a chain id, not a name: "Arbitrum" is 42161 (Arbitrum)');
  });

  it('compare names the id of each name in --chains', async () => {
    const compare = await cli(['compare', '--chains', '1,base,polygon', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1']);
    expect(compare.code).toBe(2);
    expect(compare.stderr.split('\n')[0]).toBe('swap-explorer compare: --chains takes chain ids, not names: "base" is 8453 (Base), "polygon" is 137 (Polygon)');
  });

  it('price does not ask for a comma list of what takes one id, when the text is no chain name', async () => {
    const price = await cli(['price', '--chain', 'x1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1']);
    expect(price.code).toBe(2);
    expect(price.stderr.split('\n')[0]).toBe('swap-explorer price: --chain must be a chain id such as 1, 8453 or 42161, got "x1"');
    const compare = await cli(['compare', '--chains', '1;8453', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1']);
    expect(compare.stderr.split('\n')[0]).toBe('swap-explorer compare: --chains must be chain ids separated by commas (e.g. 1,8453,42161), got "1;8453"');
  });
});

describe('a flag given twice, or a number not in decimal digits', () => {
  // Its own folder: a flag the code took would run the price, and no run may touch the user's.
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cli-flags-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  it('price and compare refuse --amount twice rather than price the last one, before anything is sent', async () => {
    const price = await cli(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--amount', '2', '--data-dir', dir]);
    expect(price.code).toBe(2);
    expect(price.stderr.split('\n')[0]).toBe('swap-explorer price: --amount is given twice ("1" and "2"): give it once');
    const compare = await cli(['compare', '--chains', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--chains', '8453', '--data-dir', dir]);
    expect(compare.code).toBe(2);
    expect(compare.stderr.split('\n')[0]).toBe('swap-explorer compare: --chains is given twice ("1" and "8453"): give it once');
  });

  it('refuses --slippage-bps and --swap-fee-bps in any form but decimal digits', async () => {
    for (const value of [' 5 ', '0x10', '1e3', '5.0']) {
      const price = await cli(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--slippage-bps', value, '--data-dir', dir]);
      expect(price.code, value).toBe(2);
      expect(price.stderr.split('\n')[0]).toBe(`swap-explorer price: --slippage-bps must be a whole number, got "${value}"`);
    }
    const compare = await cli(['compare', '--chains', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1', '--swap-fee-bps', '10 ', '--data-dir', dir]);
    expect(compare.stderr.split('\n')[0]).toBe('swap-explorer compare: --swap-fee-bps must be a whole number, got "10 "');
  });
});

// Ctrl-C in a terminal signals the whole foreground group: the command and the local service it is
// starting. The service's key.pem is made a FIFO no one writes, so the service waits there, started
// but not ready, until the signal comes: the moment the bug showed up at (about 0.15-0.4 s in).
describe('Ctrl-C while the local service is starting', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cli-interrupt-'));
    await mkdir(join(dir, 'local-service'), { recursive: true });
    execFileSync('mkfifo', [join(dir, 'local-service', 'key.pem')]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function interrupted(args: string[]): Promise<Ran> {
    const child = spawn(process.execPath, [BIN, ...args, '--data-dir', dir], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    const pid = child.pid!;
    // The service's process, once the command has started it.
    await vi.waitFor(async () => expect((await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim()).not.toBe(''), { timeout: 30_000, interval: 10 });
    process.kill(-pid, 'SIGINT');
    return { code: await closed, stdout, stderr };
  }

  it('price exits 130 saying it was interrupted, not that the service failed', async () => {
    const ran = await interrupted(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '1000']);
    expect(ran).toEqual({ code: 130, stdout: '', stderr: 'swap-explorer price: interrupted (Ctrl-C) before an answer came; nothing was priced\n' });
  });

  it('compare, one size or a ladder, exits 130 saying it was interrupted', async () => {
    for (const size of [['--amount', '1000'], ['--amounts', '1,10']]) {
      const ran = await interrupted(['compare', '--sell', 'USDC', '--buy', 'WETH', ...size, '--chains', '1']);
      expect({ size, code: ran.code, stderr: ran.stderr }).toEqual({ size, code: 130, stderr: 'swap-explorer compare: interrupted (Ctrl-C) before an answer came; nothing was compared\n' });
    }
  });
});

// A service that answers slowly, its command interrupted before any answer came (a saved profile:
// the Ctrl-C reaches the command alone, and the run is cancelled rather than failed).
describe('Ctrl-C before a slow service answered', () => {
  it('compare, one size or a ladder, prints no table of cancelled rows, only that nothing was compared', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cli-interrupt-slow-'));
    const service = await startLocalService({ dataDir: join(dir, 'service'), apiKeys: [{ key: 'slow-key', team: 'slow' }], latencyMs: 60_000 });
    try {
      const profiles = await openProfileStore(dir);
      await profiles.save(ProfileInputSchema.parse({ name: 'Slow', baseUrl: service.baseUrl, caPem: service.caCertPem, trustSystemCertificates: false, rateBudgetRps: 20 }));
      for (const size of [['--amount', '10'], ['--amounts', '10,20']]) {
        const child = spawn(process.execPath, [BIN, 'compare', '--sell', 'USDC', '--buy', 'WETH', ...size, '--chains', '1,8453', '--profile', 'Slow', '--data-dir', dir], { cwd: ROOT, env: { ...process.env, SVC_API_KEY: 'slow-key' }, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
        // Under way, nothing answered: its progress line says so.
        await vi.waitFor(() => expect(stderr).toMatch(/^compare: 0\/\d+ done$/m), { timeout: 60_000, interval: 20 });
        child.kill('SIGINT');
        expect({ size, code: await closed, stdout }).toEqual({ size, code: 130, stdout: '' });
        expect(stderr).toContain('swap-explorer compare: interrupted (Ctrl-C) before an answer came; nothing was compared\n');
      }
    } finally {
      await service.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
