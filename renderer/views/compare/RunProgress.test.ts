import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RunProgress from './RunProgress.svelte';

afterEach(cleanup);

const texts = { noun: 'size ladder', listName: 'Past size ladders', cancelledNote: 'answered sizes are kept.', doneNote: ', 2 sizes on 1 chain' };
const at = (status: Partial<{ state: 'running' | 'done' | 'cancelled' | 'failed'; done: number; etaMs: number | null; error: { code: 'STORAGE' | 'INTERNAL'; message: string } | null }>) => ({
  state: 'running' as const, done: 3, total: 8, etaMs: null, error: null, ...status,
});
const region = () => screen.getByRole('status', { name: 'Size ladder progress' });

describe('RunProgress', () => {
  it('shows a running run with its bar and time left, and cancels it', async () => {
    const onCancel = vi.fn();
    const { rerender } = render(RunProgress, { ...texts, status: at({ etaMs: 4_200 }), onCancel });
    expect(screen.getByRole('progressbar', { name: 'Size ladder requests done' }).getAttribute('value')).toBe('3');
    expect(region().textContent).toContain('3/8 requests · about 5 s left');
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    await rerender({ ...texts, status: at({ etaMs: 125_000 }), onCancel });
    expect(region().textContent).toContain('about 3 min left');
  });

  it('does not show a run it no longer follows as going: no bar, no Cancel, its last figures said as such', () => {
    render(RunProgress, { ...texts, status: at({}), isFollowed: false, onCancel: () => {} });
    expect(region().textContent!.trim()).toBe('No longer followed: 3/8 requests when last read');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('says how a run ended', async () => {
    const { rerender } = render(RunProgress, { ...texts, status: at({ state: 'done', done: 8 }), onCancel: () => {} });
    expect(region().textContent!.trim()).toBe('Done: 8/8 requests, 2 sizes on 1 chain.');
    await rerender({ ...texts, status: at({ state: 'cancelled' }), onCancel: () => {} });
    expect(region().textContent!.trim()).toBe('Cancelled after 3/8 requests: answered sizes are kept.');
    await rerender({ ...texts, status: at({ state: 'failed', error: { code: 'INTERNAL', message: 'boom' } }), onCancel: () => {} });
    expect(region().textContent!.trim()).toBe('The size ladder failed after 3/8 requests: boom');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('says under the end that a run was not saved, and where it will be missing', () => {
    render(RunProgress, { ...texts, status: at({ state: 'done', done: 8, error: { code: 'STORAGE', message: 'The size ladder could not be saved: disk full' } }), onCancel: () => {} });
    expect(region().textContent).toContain('Done: 8/8 requests, 2 sizes on 1 chain.');
    expect(region().textContent).toContain('The size ladder could not be saved: disk full (it will not be listed under Past size ladders)');
  });
});
