import { cleanup, render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as rawLines from './raw-lines.ts';
import RawText from './RawText.svelte';

vi.mock('./raw-lines.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof rawLines>();
  return { ...actual, rawRows: vi.fn(actual.rawRows) };
});

// jsdom lays nothing out: the panel is 736 px wide and ten characters 72 px, as a browser measures.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe(): void {} unobserve(): void {} disconnect(): void {} });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(736);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(72);
  vi.mocked(rawLines.rawRows).mockClear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('RawText', () => {
  it('cuts the rows once, at the measured width: a 10 MB body is not split first at a guessed one', () => {
    render(RawText, { text: 'x'.repeat(2_000), label: 'Raw body' });
    // (736 - 60 - 16) px / 7.2 px a character.
    expect(vi.mocked(rawLines.rawRows).mock.calls.map(([, width]) => width)).toEqual([91]);
    expect(screen.getByRole('list', { name: 'Raw body' })).toBeTruthy();
  });
});
