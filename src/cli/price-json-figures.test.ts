import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowanceHolderPriceBody } from '../spec/test-fixtures.ts';
import { startScriptedService, type ScriptedService } from './scripted-service.ts';
import { inProcess as cli } from './test-support.ts';

// `price --format json` prints the body as received: against a test-double HTTPS service whose
// price carries numbers JSON.parse does not hold as written (past 2^53, a trailing zero, an exponent).

const FIGURES = '"feeWei":12345678901234567890123,"ratio":1.10,"big":1E3,"negativeZero":-0,"small":5e-7';
// The rest of the fixture's body, with the figures spliced in at its start.
const received = () => `{${FIGURES},${JSON.stringify(allowanceHolderPriceBody()).slice(1)}`;

let service: ScriptedService;
beforeAll(async () => {
  service = await startScriptedService('Figures', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(received());
  });
});
afterAll(() => service.close());

describe('price --format json', { timeout: 60_000 }, () => {
  it('prints every number as the service wrote it, never as JSON.parse rounded it', async () => {
    const ran = await cli(['price', '--chain', '1', '--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--format', 'json', '--profile', 'Figures', '--data-dir', service.dir]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/^\{\n {2}"feeWei": 12345678901234567890123,\n {2}"ratio": 1\.10,\n {2}"big": 1E3,\n {2}"negativeZero": -0,\n {2}"small": 5e-7,\n/);
    // Laid out as before (two spaces a level), the same data otherwise.
    const rest = JSON.stringify(allowanceHolderPriceBody(), null, 2).slice(1);
    expect(ran.stdout).toBe(`{\n  "feeWei": 12345678901234567890123,\n  "ratio": 1.10,\n  "big": 1E3,\n  "negativeZero": -0,\n  "small": 5e-7,${rest}\n`);
  });
});
