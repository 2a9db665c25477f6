import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import VirtualListFixture from './VirtualListFixture.svelte';

afterEach(cleanup);

describe('VirtualList', () => {
  it('renders only about a screen of rows out of 100,000', () => {
    render(VirtualListFixture, { count: 100_000 });
    const rows = within(screen.getByRole('list', { name: 'Test entries' })).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(30);
    expect(screen.getByText('entry 0')).toBeTruthy();
  });

  it('shows the rows at the scroll position and drops the ones above', async () => {
    render(VirtualListFixture, { count: 100_000 });
    const list = screen.getByRole('list', { name: 'Test entries' });
    list.scrollTop = 20 * 50_000;
    await fireEvent.scroll(list);
    expect(screen.getByText('entry 50000')).toBeTruthy();
    expect(screen.queryByText('entry 0')).toBeNull();
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(30);
    // Each drawn row says where it stands among all 100,000.
    const row = screen.getByText('entry 50000').closest('[role="listitem"]')!;
    expect([row.getAttribute('aria-posinset'), row.getAttribute('aria-setsize')]).toEqual(['50001', '100000']);
  });
});
