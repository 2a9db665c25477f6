import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// utilityProcess cannot run without the Electron binary: a recording fake answers fork() with a
// process that prints the ready line the real child entry prints, so the host's adapter is exercised.
const forks = vi.hoisted(() => [] as { entry: string; options: { env: Record<string, string>; stdio: string }; killed: boolean }[]);
vi.mock('electron', () => ({
  utilityProcess: {
    fork(entry: string, _args: string[], options: { env: Record<string, string>; stdio: string }) {
      const child = Object.assign(new EventEmitter(), { stdout: new PassThrough(), stderr: new PassThrough(), pid: 4242, kill: () => true });
      const record = { entry, options, killed: false };
      forks.push(record);
      child.kill = () => {
        record.killed = true;
        queueMicrotask(() => child.emit('exit', 0));
        return true;
      };
      queueMicrotask(async () => {
        child.emit('spawn');
        const certPath = join(options.env.SWAP_EXPLORER_LOCAL_DATA_DIR!, 'cert.pem');
        await writeFile(certPath, '-----BEGIN CERTIFICATE-----\nfake\n-----END CERTIFICATE-----\n');
        child.stdout.write(`${JSON.stringify({ baseUrl: 'https://127.0.0.1:40123', caCertPath: certPath })}\n`);
      });
      return child;
    },
  },
}));

const { createUtilityProcessHost } = await import('./local-service-host.ts');

describe('the utilityProcess local-service host', () => {
  it('forks the bundled entry with the data dir and key in its environment, pins its certificate and stops it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'utility-host-'));
    const host = createUtilityProcessHost(dataDir, '/app/out/main');
    const info = await host.start();
    expect(forks).toHaveLength(1);
    expect(forks[0]!.entry).toBe('/app/out/main/local-service.js');
    expect(forks[0]!.options.stdio).toBe('pipe');
    expect(forks[0]!.options.env.SWAP_EXPLORER_LOCAL_DATA_DIR).toBe(join(dataDir, 'local-service'));
    expect(forks[0]!.options.env.SWAP_EXPLORER_LOCAL_KEY).toBe(info.apiKey);
    expect(info).toMatchObject({ baseUrl: 'https://127.0.0.1:40123', pid: 4242 });
    expect(info.caPem).toContain('BEGIN CERTIFICATE');
    expect(host.status()).toMatchObject({ state: 'running', baseUrl: 'https://127.0.0.1:40123' });
    await host.stop();
    expect(forks[0]!.killed).toBe(true);
    expect(host.status().state).toBe('stopped');
  });
});
