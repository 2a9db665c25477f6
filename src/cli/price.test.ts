import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess as cli } from './test-support.ts';

// `price --help` against what price does: each exit code it lists, met through the local service
// the default profile starts.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-price-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('price --help', () => {
  it('lists the exit codes price ends with, and the service default of --slippage-bps', async () => {
    const help = await cli(['price', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--slippage-bps N       maximum slippage (service default 100)');
    expect(help.stdout).toContain('Exit codes: 0 an answer (a price, or no liquidity), 1 the service answered an error or could not be\nreached, 2 bad input, 130 interrupted (Ctrl-C) before the answer came.');
    const trade = ['--chain', '1', '--buy', 'USDC', '--data-dir', dir];
    const noLiquidity = await cli(['price', ...trade, '--sell', 'WETH', '--amount', '0.000000000000000001']);
    expect({ code: noLiquidity.code, buy: /^buy +no liquidity$/m.test(noLiquidity.stdout) }).toEqual({ code: 0, buy: true });
    const refused = await cli(['price', ...trade, '--sell', `0x${'12'.repeat(20)}`, '--sell-decimals', '18', '--amount', '1']);
    expect({ code: refused.code, error: /^error +TOKEN_NOT_SUPPORTED: /m.test(refused.stdout) }).toEqual({ code: 1, error: true });
    expect((await cli(['price', ...trade, '--sell', 'WETH', '--amount', '-1'])).code).toBe(2);
  });
});

describe('price and compare --help', () => {
  it("say --profile names a profile of --data-dir's profiles.json, where the app's are not", async () => {
    // "connection profile" read as any profile the app shows; the CLI reads only its data folder's.
    for (const command of ['price', 'compare']) {
      const help = (await cli([command, '--help'])).stdout;
      expect(help.replace(/\n {25}/g, ' '), command).toMatch(/--profile NAME {9}a profile of --data-dir's profiles\.json \(default "Local service"[^)]*\); the app keeps its own in its data folder \(About shows it\)\n/);
      expect(help.replace(/\n {25}/g, ' '), command).toContain('--data-dir D           where the profiles, history and runs are (default ~/.swap-explorer or SWAP_EXPLORER_DATA_DIR)');
    }
  });
});

describe('price with bad input', () => {
  it('quotes a value back with its control characters shown, not dropped: "1<BEL>" must not read as "1"', async () => {
    const ran = await cli(['price', '--chain', '1', '--sell', 'WETH', '--buy', 'USDC', '--amount', '1\u0007', '--data-dir', dir]);
    expect(ran.code).toBe(2);
    expect(ran.stderr.split('\n')[0]).toBe('swap-explorer price: --amount "1\\x07" is not an amount: use digits, an optional decimal point and optional thousands commas');
  });
});

describe('price on a local service whose certificate file was damaged', () => {
  it('says on stderr that the certificate was replaced, where the old files went and the new one is, and prices', async () => {
    const first = await cli(['price', '--chain', '1', '--sell', 'WETH', '--buy', 'USDC', '--amount', '1', '--data-dir', dir]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toContain('certificate');
    const certPath = join(dir, 'local-service', 'cert.pem');
    await writeFile(certPath, 'truncated by a full disk\n');
    const next = await cli(['price', '--chain', '1', '--sell', 'WETH', '--buy', 'USDC', '--amount', '1', '--data-dir', dir]);
    expect(next.code, next.stderr).toBe(0);
    const lines = next.stderr.split('\n').filter((line) => line.includes('certificate'));
    expect(lines).toEqual([expect.stringMatching(/^swap-explorer price: The local service's certificate in \S+ was replaced with a new one because cert\.pem does not hold a readable certificate\. The old files were kept as cert\.pem\.damaged-\S+ and key\.pem\.damaged-\S+\. /)]);
    expect(lines[0]).toContain(`must take the new one from ${certPath}.`);
  });
});
