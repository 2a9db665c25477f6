import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Connection } from '../core/ports.ts';
import { createRequestService } from '../core/request/send-request.ts';
import { createRunStore } from '../core/compare/run-store.ts';
import { createCompareRunner, type CompareRunner } from '../core/compare/runner.ts';
import { AppError } from '../ipc/result.ts';
import { HEADER_NAMES, API_VERSION } from '../spec/index.ts';
import type { HistoryEntry, NewHistoryEntry } from '../ipc/schemas/history-entry.ts';

/**
 * The engine behind `compare` and `price`: the same runner and request service as the app. The
 * default profile, Local service, runs `swap-explorer serve` as a child process (its certificate is
 * pinned, its generated key used) and stops it when the command ends.
 */

/** The profile name the CLI uses when --profile is absent. */
export const DEFAULT_PROFILE = 'Local service';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** A running CLI engine. */
export interface CliEngine {
  runner: CompareRunner;
  profileId: string;
  close(): Promise<void>;
}

interface ServeLine {
  baseUrl: string;
  caCertPath: string;
  apiKeys: string[];
}

async function startChildService(dataDir: string): Promise<{ line: ServeLine; stop: () => Promise<void> }> {
  const key = `cli_${randomBytes(16).toString('hex')}`;
  const child = spawn(process.execPath, [MAIN, 'serve', '--port', '0', '--data-dir', join(dataDir, 'local-service'), '--api-key', key, '--access-log', join(dataDir, 'local-service', 'access.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<ServeLine>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const end = out.indexOf('\n');
      if (end >= 0) resolve(JSON.parse(out.slice(0, end)) as ServeLine);
    });
    void exited.then(() => reject(new AppError('NOT_CONFIGURED', `the local service did not start: ${stderr.trim().split('\n').at(-1) ?? 'no output'}`)));
  });
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { line, stop };
}

// The CLI keeps no history database of its own yet: entries live for the command's duration.
class RunHistory {
  readonly #entries: HistoryEntry[] = [];
  insert(entry: NewHistoryEntry): HistoryEntry {
    const stored = { ...entry, id: this.#entries.length + 1 };
    this.#entries.push(stored);
    return stored;
  }
}

/**
 * Opens the engine for one command.
 * @throws AppError NOT_CONFIGURED when the profile cannot be used.
 */
export async function openCliEngine(options: { dataDir: string; profile?: string }): Promise<CliEngine> {
  const profile = options.profile ?? DEFAULT_PROFILE;
  if (profile !== DEFAULT_PROFILE) {
    throw new AppError('NOT_CONFIGURED', `--profile "${profile}" is not available to the CLI yet; only "${DEFAULT_PROFILE}" is`);
  }
  const { line, stop } = await startChildService(options.dataDir);
  const connection: Connection = {
    profileId: 'local',
    profileName: DEFAULT_PROFILE,
    baseUrl: line.baseUrl,
    headerNames: HEADER_NAMES,
    version: API_VERSION,
    apiKey: line.apiKeys[0] ?? null,
    caPem: await readFile(line.caCertPath, 'utf8'),
    trustSystemCertificates: false,
    proxyUrl: null,
    rateBudgetRps: 10,
  };
  const requests = createRequestService({
    connections: { resolve: async () => connection },
    history: new RunHistory(),
  });
  const runner = createCompareRunner({ requests, store: createRunStore(options.dataDir), defaultProfileId: 'local' });
  return {
    runner,
    profileId: 'local',
    async close() {
      await requests.close();
      await stop();
    },
  };
}
