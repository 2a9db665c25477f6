import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRawHttps, type RawServer } from '../core/http/test-support.ts';
import { openProfileStore, ProfileInputSchema } from '../core/profiles/index.ts';
import { loadOrCreateCertificate } from '../service/tls.ts';
import { allowanceHolderPriceBody } from '../spec/test-fixtures.ts';
import { inProcess as cli } from './test-support.ts';

// `price --format json` prints the body as received: against a test-double HTTPS service whose
// price carries numbers JSON.parse does not hold as written (past 2^53, a trailing zero, an exponent).

const FIGURES = '"feeWei":12345678901234567890123,"ratio":1.10,"big":1E3,"negativeZero":-0,"small":5e-7';
// The rest of the fixture's body, with the figures spliced in at its start.
const received = () => `{${FIGURES},${JSON.stringify(allowanceHolderPriceBody()).slice(1)}`;

let dir: string;
let server: RawServer;
let savedKey: string | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-price-json-'));
  const cert = await loadOrCreateCertificate(join(dir, 'tls'));
  server = await startRawHttps({ cert: cert.certPem, key: cert.keyPem }, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(received());
  });
  const profiles = await openProfileStore(dir);
  await profiles.save(ProfileInputSchema.parse({ name: 'Figures', baseUrl: server.baseUrl, caPem: cert.certPem, trustSystemCertificates: false, rateBudgetRps: 50 }));
  savedKey = process.env.SVC_API_KEY;
  process.env.SVC_API_KEY = 'test-key';
});
afterAll(async () => {
  if (savedKey === undefined) delete process.env.SVC_API_KEY;
  else process.env.SVC_API_KEY = savedKey;
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('price --format json', { timeout: 60_000 }, () => {
  it('prints every number as the service wrote it, never as JSON.parse rounded it', async () => {
    const ran = await cli(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--format', 'json', '--profile', 'Figures', '--data-dir', dir]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/^\{\n {2}"feeWei": 12345678901234567890123,\n {2}"ratio": 1\.10,\n {2}"big": 1E3,\n {2}"negativeZero": -0,\n {2}"small": 5e-7,\n/);
    // Laid out as before (two spaces a level), the same data otherwise.
    const rest = JSON.stringify(allowanceHolderPriceBody(), null, 2).slice(1);
    expect(ran.stdout).toBe(`{\n  "feeWei": 12345678901234567890123,\n  "ratio": 1.10,\n  "big": 1E3,\n  "negativeZero": -0,\n  "small": 5e-7,${rest}\n`);
  });
});
