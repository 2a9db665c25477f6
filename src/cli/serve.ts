import { closeSync, openSync } from 'node:fs';
import { availableParallelism, homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { DECIMAL_NUMBER, parseCommandLine, UsageError } from './parse-flags.ts';
import { dataDirOption, folderFromEnv } from './data-dir-names.ts';
import { isAddress } from '../domain/address-text.ts';
// Direct modules, not the barrels: a cluster's primary then loads neither the schemas nor the market.
import { HEADER_NAMES } from '../spec/constants.ts';
import { makeDirectory } from '../core/make-directory.ts';
import { openAccessLog } from '../service/access-log-file.ts';
import { untradedTokenProblem } from './serve-token-lists.ts';
import { loadOrCreateServeKey, type ServeKey } from './serve-key.ts';
import { localKeyExport } from '../domain/key-export.ts';
import type { ApiKeyConfig, LocalServiceOptions, RunningService } from '../service/index.ts';
import type { Command, CommandIo } from './command.ts';

/**
 * `swap-explorer serve`: runs the local service until SIGINT or SIGTERM. Prints exactly one JSON
 * line on stdout once it accepts connections ({baseUrl, caCertPath, apiKeys, apiKeyPath, headers});
 * everything else (the access log unless --access-log names a file) goes to stderr, which names the
 * key's file but never the key (stderr is a terminal or a log others read).
 */

const USAGE = `Usage: swap-explorer serve [options]

  --port N               port on 127.0.0.1 (default 0: a free port)
  --seed N               market seed (default 1)
  --data-dir D           where the certificate and key file are kept (default local-service/ in
                         SWAP_EXPLORER_DATA_DIR, else ~/.swap-explorer: as price and compare do)
  --api-key K[:TEAM[:PLAN]]  accepted key, repeatable (default: the key in --data-dir's file
                         "key", made on the first start and kept, mode 0600); PLAN is
                         standard or custom (only custom pays trade surplus to
                         tradeSurplusRecipient; on standard the service collects it).
                         A key file that cannot be read or holds no key is refused (exit 1),
                         never replaced: clients may hold its key; delete it for a new one.
                         A key file other users can read is made 0600, said once on stderr
  --latency-ms N         added to every response
  --jitter-ms N          random extra delay up to N ms
  --fault-rate R         share (0-1) of requests answered with a 500 or a dropped connection
  --rate-limit-rps N     requests per second per key (fixed one-second window, then 429);
                         a whole number, 0: no limit (the default)
  --access-log FILE      append the JSON access log to FILE instead of stderr
  --max-connections N    open connections allowed at once, for the whole server (default 1024);
                         more are refused and logged
  --workers N            processes sharing the port, keys, seed and per-key rate limits
                         (default: one per core; 1 runs the service in this process)
  --block-taker A, --block-recipient A, --block-buy-token A, --block-sell-token A, --xstock A
                         refuse these addresses (repeatable; see the error names in the README);
                         a token must be one the service trades, or the block never applies
  --block-team TEAM      refuse every swap of this --api-key team with USER_NOT_AUTHORIZED (repeatable)

Once it accepts connections it prints one JSON line on stdout,
{"baseUrl", "caCertPath", "apiKeys", "apiKeyPath", "headers"} (apiKeyPath: the key's file, null
with --api-key); the access log goes to stderr. The certificate is self-signed and its own CA: pin
it, never turn verification off. For example:

  export SVC_API_KEY="$(cat API_KEY_PATH)"
  curl --cacert CA_CERT_PATH -H "svc-api-key: $SVC_API_KEY" -H 'svc-version: v2' BASE_URL/swap/chains
  NODE_EXTRA_CA_CERTS=CA_CERT_PATH node client.mjs   # Node's fetch, https, axios, viem

or, in code, undici's own fetch with new Agent({ connect: { ca } }) (src/service/README.md).

Ctrl-C (SIGINT) or SIGTERM stops it (exit 0). A port in use, a key file that cannot be read or
does not hold a key, or a start that fails: exit 1; a bad option: exit 2, before listening.
`;

const OPTIONS = {
  port: { type: 'string' },
  seed: { type: 'string' },
  'data-dir': { type: 'string' },
  'api-key': { type: 'string', multiple: true },
  'latency-ms': { type: 'string' },
  'jitter-ms': { type: 'string' },
  'fault-rate': { type: 'string' },
  'rate-limit-rps': { type: 'string' },
  'access-log': { type: 'string' },
  workers: { type: 'string' },
  'max-connections': { type: 'string' },
  'block-taker': { type: 'string', multiple: true },
  'block-recipient': { type: 'string', multiple: true },
  'block-buy-token': { type: 'string', multiple: true },
  'block-sell-token': { type: 'string', multiple: true },
  xstock: { type: 'string', multiple: true },
  'block-team': { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

// Decimal digits only (DECIMAL_NUMBER).
function number(name: string, text: string | undefined, min: number, max: number, isWhole = false): number | undefined {
  if (text === undefined) return undefined;
  const kind = isWhole ? 'a whole number' : 'a number';
  if (!DECIMAL_NUMBER.test(text)) throw new UsageError(`--${name} must be ${kind} between ${min} and ${max} in decimal digits, got "${text}"`);
  const value = Number(text);
  if (value < min || value > max || (isWhole && !Number.isInteger(value))) throw new UsageError(`--${name} must be ${kind} between ${min} and ${max}, got "${text}"`);
  return value;
}

/**
 * The block lists compare addresses: anything else (a symbol, a short hex) would never match, and
 * an integrator would test a refusal that never comes. So each value must be an address.
 */
function addresses(name: string, values: string[] | undefined): string[] | undefined {
  const wrong = values?.find((value) => !isAddress(value.trim()));
  if (wrong !== undefined) throw new UsageError(`--${name} must be an address (0x and 40 hex digits), got "${wrong}"`);
  return values?.map((value) => value.trim());
}

// A team no key belongs to would never be refused: the block names a team of --api-key (or
// "local", the generated key's, when none is given).
function teams(values: string[] | undefined, keyTexts: string[]): string[] | undefined {
  if (values === undefined) return undefined;
  const known = keyTexts.length > 0 ? keyTexts.map((text) => apiKey(text).team) : ['local'];
  const unknown = values.find((team) => !known.includes(team));
  if (unknown !== undefined) throw new UsageError(`--block-team "${unknown}" is not the team of any --api-key (teams: ${[...new Set(known)].join(', ')})`);
  return values;
}

/** Environment variable that starts serve without the listener's guards (the throughput bench's baseline). */
export const UNGUARDED_ENV = 'SWAP_EXPLORER_BENCH_UNGUARDED_LISTENER';

function wholeNumber(name: string, text: string | undefined, min: number, max: number): number | undefined {
  return number(name, text, min, max, true);
}

// One process, or a cluster of `workers` (loaded only then: one worker needs none of it).
async function startService(options: ReturnType<typeof serveOptions>, io: CommandIo): Promise<RunningService> {
  if (options.workers > 1) {
    const { startServiceCluster } = await import('../service/cluster.ts');
    return startServiceCluster(options, (line) => io.stderr(`${line}\n`));
  }
  const accessLog = openAccessLog(options.accessLogFile, { fallback: io.stderr });
  const { startLocalService } = await import('../service/index.ts');
  const service = await startLocalService({ ...options, accessLog: accessLog.write });
  const close = async () => {
    await service.close();
    await accessLog.close();
  };
  return { ...service, close };
}

// A key a client cannot send as written would be refused (401) on every request: HTTP trims a
// header value's spaces and clients encode other characters differently (curl sends UTF-8 bytes,
// undici Latin-1), so a key is visible ASCII.
const SENDABLE_KEY = /^[\x21-\x7e]+$/;

function apiKey(text: string): ApiKeyConfig {
  const [key, team, plan] = text.split(':');
  if (!key) throw new UsageError('--api-key must not be empty');
  if (!SENDABLE_KEY.test(key)) throw new UsageError(`--api-key "${key}" must be visible ASCII without spaces: a header carries nothing else the same way from every client`);
  if (plan !== undefined && plan !== 'standard' && plan !== 'custom') throw new UsageError('--api-key plan must be standard or custom');
  return { key, team: team || 'default', ...(plan ? { plan } : {}) };
}

// The service keeps one team per key (the last given won, silently): a key given twice must agree.
function apiKeys(texts: string[]): ApiKeyConfig[] {
  const keys = texts.map(apiKey);
  const seen = new Map<string, ApiKeyConfig>();
  const describe = (config: ApiKeyConfig) => `team ${config.team} (${config.plan ?? 'standard'})`;
  for (const config of keys) {
    const earlier = seen.get(config.key);
    if (earlier && describe(earlier) !== describe(config)) {
      throw new UsageError(`--api-key ${config.key} is given twice, for ${describe(earlier)} and ${describe(config)}: a key belongs to one team`);
    }
    seen.set(config.key, config);
  }
  return keys;
}

/** Turns serve's arguments into service options (the access log is wired by the caller). */
export function serveOptions(argv: string[]): LocalServiceOptions & { accessLogFile?: string; help?: boolean; workers: number } {
  const { values } = parseCommandLine(argv, OPTIONS);
  return {
    help: values.help ?? false,
    // Absolute: caCertPath is printed for clients that may run in another folder (npm run serve runs
    // in the package's root, not where it was typed), and a relative path would point them elsewhere.
    // The folder price and compare start theirs in (compare-run.ts's defaultDataDir): one certificate
    // to pin, and SWAP_EXPLORER_DATA_DIR keeps serve out of a home folder it was set to avoid.
    dataDir: resolve(dataDirOption(values['data-dir']) ?? join(folderFromEnv('SWAP_EXPLORER_DATA_DIR') ?? join(homedir(), '.swap-explorer'), 'local-service')),
    port: wholeNumber('port', values.port, 0, 65535) ?? 0,
    seed: wholeNumber('seed', values.seed, 0, 2 ** 32 - 1) ?? 1,
    apiKeys: apiKeys(values['api-key'] ?? []),
    latencyMs: number('latency-ms', values['latency-ms'], 0, 600_000),
    jitterMs: number('jitter-ms', values['jitter-ms'], 0, 600_000),
    faultRate: number('fault-rate', values['fault-rate'], 0, 1),
    // Whole: the window is one second and its first request always passes, so 0.5 let one a second
    // through while the 429 spoke of "0.5 requests per second".
    rateLimitRps: wholeNumber('rate-limit-rps', values['rate-limit-rps'], 0, 1e9),
    maxConnections: wholeNumber('max-connections', values['max-connections'], 1, 1_000_000),
    workers: wholeNumber('workers', values.workers, 1, 256) ?? availableParallelism(),
    blocked: {
      takers: addresses('block-taker', values['block-taker']),
      recipients: addresses('block-recipient', values['block-recipient']),
      buyTokens: addresses('block-buy-token', values['block-buy-token']),
      sellTokens: addresses('block-sell-token', values['block-sell-token']),
      xStocks: addresses('xstock', values.xstock),
      teams: teams(values['block-team'], values['api-key'] ?? []),
    },
    ...(values['access-log'] ? { accessLogFile: values['access-log'] } : {}),
    // Internal, for bench/throughput.bench.ts only (what the listener's guards cost): not an option users see.
    ...(process.env[UNGUARDED_ENV] === '1' ? { isListenerGuarded: false } : {}),
  };
}

// Opened once before the service starts, so a file that cannot be appended to (a missing folder, no
// permission) is a usage error naming the flag, not a stream error thrown after the ready line.
function accessLogProblem(file: string | undefined): string | null {
  if (file === undefined) return null;
  try {
    closeSync(openSync(file, 'a'));
    return null;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return `--access-log "${file}" cannot be opened for appending (${code ?? message})`;
  }
}

// Made before the service starts, for the same reason: a folder that cannot be made (a file in the
// way, no permission, a path under /proc) is a usage error naming the flag.
function dataDirProblem(dir: string): string | null {
  try {
    makeDirectory(dir);
    return null;
  } catch (error) {
    return `--data-dir "${dir}" cannot be created (${(error as Error).message})`;
  }
}

// Node's own words for a taken port ("listen EADDRINUSE: address already in use 127.0.0.1:N") name
// neither the flag nor a way out, and the first thing an integrator meets when a second serve (or
// anything else) holds the port. The code is searched in the causes and in the text, since a
// cluster's worker reports its failure as a message.
function portProblem(error: unknown, port: number): string | null {
  const texts: string[] = [];
  for (let cause = error; cause instanceof Error; cause = cause.cause) texts.push(`${(cause as NodeJS.ErrnoException).code ?? ''} ${cause.message}`);
  const text = texts.join(' ');
  if (/\bEADDRINUSE\b/.test(text)) {
    return `--port ${port} is already in use on 127.0.0.1 (EADDRINUSE): another program, or another serve, listens there; stop it, choose another port, or give --port 0 for a free one (the line on stdout names it)`;
  }
  if (/\bEACCES\b/.test(text)) return `--port ${port} needs privileges on this system (EACCES); choose a port above 1023, or give --port 0 for a free one`;
  return null;
}

async function startOrSay(options: ReturnType<typeof serveOptions>, io: CommandIo): Promise<RunningService | null> {
  try {
    return await startService(options, io);
  } catch (error) {
    const problem = portProblem(error, options.port ?? 0);
    if (!problem) throw error;
    io.stderr(`swap-explorer serve: could not start: ${problem}\n`);
    return null;
  }
}

// Where the key is and how to read it into the variable the app's snippets use, never the key.
function keyText(kept: ServeKey): string {
  return `; the API key ${kept.isNew ? 'was made now and is kept' : 'is kept'} in ${kept.path} (${localKeyExport(kept.path)})`;
}

async function run(argv: string[], io: CommandIo): Promise<number> {
  let options: ReturnType<typeof serveOptions>;
  try {
    options = serveOptions(argv);
  } catch (error) {
    io.stderr(`swap-explorer serve: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    io.stdout(USAGE);
    return 0;
  }
  const problem = accessLogProblem(options.accessLogFile) ?? dataDirProblem(options.dataDir) ?? (await untradedTokenProblem(options.blocked ?? {}));
  if (problem) {
    io.stderr(`swap-explorer serve: ${problem}\n`);
    return 2;
  }
  const kept = options.apiKeys?.length ? null : await loadOrCreateServeKey(options.dataDir);
  if (kept && 'problem' in kept) {
    io.stderr(`swap-explorer serve: ${kept.problem}\n`);
    return 1;
  }
  // Said at once: the file is private from now on, so a start failing further on could not say it again.
  if (kept?.notice) io.stderr(`swap-explorer serve: ${kept.notice}\n`);
  // Given as --api-key would be: with --workers the cluster hands the same keys to every process.
  const service = await startOrSay(kept ? { ...options, apiKeys: [{ key: kept.key, team: 'local' }] } : options, io);
  if (!service) return 1;
  // Handlers go in before the line is printed: a client may signal as soon as it has read it.
  const stopped = new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      io.stderr(`swap-explorer serve: ${signal}, closing\n`);
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  // Said before the ready line: a client that pinned the old certificate fails from now on.
  if (service.certificateNotice) io.stderr(`swap-explorer serve: ${service.certificateNotice}\n`);
  io.stdout(`${JSON.stringify({ baseUrl: service.baseUrl, caCertPath: service.caCertPath, apiKeys: service.apiKeys, apiKeyPath: kept?.path ?? null, headers: HEADER_NAMES })}\n`);
  const workers = options.workers > 1 ? `, ${options.workers} processes` : '';
  io.stderr(`swap-explorer serve: listening on ${service.baseUrl} (seed ${options.seed}${workers})${kept ? keyText(kept) : ''}; Ctrl-C to stop\n`);
  await stopped;
  await service.close();
  return 0;
}

/** The serve subcommand. */
export const serveCommand: Command = { name: 'serve', summary: 'run the local service (HTTPS on 127.0.0.1)', usage: USAGE, run };
