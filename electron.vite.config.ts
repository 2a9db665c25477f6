import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Explicit entries: the top-level layout keeps main/, renderer/ and src/ at the root rather than
// electron-vite's default src/main, src/preload, src/renderer.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'main/index.ts'),
          // Runs in Electron's utilityProcess (main/local-service-host.ts): the local service.
          'local-service': resolve(import.meta.dirname, 'src/service/child-entry.ts'),
          // A worker thread of main (src/core/data/data-worker-host.ts): history, imports, exports.
          'data-worker': resolve(import.meta.dirname, 'src/core/data/data-worker-entry.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can only require('electron') and a few Node built-ins: bundle everything
      // else (zod, the contract) into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'main/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'renderer'),
    // The renderer root is renderer/, so point the plugin at the repository's svelte.config.js.
    plugins: [svelte({ configFile: resolve(import.meta.dirname, 'svelte.config.js') })],
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'renderer/index.html') } },
    },
  },
});
