import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompareRequestSchema, type RunStatus } from '../../ipc/channels/compare.ts';
import { createCompareHandlers } from './compare-handlers.ts';
import { createRunStore, summaryOf } from './run-store.ts';
import { createLadderStore } from './ladder-store.ts';
import { LadderRequestSchema, type LadderStatus } from '../../ipc/channels/ladder.ts';

function status(runId: string, startedAt: string): RunStatus {
  return {
    runId, state: 'done', request: CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '5' }), profileId: 'local',
    done: 0, total: 0, etaMs: null, startedAt, finishedAt: startedAt, rows: [], error: null,
  };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'run-store-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('run store', () => {
  it('lists saved runs newest first, skipping a damaged file instead of hiding the others', async () => {
    const store = createRunStore(dir);
    expect(await store.list()).toEqual({ runs: [], unreadable: [] });
    await store.save({ version: 1, status: status('cmp-aaaaaa', '2026-11-22T10:00:00.000Z'), details: {} });
    await store.save({ version: 1, status: status('cmp-bbbbbb', '2026-11-22T11:00:00.000Z'), details: {} });
    await writeFile(join(dir, 'comparisons', 'cmp-broken.json'), '{ not json');
    await writeFile(join(dir, 'comparisons', 'notes.json'), '{}');
    const listed = await store.list();
    expect(listed.runs.map((run) => run.runId)).toEqual(['cmp-bbbbbb', 'cmp-aaaaaa']);
    expect(listed.unreadable).toEqual([{ runId: 'cmp-broken', reason: expect.stringMatching(/^The comparison cmp-broken could not be read: its file .*cmp-broken\.json is not JSON \(.+\)\. It was left as it is\.$/) }]);
    expect((await store.load('cmp-aaaaaa'))?.status.startedAt).toBe('2026-11-22T10:00:00.000Z');
    expect(await store.load('cmp-missing')).toBeNull();
  });

  it('lists a run by the pair its rows traded (an override\'s token), and by each pair with its chains when the rows differ', () => {
    const pair = (chainName: string, sell: string, buy: string, isOverride = false) => ({ chainId: chainName === 'Ethereum' ? 1 : 8453, chainName, sellToken: { symbol: sell }, buyToken: { symbol: buy, isOverride } });
    const run = (rows: object[]) => summaryOf({ ...status('cmp-cccccc', '2026-11-22T12:00:00.000Z'), rows: rows as RunStatus['rows'] });
    expect(run([pair('Ethereum', 'USDC', 'TAXD'), pair('Base', 'USDC', 'TAXD')])).toMatchObject({ sell: 'USDC', buy: 'TAXD', models: ['allowance-holder', 'permit2'] });
    // Ethereum bought TAXD through an override, Base WETH: no one pair, so none is claimed for both.
    expect(run([pair('Ethereum', 'USDC', 'TAXD', true), pair('Base', 'USDC', 'WETH')]).pairs).toEqual([
      { sell: 'USDC', buy: 'TAXD', chains: ['Ethereum'], isOverride: true },
      { sell: 'USDC', buy: 'WETH', chains: ['Base'], isOverride: false },
    ]);
    expect(run([])).toMatchObject({ sell: 'USDC', buy: 'WETH', pairs: [] });
  });

  it('names the override of a chain that has no row yet, not the form\'s pair it replaced', () => {
    const request = CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '5', chains: [1, 8453], overrides: [{ chainId: 1, side: 'buy', address: '0x7a7a000000000000000000000000000000000001', symbol: 'TAXD' }] });
    const base = { chainId: 8453, chainName: 'Base', sellToken: { symbol: 'USDC' }, buyToken: { symbol: 'WETH' } };
    const summary = summaryOf({ ...status('cmp-dddddd', '2026-11-22T12:00:00.000Z'), state: 'running', request, rows: [base] as RunStatus['rows'] });
    expect(summary.pairs).toEqual([
      { sell: 'USDC', buy: 'WETH', chains: ['Base'], isOverride: false },
      { sell: 'USDC', buy: 'TAXD', chains: ['Ethereum'], isOverride: true },
    ]);
  });

  it('lists each saved run with the slippage, fee and taker its request set, and none it left to the service', async () => {
    const store = createRunStore(dir);
    const request = (fields: object) => CompareRequestSchema.parse({ sell: 'USDC', buy: 'WETH', amount: '5', ...fields });
    const fee = { swapFeeBps: 25, swapFeeRecipient: '0x7a7a00000000000000000000000000000000aa01', taker: '0x1234000000000000000000000000000000000bcd' };
    await store.save({ version: 1, status: { ...status('cmp-aaaaaa', '2026-11-22T10:00:00.000Z'), request: request({ slippageBps: 50 }) }, details: {} });
    await store.save({ version: 1, status: { ...status('cmp-bbbbbb', '2026-11-22T11:00:00.000Z'), request: request({ slippageBps: 300, ...fee }) }, details: {} });
    await store.save({ version: 1, status: status('cmp-cccccc', '2026-11-22T12:00:00.000Z'), details: {} });
    expect((await store.list()).runs.map((run) => run.settings)).toEqual([{}, { slippageBps: 300, ...fee }, { slippageBps: 50 }]);
    await store.save({ version: 1, status: { ...status('cmp-dddddd', '2026-11-22T13:00:00.000Z'), profileId: 'prod' }, details: {} });
    expect((await store.list()).runs.map((run) => run.profileId)).toEqual(['prod', 'local', 'local', 'local']);
    const ladders = createLadderStore(dir);
    await ladders.save({ version: 1, status: { ...status('lad-aaaaaa', '2026-11-22T10:00:00.000Z'), request: LadderRequestSchema.parse({ sell: 'WETH', buy: 'USDC', amounts: ['1'], slippageBps: 10 }), rows: [] } });
    expect((await ladders.list()).runs.map((run) => run.settings)).toEqual([{ slippageBps: 10 }]);
  });

  it('reads a run saved with the estimate it had while running (as runs were kept before) with none: it has ended', async () => {
    const store = createRunStore(dir);
    await store.save({ version: 1, status: { ...status('cmp-eeeeee', '2026-11-22T10:00:00.000Z'), state: 'cancelled', done: 3, total: 13, etaMs: 4_200 }, details: {} });
    expect((await store.load('cmp-eeeeee'))?.status).toMatchObject({ state: 'cancelled', done: 3, total: 13, etaMs: null });
  });

  it('refuses a run id that is not one of its own, so no path outside comparisons/ is read', async () => {
    const store = createRunStore(dir);
    await expect(store.load('../../etc/passwd')).rejects.toThrow();
  });

  it('says which kind of run could not be saved', async () => {
    const file = join(dir, 'not-a-folder');
    await writeFile(file, '');
    await expect(createRunStore(file).save({ version: 1, status: status('cmp-aaaaaa', '2026-11-22T10:00:00.000Z'), details: {} })).rejects.toMatchObject({
      code: 'STORAGE',
      message: expect.stringMatching(/^The comparison could not be saved: /),
    });
  });
});

describe('ladder store', () => {
  const ladder = (runId: string, startedAt: string): LadderStatus => ({
    ...status('cmp-unused', startedAt), runId, request: LadderRequestSchema.parse({ sell: 'WETH', buy: 'USDC', amounts: ['1', '10'] }), rows: [],
  });

  it('keeps ladders in a folder of their own, by their own ids, listed newest first', async () => {
    const store = createLadderStore(dir);
    await store.save({ version: 1, status: ladder('lad-aaaaaa', '2026-11-22T10:00:00.000Z') });
    await store.save({ version: 1, status: ladder('lad-bbbbbb', '2026-11-22T11:00:00.000Z') });
    expect((await store.list()).runs.map((run) => [run.runId, run.amounts])).toEqual([['lad-bbbbbb', ['1', '10']], ['lad-aaaaaa', ['1', '10']]]);
    // The models asked for: a one-model ladder is told apart from one of both.
    await store.save({ version: 1, status: { ...ladder('lad-cccccc', '2026-11-22T12:00:00.000Z'), request: LadderRequestSchema.parse({ sell: 'WETH', buy: 'USDC', amounts: ['1'], models: ['permit2'] }) } });
    expect((await store.list()).runs.map((run) => run.models)).toEqual([['permit2'], ['allowance-holder', 'permit2'], ['allowance-holder', 'permit2']]);
    expect((await createRunStore(dir).list()).runs).toEqual([]);
    await expect(store.load('cmp-aaaaaa')).rejects.toThrow();
    expect(await store.load('lad-missing')).toBeNull();
  });

  it('says which kind of run could not be read', async () => {
    const store = createLadderStore(dir);
    await store.save({ version: 1, status: ladder('lad-aaaaaa', '2026-11-22T10:00:00.000Z') });
    // A folder where the file was: readable as neither JSON nor missing.
    await rm(join(dir, 'ladders', 'lad-aaaaaa.json'));
    await mkdir(join(dir, 'ladders', 'lad-aaaaaa.json'));
    await expect(store.load('lad-aaaaaa')).rejects.toMatchObject({ code: 'STORAGE', message: expect.stringMatching(/^The size ladder lad-aaaaaa could not be read: /) });
  });
});

describe('compare handlers', () => {
  it('answer NOT_FOUND for an unknown run and false when cancelling one', async () => {
    const handlers = createCompareHandlers({ requests: { send: vi.fn(), cancel: vi.fn() }, dataDir: dir, defaultProfileId: 'local' });
    await expect(handlers['compare.status']({ runId: 'cmp-nothere' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(handlers['compare.detail']({ runId: 'cmp-nothere', chainId: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await handlers['compare.cancel']({ runId: 'cmp-nothere' })).toEqual({ cancelled: false });
    expect(await handlers['compare.list']()).toEqual({ runs: [], unreadable: [] });
  });

  it('refuse bad input with every field reason before sending anything', async () => {
    const send = vi.fn();
    const handlers = createCompareHandlers({ requests: { send, cancel: vi.fn() }, dataDir: dir, defaultProfileId: 'local' });
    await expect(handlers['compare.start'](CompareRequestSchema.parse({ sell: 'USDC', buy: 'USDC', amount: '1', chains: [1] }))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: [{ field: 'buy', reason: expect.stringContaining('must differ') }],
    });
    expect(send).not.toHaveBeenCalled();
  });
});

describe('a run file damaged or edited by hand', () => {
  const handlers = () => createCompareHandlers({ requests: { send: vi.fn(), cancel: vi.fn() }, dataDir: dir, defaultProfileId: 'local' });
  const file = (runId: string) => join(dir, 'comparisons', `${runId}.json`);

  it('opens as refused, naming the field and the reason, and is kept where it was', async () => {
    await createRunStore(dir).save({ version: 1, status: status('cmp-aaaaaa', '2026-11-22T10:00:00.000Z'), details: {} });
    const saved = JSON.parse(await readFile(file('cmp-aaaaaa'), 'utf8')) as { status: Record<string, unknown> };
    await writeFile(file('cmp-aaaaaa'), JSON.stringify({ ...saved, status: { ...saved.status, rows: undefined, done: 'three' } }));
    const opened = handlers()['compare.open']({ runId: 'cmp-aaaaaa' });
    await expect(opened).rejects.toMatchObject({
      code: 'STORAGE',
      message: expect.stringMatching(/^The comparison cmp-aaaaaa could not be read: its file .*cmp-aaaaaa\.json is damaged \(status\.done must be number/),
      details: expect.arrayContaining([{ field: 'status.done', reason: 'must be number' }, { field: 'status.rows', reason: 'is required' }]),
    });
    expect(JSON.parse(await readFile(file('cmp-aaaaaa'), 'utf8'))).toMatchObject({ status: { done: 'three' } });
    await expect(handlers()['compare.detail']({ runId: 'cmp-aaaaaa', chainId: 1 })).rejects.toMatchObject({ code: 'STORAGE' });
  });

  it('refuses a run whose file names another run, and a file of another format', async () => {
    await createRunStore(dir).save({ version: 1, status: status('cmp-bbbbbb', '2026-11-22T10:00:00.000Z'), details: {} });
    await writeFile(file('cmp-cccccc'), await readFile(file('cmp-bbbbbb'), 'utf8'));
    await expect(handlers()['compare.open']({ runId: 'cmp-cccccc' })).rejects.toMatchObject({ details: [{ field: 'status.runId', reason: 'must be the run named by the file, cmp-cccccc' }] });
    await writeFile(file('cmp-dddddd'), '[1, 2, 3]');
    await expect(handlers()['compare.open']({ runId: 'cmp-dddddd' })).rejects.toMatchObject({ code: 'STORAGE', details: [{ field: '(file)', reason: 'must be object' }] });
    const listed = await handlers()['compare.list']();
    expect(listed.runs.map((run) => run.runId)).toEqual(['cmp-bbbbbb']);
    expect(listed.unreadable).toEqual([
      { runId: 'cmp-dddddd', reason: `The comparison cmp-dddddd could not be read: its file ${file('cmp-dddddd')} is damaged ((file) must be object). It was left as it is.` },
      { runId: 'cmp-cccccc', reason: `The comparison cmp-cccccc could not be read: its file ${file('cmp-cccccc')} is damaged (status.runId must be the run named by the file, cmp-cccccc). It was left as it is.` },
    ]);
  });

  it('refuses a size ladder whose rows were cut, naming the field', async () => {
    const ladder: LadderStatus = { ...status('lad-aaaaaa', '2026-11-22T10:00:00.000Z'), request: LadderRequestSchema.parse({ sell: 'WETH', buy: 'USDC', amounts: ['1', '10'] }), rows: [] };
    const store = createLadderStore(dir);
    await store.save({ version: 1, status: ladder });
    await writeFile(join(dir, 'ladders', 'lad-aaaaaa.json'), JSON.stringify({ version: 1, status: { ...ladder, request: { ...ladder.request, amounts: 'all' } } }));
    await expect(store.load('lad-aaaaaa')).rejects.toMatchObject({ code: 'STORAGE', details: [{ field: 'status.request.amounts', reason: 'must be array' }] });
  });
});
