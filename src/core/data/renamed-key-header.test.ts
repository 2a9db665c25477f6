import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isCredentialName } from '../../domain/redact.ts';
import { ProfileInputSchema } from '../../ipc/channels/profiles.ts';
import { HistoryStore } from '../history/history-store.ts';
import { sampleEntry } from '../history/sample-entries.ts';
import { openProfileStore } from '../profiles/profile-store.ts';
import { openDataOps, type OpenDataOps } from './data-ops.ts';
import { historyFileIn } from '../history/history-path.ts';

// A deployment that renamed the key header to a name that does not look like a key: the profile
// set up for it says so, and the history (in its own worker) must redact that header too.
const PARTNER_HEADER = 'x-partner-token';
const PARTNER_KEY = 'partnerKeyV4lue0042';

let dir: string;
let data: OpenDataOps;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'renamed-key-header-'));
  data = openDataOps({ dataDir: dir, creator: { name: 'test', version: '0' } });
});
afterEach(() => {
  data.close();
  rmSync(dir, { recursive: true, force: true });
});

async function savePartnerProfile(): Promise<string> {
  const profiles = await openProfileStore(dir);
  const profile = await profiles.save(ProfileInputSchema.parse({ name: 'Partner', baseUrl: 'https://partner.example.test', headerNames: { apiKey: PARTNER_HEADER, version: 'svc-version' } }));
  return profile.id;
}

// Imported before imports were redacted: the customer's key in the renamed header and echoed back.
function oldImport() {
  const body = { name: 'UNAUTHORIZED', message: `key ${PARTNER_KEY} is not valid` };
  return sampleEntry({
    origin: 'imported',
    profileId: 'imported',
    profileName: 'Imported: partner.har',
    status: 401,
    requestHeaders: { [PARTNER_HEADER]: PARTNER_KEY, 'svc-version': 'v2' },
    bodyText: JSON.stringify(body),
    body,
  });
}

// A customer's HAR sent to the partner deployment, the key in the renamed header.
function partnerHar() {
  return {
    log: {
      version: '1.2',
      creator: { name: 'partner-app', version: '1' },
      entries: [
        {
          startedDateTime: '2026-11-20T09:30:00.000Z',
          time: 10,
          request: { method: 'GET', url: 'https://partner.example.test/swap/allowance-holder/price?chainId=1', httpVersion: 'HTTP/1.1', headers: [{ name: PARTNER_HEADER, value: PARTNER_KEY }], queryString: [{ name: 'chainId', value: '1' }], cookies: [], headersSize: -1, bodySize: 0 },
          response: { status: 401, statusText: 'Unauthorized', httpVersion: 'HTTP/1.1', headers: [], cookies: [], content: { size: 2, mimeType: 'application/json', text: oldImport().bodyText }, redirectURL: '', headersSize: -1, bodySize: -1 },
          cache: {},
          timings: { send: 0, wait: 10, receive: 0 },
        },
      ],
    },
  };
}

describe('a key header a profile renamed to a name that does not look like a key', () => {
  it('is not a key-like name on its own', () => {
    expect(isCredentialName(PARTNER_HEADER)).toBe(false);
  });

  it('is redacted when an old imported entry is read or exported, with the key it echoes', async () => {
    await savePartnerProfile();
    const [id] = await data.ops['history.insertMany']([oldImport()]);
    const read = await data.ops['history.get']({ id: id! });
    expect(read.requestHeaders).toEqual({ [PARTNER_HEADER]: 'REDACTED', 'svc-version': 'v2' });
    expect(read.body).toEqual({ name: 'UNAUTHORIZED', message: 'key REDACTED is not valid' });
    for (const format of ['har', 'json'] as const) expect((await data.ops['history.export']({ ids: [id!], format })).content).not.toContain(PARTNER_KEY);
  });

  it('is redacted on import', async () => {
    await savePartnerProfile();
    const har = partnerHar();
    const { importedIds } = await data.ops['history.import']({ fileName: 'partner.har', content: JSON.stringify(har) });
    // What the file keeps, read without the read's own redaction.
    const raw = HistoryStore.open(historyFileIn(dir));
    try {
      const stored = raw.get(importedIds[0]!)!;
      expect(stored.requestHeaders[PARTNER_HEADER]).toBe('REDACTED');
      expect(JSON.stringify(stored)).not.toContain(PARTNER_KEY);
    } finally {
      raw.close();
    }
  });

  it('is redacted in a sent entry of that profile that still holds it', async () => {
    const profileId = await savePartnerProfile();
    const [id] = await data.ops['history.insertMany']([{ ...oldImport(), origin: 'sent', profileId, profileName: 'Partner' }]);
    expect(JSON.stringify(await data.ops['history.get']({ id: id! }))).not.toContain(PARTNER_KEY);
  });
});

describe('a profiles file that cannot be read while the app runs', () => {
  it('stops an import and an export, saying why, rather than keep or write a renamed key header in the clear', async () => {
    await savePartnerProfile();
    const [id] = await data.ops['history.insertMany']([oldImport()]);
    const path = join(dir, 'profiles.json');
    // Cut short by a sync tool or an editor while the app runs.
    writeFileSync(path, readFileSync(path, 'utf8').slice(0, 40));
    const refusal = { code: 'STORAGE', message: expect.stringMatching(/^The profiles file .*profiles\.json cannot be read \(it is not JSON: .+\), so the key header names the profiles give are not known and a key sent under one would be kept in the clear: nothing was imported or exported\. Mend the file, or restart the app to set it aside\.$/) };
    await expect(data.ops['history.import']({ fileName: 'partner.har', content: JSON.stringify(partnerHar()) })).rejects.toMatchObject(refusal);
    for (const format of ['har', 'json'] as const) await expect(data.ops['history.export']({ ids: [id!], format })).rejects.toMatchObject(refusal);
    expect(await data.ops['history.search']({ limit: 50 })).toMatchObject({ rows: [{ id }] });
  });
});
