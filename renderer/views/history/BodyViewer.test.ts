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

describe('BodyViewer, a body the history kept as text only for its depth', () => {
  it('reads it as JSON too deep for the tree, not as "not JSON", and offers its raw text', () => {
    // As build-entry.ts keeps it: no parsed body, the text as received.
    const depth = 1_500;
    render(BodyViewer, { value: null, text: `${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}` });
    expect(screen.queryByText(/not JSON/)).toBeNull();
    expect(screen.getByText(/JSON nested more than 1,000 levels deep: kept as text only/)).toBeTruthy();
    expect(tabNames()).toEqual(['Raw text']);
  });

  it('still says "not JSON" of a deep text that does not parse', () => {
    render(BodyViewer, { value: null, text: `${'{"a":'.repeat(1_500)}1` });
    expect(screen.getByText(/not JSON/)).toBeTruthy();
  });
});
