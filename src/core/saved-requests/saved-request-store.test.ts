import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { savedRequestsChannels } from '../../ipc/channels/saved-requests.ts';
import { openSavedRequestStore } from './saved-request-store.ts';
import { createSavedRequestHandlers } from './saved-request-handlers.ts';

const PRICE = { endpoint: 'allowance-holder.price' as const, params: { chainId: '1', sellToken: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', sellAmount: '1000000' } };

async function dataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'saved-requests-'));
}

describe('saved request store', () => {
  it('saves per profile in the data dir, replaces a name, and reloads what it wrote', async () => {
    const dir = await dataDir();
    const store = await openSavedRequestStore(dir);
    await store.save({ profileId: 'local', name: 'USDC price', ...PRICE });
    await store.save({ profileId: 'local', name: 'USDC price', ...PRICE, params: { ...PRICE.params, sellAmount: '5' } });
    await store.save({ profileId: 'other', name: 'Chains', endpoint: 'swap.chains', params: {} });
    expect(store.list('local')).toHaveLength(1);
    expect(store.list('local')[0]!.params.sellAmount).toBe('5');
    const reopened = await openSavedRequestStore(dir);
    expect(reopened.list('other').map((r) => r.name)).toEqual(['Chains']);
    expect(await reopened.delete(reopened.list('other')[0]!.id)).toBe(true);
    expect((await openSavedRequestStore(dir)).list('other')).toEqual([]);
  });

  it('exports and imports a profile’s requests as JSON into another profile', async () => {
    const store = await openSavedRequestStore(await dataDir());
    await store.save({ profileId: 'local', name: 'A', ...PRICE });
    await store.save({ profileId: 'local', name: 'B', endpoint: 'swap.chains', params: {} });
    const json = store.exportJson('local');
    expect(JSON.parse(json)).toMatchObject({ format: 'swap-explorer.saved-requests', version: 1 });
    expect(await store.importJson('prod', json)).toEqual({ imported: 2, problems: [], renamed: [] });
    expect(store.list('prod').map((r) => [r.name, r.endpoint])).toEqual([['A', 'allowance-holder.price'], ['B', 'swap.chains']]);
  });

  it('keeps a saved request that an imported one of the same name differs from, importing that one under a name of its own', async () => {
    const store = await openSavedRequestStore(await dataDir());
    await store.save({ profileId: 'local', name: 'USDC → WETH', ...PRICE });
    await store.save({ profileId: 'local', name: 'Chains', endpoint: 'swap.chains', params: {} });
    const mine = store.list('local');
    const theirs = { ...PRICE, params: { ...PRICE.params, sellAmount: '5000000' } };
    const file = JSON.stringify({ format: 'swap-explorer.saved-requests', version: 1, requests: [{ name: 'USDC → WETH', ...theirs }, { name: 'Chains', endpoint: 'swap.chains', params: {} }] });
    expect(await store.importJson('local', file)).toEqual({ imported: 2, problems: [], renamed: [{ from: 'USDC → WETH', to: 'USDC → WETH (imported)' }] });
    const after = store.list('local');
    // Mine as they were (the same Chains request is not saved twice), and theirs beside them.
    expect(after.filter((r) => mine.some((m) => m.id === r.id))).toEqual(mine);
    expect(after.map((r) => [r.name, r.params.sellAmount])).toEqual([['Chains', undefined], ['USDC → WETH', '1000000'], ['USDC → WETH (imported)', '5000000']]);
    // The same file again adds nothing: each of its requests is already saved as it is.
    expect(await store.importJson('local', file)).toEqual({ imported: 2, problems: [], renamed: [{ from: 'USDC → WETH', to: 'USDC → WETH (imported)' }] });
    expect(store.list('local')).toEqual(after);
  });

  it('keeps no credential a request carried as a parameter, on disk or in an export: saved, imported, or in a file written before', async () => {
    const secret = 'sk_live_c0lleagu3Key';
    const dir = await dataDir();
    const store = await openSavedRequestStore(dir);
    await store.save({ profileId: 'local', name: 'Typed', ...PRICE, params: { ...PRICE.params, 'x-api-key': secret } });
    const file = JSON.stringify({ format: 'swap-explorer.saved-requests', version: 1, requests: [{ name: 'Theirs', ...PRICE, params: { ...PRICE.params, api_key: secret, Authorization: `Bearer ${secret}` } }] });
    expect((await store.importJson('local', file)).imported).toBe(1);
    // Imported again, it is seen to be saved already, key or not.
    expect(await store.importJson('local', file)).toEqual({ imported: 1, problems: [], renamed: [] });
    expect(store.list('local').map((r) => r.params)).toEqual([
      { ...PRICE.params, api_key: 'REDACTED', Authorization: 'REDACTED' },
      { ...PRICE.params, 'x-api-key': 'REDACTED' },
    ]);
    expect(await readFile(join(dir, 'saved-requests.json'), 'utf8')).not.toContain(secret);
    // A file an earlier version wrote with the key in it: the export leaves it out all the same.
    const older = await dataDir();
    const kept = { id: 'a1', profileId: 'local', savedAt: '2026-11-20T09:30:00.000Z', name: 'Old', ...PRICE, params: { ...PRICE.params, apiKey: secret } };
    await writeFile(join(older, 'saved-requests.json'), JSON.stringify({ version: 1, requests: [kept] }));
    const exported = (await openSavedRequestStore(older)).exportJson('local');
    expect(exported).not.toContain(secret);
    expect(JSON.parse(exported)).toMatchObject({ requests: [{ name: 'Old', params: { ...PRICE.params, apiKey: 'REDACTED' } }] });
  });

  it('imports nothing from a file with a bad request, naming each request, field and reason', async () => {
    const store = await openSavedRequestStore(await dataDir());
    await store.save({ profileId: 'local', name: 'Kept', ...PRICE });
    const bad = JSON.stringify({ format: 'swap-explorer.saved-requests', version: 1, requests: [{ name: 'ok', endpoint: 'swap.chains', params: {} }, { name: '', endpoint: 'swap.trade', params: { chainId: 1 } }] });
    const answer = await store.importJson('local', bad);
    expect(answer.imported).toBe(0);
    expect(answer.problems).toEqual(expect.arrayContaining([
      expect.objectContaining({ index: 1, field: 'name', reason: 'must not be empty' }),
      expect.objectContaining({ index: 1, field: 'endpoint' }),
      expect.objectContaining({ index: 1, field: 'params.chainId' }),
    ]));
    expect((await store.importJson('local', '{not json')).problems[0]).toMatchObject({ index: null, field: '(file)', reason: expect.stringMatching(/^is not JSON/) });
    expect((await store.importJson('local', ' \n')).problems).toEqual([{ index: null, field: '(file)', reason: 'is empty' }]);
    expect(store.list('local').map((r) => r.name)).toEqual(['Kept']);
  });

  it('imports nothing from a file that names two requests alike, rather than count both and keep one', async () => {
    const store = await openSavedRequestStore(await dataDir());
    const twice = JSON.stringify({ format: 'swap-explorer.saved-requests', version: 1, requests: [{ name: 'A', ...PRICE }, { name: 'B', endpoint: 'swap.chains', params: {} }, { name: ' A ', endpoint: 'swap.chains', params: {} }] });
    expect(await store.importJson('local', twice)).toEqual({ imported: 0, problems: [{ index: 2, field: 'name', reason: 'repeats the name of request #1; names must differ within a file' }], renamed: [] });
    expect(store.list('local')).toEqual([]);
  });

  it('names what is wrong with a file in its own words: not an export, another version, a field no request has', async () => {
    const store = await openSavedRequestStore(await dataDir());
    expect((await store.importJson('local', JSON.stringify({ format: 'har', version: 2, requests: [] }))).problems).toEqual([
      { index: null, field: 'format', reason: 'must be "swap-explorer.saved-requests": the file is not a saved-requests export' },
      { index: null, field: 'version', reason: 'must be 1, the only version of the file this app reads' },
    ]);
    const extra = JSON.stringify({ format: 'swap-explorer.saved-requests', version: 1, requests: [{ name: 'A', ...PRICE, profileId: 'prod' }] });
    expect((await store.importJson('local', extra)).problems).toEqual([{ index: 0, field: 'profileId', reason: 'is not a field of a saved request (name, endpoint, params)' }]);
  });

  it('names a file or a request that is not an object as the file or the request, not as "(input)"', async () => {
    const store = await openSavedRequestStore(await dataDir());
    expect((await store.importJson('local', '[]')).problems).toEqual([{ index: null, field: '(file)', reason: 'must be object' }]);
    const notObjects = JSON.stringify({ format: 'swap-explorer.saved-requests', version: 1, requests: [null, 'A'] });
    expect((await store.importJson('local', notObjects)).problems).toEqual([
      { index: 0, field: '(request)', reason: 'must be object' },
      { index: 1, field: '(request)', reason: 'must be object' },
    ]);
  });

  it('moves an unreadable file aside instead of overwriting it', async () => {
    const dir = await dataDir();
    await writeFile(join(dir, 'saved-requests.json'), '{"version": 2}');
    const store = await openSavedRequestStore(dir);
    expect(store.notice).toMatch(/moved to/);
    const aside = (await readdir(dir)).find((name) => name.startsWith('saved-requests.invalid-'));
    expect(await readFile(join(dir, aside!), 'utf8')).toBe('{"version": 2}');
  });

  it('tells the user, through the list, that a damaged file was moved aside, where and why', async () => {
    const dir = await dataDir();
    const handEdited = JSON.stringify({ version: 1, requests: [{ name: 'USDC price', ...PRICE, id: 'a', profileId: 'local', savedAt: 'yesterday' }] });
    await writeFile(join(dir, 'saved-requests.json'), handEdited);
    const list = createSavedRequestHandlers(await openSavedRequestStore(dir))['savedRequests.list'];
    const aside = (await readdir(dir)).find((name) => name.startsWith('saved-requests.invalid-'))!;
    expect(await list({ profileId: 'local' })).toEqual({
      requests: [],
      notice: `The saved requests file could not be read (requests.0.savedAt must be an ISO date-time). It was moved to ${join(dir, aside)} and the app started with no saved requests.`,
    });
    expect(await readFile(join(dir, aside), 'utf8')).toBe(handEdited);
    await writeFile(join(dir, 'saved-requests.json'), '{"version": 1, "requests": [');
    expect((await createSavedRequestHandlers(await openSavedRequestStore(dir))['savedRequests.list']({ profileId: 'local' })).notice).toMatch(/^The saved requests file could not be read \(not JSON \(.+\)\)\. It was moved to /);
    await writeFile(join(dir, 'saved-requests.json'), JSON.stringify({ version: 1, requests: [] }));
    expect((await createSavedRequestHandlers(await openSavedRequestStore(dir))['savedRequests.list']({ profileId: 'local' })).notice).toBeNull();
  });

  it('keeps both of two requests a hand edit gave one id (a request copied in the file to make another), and deletes only the one asked', async () => {
    const dir = await dataDir();
    const original = { name: 'USDC price', ...PRICE, id: 'a1', profileId: 'local', savedAt: '2026-11-20T09:30:00.000Z' };
    const copy = { ...original, name: 'USDC price, 5 USDC', params: { ...PRICE.params, sellAmount: '5000000' } };
    await writeFile(join(dir, 'saved-requests.json'), JSON.stringify({ version: 1, requests: [original, copy] }));
    const store = await openSavedRequestStore(dir);
    const listed = store.list('local');
    expect(listed.map((r) => r.name)).toEqual(['USDC price', 'USDC price, 5 USDC']);
    expect(new Set(listed.map((r) => r.id)).size).toBe(2);
    expect(await store.delete(listed[1]!.id)).toBe(true);
    expect(store.list('local').map((r) => [r.name, r.id])).toEqual([['USDC price', 'a1']]);
    expect((await openSavedRequestStore(dir)).list('local').map((r) => r.name)).toEqual(['USDC price']);
  });

  it('keeps a request added to the file by a script while the app runs, when the app saves another, and refuses to save over an edit it cannot read', async () => {
    const dir = await dataDir();
    const path = join(dir, 'saved-requests.json');
    const store = await openSavedRequestStore(dir);
    await store.save({ profileId: 'local', name: 'Mine', ...PRICE });
    const onDisk = JSON.parse(await readFile(path, 'utf8')) as { version: 1; requests: object[] };
    const scripted = { id: 'by-script', profileId: 'local', name: 'Scripted', savedAt: '2026-11-20T09:30:00.000Z', endpoint: 'swap.chains', params: {} };
    await writeFile(path, JSON.stringify({ ...onDisk, requests: [...onDisk.requests, scripted] }));
    // Listed once the Explorer asks again (it does when the window gets the focus back).
    await store.refresh();
    expect(store.list('local').map((r) => r.name)).toEqual(['Mine', 'Scripted']);
    await store.save({ profileId: 'local', name: 'Later', endpoint: 'swap.chains', params: {} });
    expect((await openSavedRequestStore(dir)).list('local').map((r) => r.name)).toEqual(['Later', 'Mine', 'Scripted']);

    const damaged = JSON.stringify({ version: 1, requests: [{ ...scripted, savedAt: 'today' }] });
    await writeFile(path, damaged);
    await expect(store.save({ profileId: 'local', name: 'Lost?', endpoint: 'swap.chains', params: {} })).rejects.toMatchObject({
      code: 'STORAGE',
      message: `The request was not saved: the saved requests file ${path} was changed outside the app and cannot be read now (requests.0.savedAt must be an ISO date-time). Mend it, or restart the app to set it aside.`,
    });
    expect(await readFile(path, 'utf8')).toBe(damaged);
  });

  it('takes a file left in place at start once it reads again, saying so, and never writes over it before', async () => {
    const dir = await dataDir();
    const path = join(dir, 'saved-requests.json');
    // A folder where the file should be (a restore gone wrong): the tests run as root, where a file
    // without read permission is read all the same.
    await mkdir(path);
    const store = await openSavedRequestStore(dir);
    const list = createSavedRequestHandlers(store)['savedRequests.list'];
    expect((await list({ profileId: 'local' })).notice).toMatch(/could not be read \(it is a folder\)\. It was left as it is/);
    await expect(store.save({ profileId: 'local', name: 'New', ...PRICE })).rejects.toMatchObject({ code: 'STORAGE' });
    expect((await readdir(path))).toEqual([]);

    await rm(path, { recursive: true });
    const mended = `${JSON.stringify({ version: 1, requests: [{ name: 'USDC price', ...PRICE, id: 'a', profileId: 'local', savedAt: '2026-01-02T03:04:05.000Z' }] }, null, 2)}\n`;
    await writeFile(path, mended);
    expect(await list({ profileId: 'local' })).toEqual({
      requests: [expect.objectContaining({ id: 'a', name: 'USDC price' })],
      notice: `The saved requests file ${path}, which could not be read when the app started, can be read now: it was taken as it is (1 saved request), and requests can be saved again.`,
    });
    expect(await readFile(path, 'utf8')).toBe(mended);
    await store.save({ profileId: 'local', name: 'New', ...PRICE });
    expect((await openSavedRequestStore(dir)).list('local').map((r) => r.name)).toEqual(['New', 'USDC price']);
  });

  it('takes a file left in place at the first save once it reads again, saving on what it holds', async () => {
    const dir = await dataDir();
    const path = join(dir, 'saved-requests.json');
    await mkdir(path);
    const store = await openSavedRequestStore(dir);
    await rm(path, { recursive: true });
    await writeFile(path, JSON.stringify({ version: 1, requests: [{ name: 'Kept', ...PRICE, id: 'k', profileId: 'local', savedAt: '2026-01-02T03:04:05.000Z' }] }));
    await store.save({ profileId: 'local', name: 'New', ...PRICE });
    expect((await openSavedRequestStore(dir)).list('local').map((r) => r.name)).toEqual(['Kept', 'New']);
    expect(store.notice).toMatch(/can be read now: it was taken as it is \(1 saved request\)/);
  });

  it('keeps both of two saves made at once', async () => {
    const dir = await dataDir();
    const store = await openSavedRequestStore(dir);
    await Promise.all([store.save({ profileId: 'local', name: 'A', ...PRICE }), store.save({ profileId: 'local', name: 'B', ...PRICE })]);
    expect((await openSavedRequestStore(dir)).list('local').map((r) => r.name)).toEqual(['A', 'B']);
  });

  it('refuses bad input at the channel: empty name, unknown endpoint, non-string params', () => {
    const save = savedRequestsChannels['savedRequests.save'].input;
    expect(save.safeParse({ profileId: 'local', name: 'x', ...PRICE }).success).toBe(true);
    expect(save.safeParse({ profileId: 'local', name: ' ', ...PRICE }).success).toBe(false);
    expect(save.safeParse({ profileId: 'local', name: 'x', endpoint: 'swap.trade', params: {} }).success).toBe(false);
    expect(save.safeParse({ profileId: 'local', name: 'x', endpoint: 'swap.chains', params: { chainId: 1 } }).success).toBe(false);
  });
});
