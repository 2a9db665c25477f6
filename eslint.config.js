import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { builtinModules } from 'node:module';
import svelteConfig from './svelte.config.js';

// Import direction (../STYLE.md): renderer -> src, main -> src, never main <-> renderer.
// src/spec, src/domain and src/ipc stay environment-free so the renderer can import them.
const nodeBuiltins = { group: ['node:*'], message: 'src/spec, src/domain and src/ipc are environment-free: no Node built-ins.' };
// The same built-ins without the node: prefix ('fs', 'path'...).
const bareNodeBuiltins = builtinModules.filter((name) => !name.startsWith('_')).map((name) => ({ name, message: nodeBuiltins.message }));
// Restricted imports do not see import(): dynamic imports of electron or Node built-ins are banned by syntax.
const noDynamicElectron = { selector: "ImportExpression[source.value='electron']", message: 'Only main/ imports electron.' };
const noDynamicNode = { selector: 'ImportExpression[source.value=/^node:/]', message: nodeBuiltins.message };
const noElectron = { name: 'electron', message: 'Only main/ imports electron.' };
const noMain = { group: ['**/main/**', '../main/*', '../../main/*'], message: 'Nothing outside main/ imports main/.' };
const noService = { group: ['**/service/**', '../service/*', '../../service/*'], message: 'The engine starts the local service by path (src/core/local-service), never imports it.' };
const noRenderer = { group: ['**/renderer/**', '../renderer/*', '../../renderer/*'], message: 'Nothing outside renderer/ imports renderer/.' };
const securityBans = [
  {
    // Any value but a literal true (false, !1, a variable), with the key quoted or not.
    selector: "Property[key.name='rejectUnauthorized']:not([value.value=true])",
    message: 'Never disable certificate checks.',
  },
  {
    selector: "Property[key.value='rejectUnauthorized']:not([value.value=true])",
    message: 'Never disable certificate checks.',
  },
  {
    selector: "CallExpression[callee.property.name='exposeInMainWorld'] ObjectExpression > Property > Identifier[name='ipcRenderer']",
    message: 'Never expose ipcRenderer: build window.api from the contract.',
  },
  {
    selector: "CallExpression[callee.property.name='exposeInMainWorld'] ObjectExpression > Property > MemberExpression[object.name='ipcRenderer']",
    message: 'Never expose ipcRenderer methods: build window.api from the contract.',
  },
  {
    selector: "Literal[value='NODE_TLS_REJECT_UNAUTHORIZED']",
    message: 'Never disable certificate checks.',
  },
  {
    selector: "MemberExpression[property.name='NODE_TLS_REJECT_UNAUTHORIZED']",
    message: 'Never disable certificate checks.',
  },
  {
    selector: "CallExpression[callee.property.name='exposeInMainWorld'] > Identifier[name='ipcRenderer']",
    message: 'Never expose ipcRenderer: build window.api from the contract.',
  },
  {
    selector: "CallExpression[callee.property.name='openExternal'][arguments.0.type!='Literal']",
    message: 'shell.openExternal takes literal URLs only.',
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'dist/**', 'test-results/**', 'playwright-report/**', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', ...securityBans],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { projectService: true, extraFileExtensions: ['.svelte'], parser: tseslint.parser, svelteConfig } },
  },
  {
    files: ['src/spec/**', 'src/domain/**', 'src/ipc/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron, ...bareNodeBuiltins], patterns: [nodeBuiltins, noMain, noRenderer] }],
      'no-restricted-syntax': ['error', ...securityBans, noDynamicElectron, noDynamicNode],
    },
  },
  {
    files: ['src/core/**', 'src/service/**', 'src/cli/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron], patterns: [noMain, noRenderer] }],
      'no-restricted-syntax': ['error', ...securityBans, noDynamicElectron],
    },
  },
  {
    // Tests and their support may start the local service in-process; the engine itself may not.
    files: ['src/core/**'],
    ignores: ['**/*.test.ts', '**/test-support.ts', '**/test-support/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [noMain, noRenderer, noService] }] },
  },
  {
    files: ['renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [nodeBuiltins, noMain, { group: ['**/src/core/**', '**/src/service/**', '**/src/cli/**'], message: 'The renderer reaches the engine only through window.api.' }],
        },
      ],
    },
  },
  {
    // A Blob URL revoked right after link.click() races the download: under load Chromium finds no
    // data and no file arrives. One helper keeps the URL alive long enough.
    files: ['renderer/**'],
    ignores: ['renderer/lib/download.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'URL', property: 'createObjectURL', message: 'Save files with downloadText (renderer/lib/download.ts).' }],
    },
  },
  {
    files: ['main/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noRenderer] }] },
  },
  {
    files: ['e2e/**', 'bench/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
  {
    // Right after a resize Chromium may have no frame to copy yet: one helper waits for one.
    files: ['e2e/**'],
    ignores: ['e2e/screenshot.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...securityBans,
        {
          selector: "CallExpression[callee.property.name='screenshot'][arguments.0.type='ObjectExpression']",
          message: 'Save screenshots with saveScreenshot (e2e/screenshot.ts), which waits for a rendered frame.',
        },
      ],
    },
  },
);
