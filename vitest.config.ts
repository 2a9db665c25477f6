import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Two projects: the engine, service and shell under plain Node; Svelte components under jsdom with
// the browser export conditions Svelte 5 needs for mount(). The reliability reporter collects the
// cases docs/RELIABILITY.md is generated from.
export default defineConfig({
  test: {
    // Generous on purpose: CI may run on 2 busy cores, where the durability (20 SIGKILLs) and CLI
    // tests that spawn processes took just over 30 s. Tests wait on conditions, never on time.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default', './build/reliability/vitest-reporter.ts'],
    projects: [
      {
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'main/**/*.test.ts', 'build/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
        },
      },
      {
        plugins: [svelte()],
        resolve: { conditions: ['browser'] },
        test: {
          name: 'renderer',
          include: ['renderer/**/*.test.ts'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
