import { cleanup, render, screen } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BodyViewer from './BodyViewer.svelte';

// jsdom lays nothing out and has no ResizeObserver: the views are measured as empty.
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe(): void {} unobserve(): void {} disconnect(): void {} });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function tabNames(): string[] {
  return screen.getAllByRole('tab').map((tab) => tab.textContent ?? '');
}

describe('BodyViewer', () => {
  it('reads a body that is the JSON literal null as JSON null, not as "not JSON"', () => {
    // As the history keeps it: the parsed body is null, the text says it was JSON's null.
    render(BodyViewer, { value: null, text: ' null\n' });
    expect(screen.queryByText(/not JSON/)).toBeNull();
    expect(tabNames()).toEqual(['Tree', 'Formatted', 'Raw text']);
    expect(screen.getByRole('list', { name: 'JSON tree' }).textContent).toContain('null');
  });

  it('still says "not JSON" of a body that is not, and offers only its raw text', () => {
    render(BodyViewer, { value: null, text: '<html>null</html>' });
    expect(screen.getByText(/not JSON/)).toBeTruthy();
    expect(tabNames()).toEqual(['Raw text']);
  });
});
