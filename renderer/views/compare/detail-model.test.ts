import { describe, expect, it } from 'vitest';
import { noBodyText, rawBody } from './detail-model.ts';
import { problemSide } from './test-rows.ts';

describe('noBodyText', () => {
  const failed = (errorName: string, entryId: number | null) => ({ ...problemSide('permit2', 'error', 0, errorName), entryId });

  it('says no answer was received for a side whose request got no response (its entry has no status)', () => {
    expect(noBodyText(failed('NETWORK', 7), { entryId: 7, status: null, body: '' })).toBe('No JSON body: no answer was received (NETWORK), so there is no response to show.');
  });

  it('says the same for a side that failed before its request was recorded (no entry at all)', () => {
    expect(noBodyText(failed('INVALID_INPUT', null))).toBe('No JSON body: no answer was received (INVALID_INPUT), so there is no response to show.');
  });

  it('keeps the raw body of an error the service answered with a body (HTTP 400 INPUT_INVALID)', () => {
    expect(noBodyText(failed('INPUT_INVALID', 8), { entryId: 8, status: 400, body: { name: 'INPUT_INVALID', message: 'refused' } })).toBeNull();
  });

  it('decides nothing for an error side until its own entry is fetched', () => {
    expect(noBodyText(failed('NETWORK', 9))).toBeNull();
    expect(noBodyText(failed('NETWORK', 9), { entryId: 7, status: null, body: '' })).toBeNull();
  });

  it('says no answer was received for a transport failure in a run saved before statuses were kept (its body empty)', () => {
    for (const name of ['NETWORK', 'TLS', 'TIMEOUT']) {
      expect(noBodyText(failed(name, 7), { entryId: 7, body: '' })).toBe(`No JSON body: no answer was received (${name}), so there is no response to show.`);
    }
  });

  it('keeps the body of a run saved before statuses were kept where one came back (a refusal, or a timeout after part of a body)', () => {
    expect(noBodyText(failed('INPUT_INVALID', 8), { entryId: 8, body: { name: 'INPUT_INVALID', message: 'refused' } })).toBeNull();
    expect(noBodyText(failed('TIMEOUT', 8), { entryId: 8, body: '{"liquidityAv' })).toBeNull();
  });

  it('says an answer with an empty body has nothing to show, with its status when it is known', () => {
    expect(noBodyText(failed('REMOTE_ERROR', 5), { entryId: 5, status: 503, body: '' })).toBe('No body: the answer (HTTP 503) was empty, so there is nothing to show.');
    expect(noBodyText(failed('REMOTE_ERROR', 5), { entryId: 5, body: '' })).toBe('No body: the answer was empty, so there is nothing to show.');
  });

  it('says a side still waiting in a running run is not answered yet', () => {
    expect(noBodyText({ ...failed('NETWORK', null), state: 'pending', errorName: null })).toBe('No JSON body: not answered yet.');
  });
});

describe('rawBody', () => {
  it('names a parsed body "Raw JSON body" and formats it', () => {
    const body = { name: 'INPUT_INVALID', message: 'refused' };
    expect(rawBody({ body, status: 400 })).toEqual({ summary: 'Raw JSON body', region: 'raw JSON body', json: body, text: '' });
  });

  it('names a body that is not JSON by what it is, with its status, and keeps its text as received', () => {
    const page = '<html><body><h1>502 Bad Gateway</h1></body></html>\n';
    expect(rawBody({ body: page, status: 502 })).toEqual({ summary: 'Raw body (not JSON, HTTP 502)', region: 'raw body', json: null, text: page });
    expect(rawBody({ body: page }).summary).toBe('Raw body (not JSON)');
  });

  it('still calls JSON kept as text JSON (JSON null)', () => {
    expect(rawBody({ body: 'null', status: 200 })).toEqual({ summary: 'Raw JSON body', region: 'raw JSON body', json: null, text: 'null' });
  });
});
