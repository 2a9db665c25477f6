/* eslint-disable no-control-regex -- the tests look for control characters in the output */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryStore } from '../core/history/index.ts';
import { sampleEntry } from '../core/history/sample-entries.ts';
import { HarSchema } from '../domain/har-schema.ts';
import { openProfileStore } from '../core/profiles/profile-store.ts';
import { ProfileInputSchema } from '../ipc/channels/profiles.ts';
import { Market, priceQuery } from '../service/index.ts';
import { FIXED_NOW, token } from '../service/test-fixtures.ts';
import { BIN, ROOT, inProcess as cli } from './test-support.ts';
import { historyFileIn } from '../core/history/history-path.ts';

// `explain` and `history` in-process against a real SQLite history in a temp dir. One entry carries
// terminal control sequences in its error message, as a hostile or broken service could send.

const ESC = '\u001b';
const HOSTILE = `${ESC}[2J${ESC}[H${ESC}]0;owned\u0007${ESC}]52;c;Y3VybCBldmlsLnNofHNo${ESC}\\sellAmount is required\u009b31m`;
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const KEY = 'sk_live_cli_canary_0123456789';
const ERROR_ZID = '0x5ca1ab1e0000000000000001';
const OK_ZID = '0x5ca1ab1e0000000000000002';

let dir: string;
let empty: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-support-'));
  empty = await mkdtemp(join(tmpdir(), 'cli-support-empty-'));
  const store = HistoryStore.open(historyFileIn(dir));
  const body = { name: 'INPUT_INVALID', message: HOSTILE, data: { zid: ERROR_ZID, details: [{ field: 'sellAmount', reason: `is required${ESC}[5m` }] } };
  store.insert(sampleEntry({ zid: ERROR_ZID, status: 400, statusText: 'Bad Request', errorName: 'INPUT_INVALID', bodyText: JSON.stringify(body), body }));
  store.insert(sampleEntry({ zid: OK_ZID }));
  store.close();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(empty, { recursive: true, force: true });
});

describe('swap-explorer explain', () => {
  it('lints a v1 curl line, prints each finding with its fix and the corrected request, and exits 1', async () => {
    const ran = await cli(['explain', `curl -H '0x-api-key: ${KEY}' 'https://base.api.0x.org/swap/v1/quote?sellToken=ETH&buyToken=USDC&sellAmount=1000000000000000&takerAddress=0x70997970C51812dc3A010C7d01b50e0d17dc79C8&slippagePercentage=0.01'`, '--data-dir', empty]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).not.toContain(KEY);
    for (const code of ['V1_PATH', 'PER_CHAIN_HOST', 'V1_PARAM', 'UNIT_CHANGE', 'SYMBOL_NOT_ADDRESS', 'KEY_HEADER_NAME', 'VERSION_HEADER']) expect(ran.stdout).toContain(code);
    expect(ran.stdout).toContain('fix: use slippageBps=100');
    expect(ran.stdout).toContain("'https://{base_url}/swap/allowance-holder/quote?chainId=8453&sellToken=0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE");
    expect(ran.stdout).toContain("--header 'svc-version: v2'");
  });

  it('exits 0 for a correct v2 request', async () => {
    const ran = await cli(['explain', `curl -H 'svc-api-key: ${KEY}' -H 'svc-version: v2' 'https://api.example.com/swap/permit2/price?chainId=1&sellToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48&buyToken=0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2&sellAmount=100000000'`]);
    expect(ran.stdout).toContain('Findings: none');
    expect(ran.code).toBe(0);
  });

  it('exits 0 for a correct v2 URL: the headers a URL cannot show are printed as notes, not counted', async () => {
    const ran = await cli(['explain', 'https://api.example.com/swap/permit2/price?chainId=1&sellToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48&buyToken=0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2&sellAmount=100000000']);
    expect(ran.stdout).toContain('Findings (0 problems, 2 notes that do not count):');
    expect(ran.stdout).toMatch(/info {4}MISSING_KEY_HEADER \(svc-api-key\)/);
    expect(ran.code).toBe(0);
    const v1 = await cli(['explain', 'https://api.0x.org/swap/v1/price?sellToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48&buyToken=0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2&sellAmount=100000000']);
    expect(v1.code).toBe(1);
  });

  it('reads a curl file and a body file, and gives JSON with --format json', async () => {
    const curlFile = join(dir, 'customer.sh');
    await writeFile(curlFile, `curl --request GET \\\n  --url 'https://api.0x.org/swap/v1/price?sellToken=DAI&buyToken=WETH&sellAmount=1000' \\\n  --header '0x-api-key: ${KEY}'\n`);
    const fromFile = await cli(['explain', curlFile, '--format', 'json']);
    expect(fromFile.code).toBe(1);
    expect(fromFile.stdout).not.toContain(KEY);
    const result = JSON.parse(fromFile.stdout) as { kind: string; request: { source: string }; findings: { code: string }[]; corrected: { endpoint: string } };
    expect(result).toMatchObject({ kind: 'request', request: { source: 'curl' }, corrected: { endpoint: 'allowance-holder.price' } });
    const bodyFile = join(dir, 'body.json');
    await writeFile(bodyFile, JSON.stringify({ name: 'TOKEN_NOT_SUPPORTED', message: 'Token not supported', data: { zid: '0x0123456789abcdef01234567' } }));
    const body = await cli(['explain', bodyFile]);
    expect(body.code).toBe(1);
    expect(body.stdout).toContain('Answer: error TOKEN_NOT_SUPPORTED (zid 0x0123456789abcdef01234567)');
    expect(body.stdout).toMatch(/cause: The sell or buy token is not supported/);
  });

  it('finds a zid prefix in the history and prints the service\'s hostile message without its control sequences', async () => {
    const ran = await cli(['explain', ERROR_ZID.slice(0, 10), '--data-dir', dir]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain(`zid ${ERROR_ZID.slice(0, 10)}…: 2 entries`);
    expect(ran.stdout).toContain('Answer: error INPUT_INVALID');
    expect(ran.stdout).toContain('sellAmount is required');
    expect(ran.stdout).not.toMatch(CONTROLS);
    const json = await cli(['explain', ERROR_ZID, '--format', 'json', '--data-dir', dir]);
    expect(json.stdout).not.toMatch(CONTROLS);
    // Escaped, not lost: the JSON still holds the message exactly as the service sent it.
    expect((JSON.parse(json.stdout) as { entries: { explanation: { message: string } }[] }).entries[0]!.explanation.message).toBe(HOSTILE);
  });

  it('exits 0 for a zid whose entry is fine', async () => {
    const ran = await cli(['explain', OK_ZID, '--data-dir', dir]);
    expect(ran.stdout).toContain('Answer: price');
    expect(ran.code).toBe(0);
  });

  it("finds the zid in a screenshot's text in the history and explains its entry", async () => {
    const ran = await cli(['explain', `Swap failed: INPUT_INVALID\nzid ${ERROR_ZID} · 400 Bad Request`, '--data-dir', dir]);
    expect(ran.stdout).toContain('Recognised: a zid, found in the text');
    expect(ran.stdout).toContain(`zid ${ERROR_ZID}: 1 entry in the history at ${dir}`);
    expect(ran.stdout).toContain('Answer: error INPUT_INVALID');
    expect(ran.code).toBe(1);
  });

  it("finds a zid prefix the customer's text labels as a zid, and calls it a prefix", async () => {
    const ran = await cli(['explain', `Swap failed: INPUT_INVALID (zid ${ERROR_ZID.slice(0, 12)}…)`, '--data-dir', dir]);
    expect(ran.stdout).toContain('Recognised: a zid prefix, found in the text');
    expect(ran.stdout).toContain('Answer: error INPUT_INVALID');
  });

  it("looks up the zid of a customer's pasted error: the entry when the history has it, else what to ask the customer for", async () => {
    const pasted = (zid: string) => JSON.stringify({ name: 'TOKEN_NOT_SUPPORTED', message: 'buyToken is not supported on chain 1', data: { zid } });
    const found = await cli(['explain', pasted(ERROR_ZID), '--data-dir', dir]);
    expect(found.stdout).toContain('Answer: error TOKEN_NOT_SUPPORTED');
    expect(found.stdout).toMatch(new RegExp(`zid ${ERROR_ZID}: 1 entry in the history at .* \\(#\\d+\\); swap-explorer explain ${ERROR_ZID} shows the request that got this answer\\.`));
    const json = await cli(['explain', pasted(ERROR_ZID), '--data-dir', dir, '--format', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ kind: 'body', lookup: { zid: ERROR_ZID, history: dir, entryIds: [expect.any(Number)] } });
    for (const data of [dir, empty]) {
      const missing = await cli(['explain', pasted('0x5ca1ab1e00000000000000ff'), '--data-dir', data]);
      expect(missing.stdout).toContain(`zid 0x5ca1ab1e00000000000000ff is not in the history at ${data}.`);
      expect(missing.stdout).toContain('Ask the customer for their HAR or history export');
      expect(missing.code).toBe(1);
    }
  });

  it("explains a service's NOT_FOUND body as a path it does not serve, not as the app's history search", async () => {
    const ran = await cli(['explain', JSON.stringify({ name: 'NOT_FOUND', message: 'v1 was sunset on 2025-04-11: /swap/v1/price is a v1 path.', data: { zid: '0xadfc053a2f386074a1e107cc' } }), '--data-dir', empty]);
    expect(ran.stdout).toContain('cause: No endpoint of the service is at this path (HTTP 404');
    expect(ran.stdout).not.toContain('no history entry with that zid');
  });

  it('says a zid is not in the history and what to ask the customer for', async () => {
    const ran = await cli(['explain', '0xdeadbeef0000', '--data-dir', dir]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain('is not in the history');
    expect(ran.stdout).toContain('HAR');
    // Where there is no history at all (a support machine that never ran the app), the same: what to ask for, not only an error.
    const none = await cli(['explain', '0xdeadbeef0000', '--data-dir', empty]);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain(`zid 0xdeadbeef0000… is not in a history: There is no history at ${historyFileIn(empty)}`);
    expect(none.stdout).toContain('Ask the customer for their HAR or history export');
    expect(JSON.parse((await cli(['explain', '0xdeadbeef0000', '--data-dir', empty, '--format', 'json'])).stdout)).toMatchObject({ kind: 'zid', zid: '0xdeadbeef0000', entries: [], noHistory: expect.stringContaining('There is no history at') });
  });

  it('names the CLI\'s own history when the one read (the app\'s, by SWAP_EXPLORER_USER_DATA) lacks the zid or is missing', async () => {
    const appData = await mkdtemp(join(tmpdir(), 'cli-app-data-'));
    HistoryStore.open(historyFileIn(appData)).close();
    const before = process.env.SWAP_EXPLORER_DATA_DIR;
    process.env.SWAP_EXPLORER_DATA_DIR = dir;
    try {
      const where = `The CLI's own history (price, compare) is in ${dir}: add --data-dir ${dir} to look there.`;
      const absent = await cli(['explain', '0xdeadbeef0000', '--data-dir', appData]);
      expect(absent.stdout).toContain(`is not in the history at ${appData}. ${where}`);
      const missing = await cli(['explain', '0xdeadbeef0000', '--data-dir', empty]);
      expect(missing.stdout).toContain(where);
      // Reading the CLI's own history, there is no other to name.
      expect((await cli(['explain', '0xdeadbeef0000', '--data-dir', dir])).stdout).not.toContain("The CLI's own history");
    } finally {
      if (before === undefined) delete process.env.SWAP_EXPLORER_DATA_DIR;
      else process.env.SWAP_EXPLORER_DATA_DIR = before;
      await rm(appData, { recursive: true, force: true });
    }
  });

  it("names the CLI's history and the app's, both searched by default, when neither holds the zid", async () => {
    // A support engineer imports the customer's HAR in the app's History, then runs explain on its
    // zid: the CLI read only its own history and said to ask the customer for the HAR they had.
    // Now it reads the app's too (app-history-lookup.test.ts); here the app never ran.
    const before = { data: process.env.SWAP_EXPLORER_DATA_DIR, user: process.env.SWAP_EXPLORER_USER_DATA, xdg: process.env.XDG_CONFIG_HOME };
    process.env.SWAP_EXPLORER_DATA_DIR = dir;
    process.env.XDG_CONFIG_HOME = empty;
    delete process.env.SWAP_EXPLORER_USER_DATA;
    try {
      const app = `the desktop app's history at ${historyFileIn(join(empty, 'swap-explorer'))} (there is none). If the app keeps its data in another folder (its About screen shows it), add --data-dir with that folder.`;
      const searched = `the CLI's history at ${historyFileIn(dir)}, nor in ${app}`;
      expect((await cli(['explain', '0xdeadbeef0000'])).stdout).toContain(`is not in ${searched}`);
      expect((await cli(['explain', JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: 'x', data: { zid: '0x5ca1ab1e00000000000000ff' } })])).stdout).toContain(`is not in ${searched}`);
      expect((await cli(['history', 'find', '0xfffffff0'])).stdout).toContain(`in ${searched}`);
      const exported = await cli(['history', 'export', '--zid', '0xfffffff0']);
      expect(exported.code).toBe(1);
      expect(exported.stderr).toContain(`nothing was written: no entry matching 0xfffffff0 is in ${searched}`);
      // No history of its own yet: said as one of the folders searched.
      process.env.SWAP_EXPLORER_DATA_DIR = empty;
      const none = await cli(['history', 'find', '0xfffffff0']);
      expect(none.code).toBe(1);
      expect(none.stdout).toContain(`the CLI's history at ${historyFileIn(empty)} (there is none), nor in ${app}`);
      // Told to read only the CLI's own, it says where the app's is.
      const named = await cli(['explain', '0xdeadbeef0000', '--data-dir', empty]);
      expect(named.stdout).toContain(`(${join(empty, 'swap-explorer')} unless it was moved; its About screen shows it)`);
    } finally {
      if (before.data === undefined) delete process.env.SWAP_EXPLORER_DATA_DIR;
      else process.env.SWAP_EXPLORER_DATA_DIR = before.data;
      if (before.user !== undefined) process.env.SWAP_EXPLORER_USER_DATA = before.user;
      if (before.xdg === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = before.xdg;
    }
  });

  it('explains each entry of a HAR file, and refuses a hostile one with its reason', async () => {
    const har = join(dir, 'customer.har');
    expect((await cli(['history', 'export', '--zid', ERROR_ZID, '--format', 'har', '--out', har, '--data-dir', dir])).code).toBe(0);
    const ran = await cli(['explain', har]);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toContain('A HAR file of 1 entry\n');
    expect(ran.stdout).toContain('Answer: error INPUT_INVALID');
    expect(ran.stdout).not.toMatch(CONTROLS);
    const hostile = join(dir, 'hostile.har');
    await writeFile(hostile, `{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[${'{},'.repeat(1_599_999)}{}]}}`);
    const refused = await cli(['explain', hostile]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('more than 100,000 entries');
  });

  it('reads a price body pasted without its request in base units until --chain names its chain', async () => {
    const answered = priceQuery(new Market(1), 'allowance-holder.price', { chainId: '8453', sellToken: token(8453, 'USDC'), buyToken: token(8453, 'WETH'), sellAmount: '1000000000' }, { nowMs: FIXED_NOW });
    if (!answered.ok) throw new Error(answered.message);
    const bodyFile = join(dir, 'base-price.json');
    await writeFile(bodyFile, JSON.stringify(answered.body));
    const bare = await cli(['explain', bodyFile]);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain('sells 1000000000 base units of USDC');
    expect(bare.stdout).toMatch(/Amounts in base units: the body names no chain\. Both its tokens are listed on .*Base \(8453\)\. --chain ID reads them with that chain's token list\./);
    const onBase = await cli(['explain', bodyFile, '--chain', '8453']);
    expect(onBase.code).toBe(0);
    expect(onBase.stdout).toContain('sells 1,000 USDC (1000000000 base units)');
    expect(onBase.stdout).toMatch(/^ +network fee +[\d.]+ ETH \(\d+ base units\) = gas × gas price [\d.]+ ETH \+ L1 data cost/m);
    expect(onBase.stdout).toContain('Amounts read with the token list of Base (8453), the chain named for this body.');
    const json = JSON.parse((await cli(['explain', bodyFile, '--chain', '8453', '--format', 'json'])).stdout) as { explanation: { chain: { chainId: number } } };
    expect(json.explanation.chain.chainId).toBe(8453);
  });

  it('refuses --chain for an input whose requests name their chain, and a chain it cannot read', async () => {
    const url = await cli(['explain', 'https://api.example.com/swap/permit2/price?chainId=1&sellToken=0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48&buyToken=0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2&sellAmount=1', '--chain', '8453']);
    expect(url.code).toBe(2);
    expect(url.stderr).toContain('--chain is for a body pasted without its request; this input is a request, whose chainId names its chain');
    const zid = await cli(['explain', OK_ZID, '--chain', '1', '--data-dir', dir]);
    expect(zid.code).toBe(2);
    expect(zid.stderr).toContain('read with the requests it holds, which name their chains');
    for (const [chain, reason] of [['5', '--chain 5 is not a chain the service swaps on'], ['1,8453', '--chain takes exactly one chain id'], ['base', '--chain takes a chain id, not a name: "base" is 8453 (Base)'], ['x1', '--chain must be a chain id such as 1, 8453 or 42161, got "x1"']]) {
      const refused = await cli(['explain', '{}', '--chain', chain!]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(reason);
    }
  });

  it('exits 2 with the usage for no input or a bad flag', async () => {
    expect((await cli(['explain'])).code).toBe(2);
    const bad = await cli(['explain', 'x', '--format', 'yaml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--format must be one of text, json');
  });
});

describe('swap-explorer history', () => {
  it('finds entries by zid prefix, one line each, without control sequences', async () => {
    const ran = await cli(['history', 'find', '0x5CA1AB1E', '--data-dir', dir]);
    expect(ran.code).toBe(0);
    const lines = ran.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(ERROR_ZID);
    expect(lines[1]).toContain('INPUT_INVALID');
    const json = JSON.parse((await cli(['history', 'find', OK_ZID, '--format', 'json', '--data-dir', dir])).stdout) as { zid: string }[];
    expect(json.map((row) => row.zid)).toEqual([OK_ZID]);
  });

  it('takes a zid as explain does: quoted, cut with an ellipsis, labelled, in a screenshot\'s text; and says what to ask for when none matches', async () => {
    for (const text of [`"${OK_ZID}"`, `${OK_ZID.slice(0, 14)}…`, `svc-zid: ${OK_ZID.toUpperCase().replace('0X', '0x')}`, `Swap failed. Request ID: ${OK_ZID} (copied from the customer's screenshot)`]) {
      const ran = await cli(['history', 'find', text, '--data-dir', dir]);
      expect(ran.code, text).toBe(0);
      expect(ran.stdout).toContain(OK_ZID);
    }
    const exported = await cli(['history', 'export', '--zid', `(${OK_ZID})`, '--format', 'json', '--data-dir', dir]);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain(OK_ZID);
    const missing = await cli(['history', 'find', '0xfffffff0', '--data-dir', dir]);
    expect(missing.stdout).toMatch(new RegExp(`^No entry with a zid starting 0xfffffff0 in the history at ${dir}\\.`));
    expect(missing.stdout).toMatch(/\nAsk the customer for their HAR or history export \(swap-explorer explain <file>\), or for the request they sent \(a URL or curl line\)\.\n$/);
  });

  it('lists in --help the exit codes history ends with, each met', async () => {
    // A script calling history find had to guess whether "No entry…" was a failure: the help listed no codes.
    const help = await cli(['history', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Exit codes: 0 done, 1 nothing to do it on (no history, no entry matching the zid, an --out file that\ncannot be written, a retention change that removes entries without --yes), 2 bad input.\n');
    const codes = async (args: string[]) => (await cli(['history', ...args])).code;
    expect(await codes(['find', OK_ZID, '--data-dir', dir])).toBe(0);
    expect(await codes(['find', '0xfffffff0', '--data-dir', dir])).toBe(1);
    expect(await codes(['find', OK_ZID, '--data-dir', empty])).toBe(1);
    expect(await codes(['export', '--zid', OK_ZID, '--out', join(empty, 'missing-folder', 'out.har'), '--data-dir', dir])).toBe(1);
    expect(await codes(['retention', '--max-entries', '1', '--data-dir', dir])).toBe(1);
    expect(await codes(['find', '0x12', '--data-dir', dir])).toBe(2);
    expect(await codes(['retention', '--max-entries', 'many', '--data-dir', dir])).toBe(2);
  });

  it('takes a zid without its 0x, as History\'s search box and explain do: bare, labelled, in a sentence', async () => {
    const bare = OK_ZID.slice(2);
    for (const text of [bare, `zid: ${bare.toUpperCase()}`, `Request ID: ${bare} (from the customer)`]) {
      const found = await cli(['history', 'find', text, '--data-dir', dir]);
      expect(found.code, text).toBe(0);
      expect(found.stdout).toContain(OK_ZID);
      const explained = await cli(['explain', text, '--format', 'json', '--data-dir', dir]);
      const result = JSON.parse(explained.stdout) as { kind: string; zid: string; entries: { zid: string }[] };
      expect(result, text).toMatchObject({ kind: 'zid', zid: OK_ZID });
      expect(result.entries.map((entry) => entry.zid)).toEqual([OK_ZID]);
    }
  });

  it('exits 1 when nothing matches, 2 for a bad zid, 1 for a data dir without history', async () => {
    expect((await cli(['history', 'find', '0xfffffff0', '--data-dir', dir])).code).toBe(1);
    expect((await cli(['history', 'find', 'hello', '--data-dir', dir])).code).toBe(2);
    const none = await cli(['history', 'find', '0xfffffff0', '--data-dir', empty]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('There is no history at');
  });

  it('exports an imported entry with the key header a profile renamed redacted, as the app does', async () => {
    const partnerDir = await mkdtemp(join(tmpdir(), 'cli-partner-'));
    try {
      const profiles = await openProfileStore(partnerDir);
      await profiles.save(ProfileInputSchema.parse({ name: 'Partner', baseUrl: 'https://partner.example.test', headerNames: { apiKey: 'x-partner-token', version: 'svc-version' } }));
      const store = HistoryStore.open(historyFileIn(partnerDir));
      store.insert(sampleEntry({ zid: OK_ZID, origin: 'imported', profileId: 'imported', profileName: 'Imported: partner.har', requestHeaders: { 'x-partner-token': 'partnerKeyV4lue0042' } }));
      store.close();
      for (const format of ['har', 'json']) {
        const ran = await cli(['history', 'export', '--zid', OK_ZID, '--format', format, '--data-dir', partnerDir]);
        expect(ran.code).toBe(0);
        expect(ran.stdout).toContain('x-partner-token');
        expect(ran.stdout).not.toContain('partnerKeyV4lue0042');
      }
    } finally {
      await rm(partnerDir, { recursive: true, force: true });
    }
  });

  it('names --out and the reason when the export file cannot be written, and exits 1', async () => {
    for (const [out, reason] of [[join(dir, 'no-such-folder', 'x.har'), 'its folder does not exist'], [dir, 'it is a folder']] as const) {
      const ran = await cli(['history', 'export', '--zid', OK_ZID, '--out', out, '--data-dir', dir]);
      expect(ran.code).toBe(1);
      expect(ran.stderr).toBe(`swap-explorer history export: --out ${out} cannot be written (${reason}); nothing was written\n`);
    }
  });

  it('refuses an empty --out as bad input (a script\'s --out "$FILE" with FILE unset), naming the flag, before looking anything up', async () => {
    const ran = await cli(['history', 'export', '--zid', OK_ZID, '--out', '', '--data-dir', dir]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('--out must not be empty');
    expect(ran.stdout).toBe('');
  });

  it('keeps a file already at --out, and leaves no half file, when the export cannot be written whole', async () => {
    // A file size limit (RLIMIT_FSIZE, as `ulimit -f` sets) makes the write fail part-way, as a full
    // disk does: written in place, the old export was cut to the limit and half the new one left.
    const bigDir = await mkdtemp(join(tmpdir(), 'cli-support-big-'));
    try {
      const store = HistoryStore.open(historyFileIn(bigDir));
      store.insert(sampleEntry({ zid: OK_ZID }, 120_000));
      store.close();
      const out = join(bigDir, 'export.har');
      await writeFile(out, 'the export made yesterday');
      const ran = spawnSync('prlimit', ['--fsize=60000', process.execPath, BIN, 'history', 'export', '--zid', OK_ZID, '--out', out, '--data-dir', bigDir], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
      expect({ code: ran.status, stderr: ran.stderr }).toEqual({ code: 1, stderr: `swap-explorer history export: --out ${out} cannot be written (larger than this system lets a file be); nothing was written\n` });
      expect(await readFile(out, 'utf8')).toBe('the export made yesterday');
      expect((await readdir(bigDir)).filter((name) => name.startsWith('export.har'))).toEqual(['export.har']);
    } finally {
      await rm(bigDir, { recursive: true, force: true });
    }
  });

  it('exports HAR and JSON, key redacted, to a file or to stdout with controls escaped', async () => {
    const out = join(dir, 'export.har');
    const ran = await cli(['history', 'export', '--zid', ERROR_ZID, '--zid', OK_ZID, '--out', out, '--data-dir', dir]);
    expect(ran.code).toBe(0);
    const har = JSON.parse(await readFile(out, 'utf8')) as unknown;
    expect(HarSchema.safeParse(har).success).toBe(true);
    expect((har as { log: { entries: unknown[] } }).log.entries).toHaveLength(2);
    const json = await cli(['history', 'export', '--zid', ERROR_ZID, '--format', 'json', '--data-dir', dir]);
    expect(json.stdout).not.toMatch(CONTROLS);
    const parsed = JSON.parse(json.stdout) as { format: string; entries: { bodyText: string; requestHeaders: Record<string, string> }[] };
    expect(parsed.format).toBe('swap-explorer.history');
    expect(JSON.parse(parsed.entries[0]!.bodyText).message).toBe(HOSTILE);
    expect(parsed.entries[0]!.requestHeaders['svc-api-key']).toBe('REDACTED');
    expect((await cli(['history', 'export', '--zid', '0xfffffff0', '--data-dir', dir])).code).toBe(1);
    expect((await cli(['history', 'export', '--data-dir', dir])).code).toBe(2);
  });
});

describe('error lines', () => {
  it('a usage error quoting a hostile argument prints it with its control sequences written out, inert', async () => {
    const ran = await cli(['explain', OK_ZID, '--format', `json${HOSTILE}`, '--data-dir', dir]);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(String.raw`--format must be one of text, json, got "json\x1b[2J\x1b[H\x1b]0;owned\x07\x1b]52;c;Y3VybCBldmlsLnNofHNo\x1b\sellAmount is required\x9b31m"`);
    expect(ran.stderr).not.toMatch(CONTROLS);
  });

  it('an export to a folder that does not exist names the path without its control sequences', async () => {
    const out = join(dir, `missing${HOSTILE}`, 'export.har');
    const ran = await cli(['history', 'export', '--zid', OK_ZID, '--out', out, '--data-dir', dir]);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/^swap-explorer history export: --out .*missingsellAmount is required\/export\.har cannot be written \(its folder does not exist\); nothing was written\n$/);
    expect(ran.stderr).not.toMatch(CONTROLS);
  });
});
