import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it, type TestContext } from 'vitest';
import { recordReliability } from '../src/test-support/reliability.ts';

// The repo's own eslint.config.js, run on in-memory code at paths that pick its per-folder rules.
const eslint = new ESLint({ cwd: join(import.meta.dirname, '..') });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

/** Lints `code` at `filePath`, tags the case with the rules that fired, and returns them. */
async function lintCase(task: TestContext['task'], done: string, code: string, filePath: string): Promise<string[]> {
  const ids = await ruleIds(code, filePath);
  recordReliability(task, { area: 'security-gate', done: `lint ${filePath}: ${done}`, must: 'a lint error, so npm run lint and npm test fail', observed: ids.length > 0 ? `reported: ${ids.join(', ')}` : 'no error' });
  return ids;
}

describe('security bans (issue 7, item 5)', () => {
  it('bans exposing ipcRenderer through contextBridge', async ({ task }) => {
    const code = "import { contextBridge, ipcRenderer } from 'electron';\ncontextBridge.exposeInMainWorld('ipc', ipcRenderer);\n";
    expect(await lintCase(task, 'exposeInMainWorld(ipcRenderer)', code, 'main/preload/x.ts')).toContain('no-restricted-syntax');
  });

  it('allows exposing a contract-built api object', async () => {
    const code = "import { contextBridge } from 'electron';\nconst api = { ping: () => 1 };\ncontextBridge.exposeInMainWorld('api', api);\n";
    expect(await ruleIds(code, 'main/preload/x.ts')).toEqual([]);
  });

  it('bans shell.openExternal with a non-literal URL and allows a literal', async ({ task }) => {
    const bad = "import { shell } from 'electron';\nexport function open(url: string) { return shell.openExternal(url); }\n";
    const good = "import { shell } from 'electron';\nexport function open() { return shell.openExternal('https://example.org/'); }\n";
    expect(await lintCase(task, 'shell.openExternal(url) with a variable URL', bad, 'main/x.ts')).toContain('no-restricted-syntax');
    expect(await ruleIds(good, 'main/x.ts')).toEqual([]);
  });

  it('bans rejectUnauthorized: false', async ({ task }) => {
    expect(await lintCase(task, '{ rejectUnauthorized: false }', 'export const tls = { rejectUnauthorized: false };\n', 'src/core/x.ts')).toContain('no-restricted-syntax');
  });

  it('bans NODE_TLS_REJECT_UNAUTHORIZED as a member and as a string key', async ({ task }) => {
    expect(await ruleIds("process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';\n", 'src/cli/x.ts')).toContain('no-restricted-syntax');
    expect(await lintCase(task, "process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = '0' (and as a member)", "process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = '0';\n", 'src/cli/x.ts')).toContain('no-restricted-syntax');
  });
});

describe('import direction', () => {
  it('keeps src/domain free of Node built-ins', async () => {
    expect(await ruleIds("import { readFileSync } from 'node:fs';\nexport const f = readFileSync;\n", 'src/domain/x.ts')).toContain('no-restricted-imports');
  });

  it('stops the renderer importing main/', async () => {
    expect(await ruleIds("import { x } from '../main/window.ts';\nexport const y = x;\n", 'renderer/x.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("import { x } from '../../main/window.ts';\nexport const y = x;\n", 'renderer/lib/x.ts')).toContain('no-restricted-imports');
  });

  it('stops src/ importing electron', async () => {
    for (const file of ['src/core/x.ts', 'src/domain/x.ts', 'src/service/x.ts', 'src/cli/x.ts', 'src/spec/x.ts', 'src/ipc/x.ts']) {
      expect(await ruleIds("import { app } from 'electron';\nexport const a = app;\n", file), file).toContain('no-restricted-imports');
    }
  });

  it('stops the engine importing the local service, which it starts by path only (its tests may)', async () => {
    const code = "import { startLocalService } from '../../service/index.ts';\nexport const s = startLocalService;\n";
    expect(await ruleIds(code, 'src/core/local-service/x.ts')).toContain('no-restricted-imports');
    expect(await ruleIds(code, 'src/core/local-service/x.test.ts')).toEqual([]);
    expect(await ruleIds("import type { LocalServiceHost } from '../local-service/host.ts';\nexport type H = LocalServiceHost;\n", 'src/core/profiles/x.ts')).toEqual([]);
  });

  it('lets main/ import electron and src/', async () => {
    expect(await ruleIds("import { app } from 'electron';\nimport { x } from '../src/core/x.ts';\nexport const a = [app, x];\n", 'main/x.ts')).toEqual([]);
  });
});

describe('ban variants that a literal-only rule would miss', () => {
  it.for([
    "export const tls = { 'rejectUnauthorized': false };\n",
    'export const tls = { rejectUnauthorized: !1 };\n',
    'const off = false;\nexport const tls = { rejectUnauthorized: off };\n',
  ])('bans disabling certificate checks: %s', async (code, { task }) => {
    expect(await lintCase(task, code.trim(), code, 'src/core/x.ts')).toContain('no-restricted-syntax');
  });

  it('allows rejectUnauthorized: true', async () => {
    expect(await ruleIds('export const tls = { rejectUnauthorized: true };\n', 'src/core/x.ts')).toEqual([]);
  });

  it.for(["contextBridge.exposeInMainWorld('ipc', { ipcRenderer });\n", "contextBridge.exposeInMainWorld('ipc', { invoke: ipcRenderer.invoke });\n"])('bans exposing ipcRenderer inside an object: %s', async (line, { task }) => {
    const code = `import { contextBridge, ipcRenderer } from 'electron';\n${line}`;
    expect(await lintCase(task, line.trim(), code, 'main/preload/x.ts')).toContain('no-restricted-syntax');
  });

  it('bans bare Node built-ins and dynamic imports in environment-free folders', async () => {
    expect(await ruleIds("import fs from 'fs';\nexport const f = fs;\n", 'src/domain/x.ts')).toContain('no-restricted-imports');
    expect(await ruleIds("export const f = () => import('node:fs');\n", 'src/domain/x.ts')).toContain('no-restricted-syntax');
    expect(await ruleIds("export const e = () => import('electron');\n", 'src/core/x.ts')).toContain('no-restricted-syntax');
  });
});
