import { expect, it } from 'vitest';
import { lazySchemasBuilt } from '../spec/lazy-schema.ts';

// Each test file gets its own module graph, so the count starts at zero when these imports load.
// Issue 14: no work at start that a request does not need. A schema built as a command's modules
// load costs every start (a run file's schemas cost `price` a few ms), though only reading or
// writing a saved run needs them.
it('loading the price and compare commands builds no lazy schema', async () => {
  await import('./price.ts');
  await import('./compare.ts');
  expect(lazySchemasBuilt()).toBe(0);
});
