import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../src/ipc/channels/profiles.ts';
import { ProfileDraft } from './profile-draft.svelte.ts';

// What profiles.save answers for a form sent as "Staging", "https://staging.example.test/ " (the
// service keeps the URL trimmed, without its trailing slash).
const SAVED: ProfileView = {
  id: 'p-1',
  name: 'Staging',
  baseUrl: 'https://staging.example.test',
  headerNames: { apiKey: 'svc-api-key', version: 'svc-version' },
  version: 'v2',
  caPem: null,
  proxyUrl: null,
  hasProxyPassword: false,
  trustSystemCertificates: true,
  rateBudgetRps: 5,
  builtIn: false,
  key: { stored: true, backend: 'keychain', reason: null },
};

function typed(): ProfileDraft {
  const draft = new ProfileDraft();
  draft.name = 'Staging';
  draft.baseUrl = 'https://staging.example.test/ ';
  draft.apiKey = 'staging-key-1234';
  return draft;
}

describe('ProfileDraft.saved', () => {
  it('shows the profile as saved, the key field emptied, and nothing left unsaved', () => {
    const draft = typed();
    const sent = draft.snapshot();
    draft.saved(SAVED, sent);
    expect(draft.baseUrl).toBe('https://staging.example.test');
    expect(draft.apiKey).toBe('');
    expect(draft.isEdited).toBe(false);
  });

  it('keeps what was typed while the save was under way, fields and key, and the form stays edited', () => {
    const draft = typed();
    const sent = draft.snapshot();
    draft.rateBudgetRps = '2';
    draft.apiKey = 'staging-key-5678';
    draft.saved(SAVED, sent);
    expect(draft.rateBudgetRps).toBe('2');
    expect(draft.apiKey).toBe('staging-key-5678');
    // Fields not typed into show the saved values.
    expect(draft.baseUrl).toBe('https://staging.example.test');
    expect(draft.name).toBe('Staging');
    expect(draft.isEdited).toBe(true);
    expect(draft.differencesFrom(SAVED)).toEqual(['Rate budget']);
  });
});
