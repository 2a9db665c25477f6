import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, stopServe, type RunningServe } from './cluster-test-support.ts';

// The examples of this folder's README, run as an integrator copies them: `serve` started with the
// README's own arguments in a fresh HOME (so `~/.swap-explorer/local-service/cert.pem` is the file
// it names), then each client block with only the port changed to the one serve printed. curl is
// Debian's (.ci/run installs it); the Node blocks run on this Node, importing undici from the project.
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const README = fileURLToPath(new URL('./README.md', import.meta.url));
const README_PORT = '35577';

let readme: string;
let home: string;
let scratch: string;
let serve: RunningServe;

/** The fenced blocks of a language, in the README's order. */
function blocks(language: string): string[] {
  return [...readme.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((match) => match[1]!);
}

/** The one block of `language` that holds `text`, as written. */
function block(language: string, text: string): string {
  const found = blocks(language).filter((candidate) => candidate.includes(text));
  expect(found, `one \`\`\`${language} block with ${text}`).toHaveLength(1);
  return found[0]!;
}

/** That block with the README's port replaced by the one serve printed. */
function example(language: string, text: string): string {
  return block(language, text).replaceAll(`127.0.0.1:${README_PORT}`, new URL(serve.line.baseUrl).host);
}

beforeAll(async () => {
  readme = await readFile(README, 'utf8');
  home = await mkdtemp(join(tmpdir(), 'service-readme-'));
  // Inside the project (test-results/ is ignored) so that `import 'undici'` resolves from its node_modules.
  await mkdir(join(ROOT, 'test-results'), { recursive: true });
  scratch = await mkdtemp(join(ROOT, 'test-results', 'service-readme-'));
  const start = block('sh', 'npx swap-explorer serve').split('\n')[0]!;
  // One process: the default starts one per core after the first answer, which a many-core CI
  // machine would pay for nothing (the examples do not depend on it).
  serve = await startServe([...start.replace(/^npx swap-explorer serve /, '').split(' '), '--workers', '1'], { HOME: home });
});
afterAll(async () => {
  if (serve) await stopServe(serve);
  await rm(home, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

const env = (): NodeJS.ProcessEnv => ({ ...process.env, HOME: home });

describe('the service README, run as written', { timeout: 30_000 }, () => {
  it('serve prints the line shown, with the certificate where the examples read it', () => {
    expect(serve.line).toMatchObject({ caCertPath: join(home, '.swap-explorer/local-service/cert.pem'), apiKeys: ['demo-key'] });
  });

  it('the curl example gets a price, the certificate pinned with --cacert', async () => {
    const { stdout } = await run('sh', ['-c', example('sh', 'curl --cacert')], { env: env() });
    expect(JSON.parse(stdout)).toMatchObject({ liquidityAvailable: true, buyAmount: expect.stringMatching(/^[0-9]+$/) });
  });

  it("the undici example gets a 200 with undici's own fetch and an Agent pinning the certificate", async () => {
    const file = join(scratch, 'client.mjs');
    await writeFile(file, example('js', 'new Agent('));
    const { stdout } = await run(process.execPath, [file], { env: env(), cwd: scratch });
    expect(stdout).toMatch(/^200 \{/);
    expect(stdout).toContain("chainName: 'Ethereum'");
  });

  it('NODE_EXTRA_CA_CERTS makes unchanged code on Node (its global fetch) trust the certificate, which it refuses without', async () => {
    const client = `const response = await fetch('${serve.line.baseUrl}/swap/chains', { headers: { 'svc-api-key': 'demo-key', 'svc-version': 'v2' } });\nconsole.log(response.status);\n`;
    await writeFile(join(scratch, 'your-client.mjs'), client);
    const line = example('sh', 'NODE_EXTRA_CA_CERTS=');
    const trusted = await run('sh', ['-c', line], { env: env(), cwd: scratch });
    expect(trusted.stdout.trim()).toBe('200');
    const { NODE_EXTRA_CA_CERTS: _extra, ...withoutIt } = env();
    await expect(run(process.execPath, ['your-client.mjs'], { env: withoutIt, cwd: scratch })).rejects.toMatchObject({ stderr: expect.stringContaining('SELF_SIGNED_CERT') });
  });

  it('the export line sets SVC_API_KEY to the key serve keeps when no --api-key is given', async () => {
    const kept = await startServe(['--workers', '1'], { HOME: home });
    try {
      const { stdout } = await run('sh', ['-c', `${block('sh', 'export SVC_API_KEY=')}printf %s "$SVC_API_KEY"`], { env: env() });
      expect(kept.line.apiKeys).toEqual([stdout]);
    } finally {
      await stopServe(kept);
    }
  });

  it('no example turns certificate checks off', () => {
    expect(readme).not.toMatch(/rejectUnauthorized|NODE_TLS_REJECT_UNAUTHORIZED|--insecure|curl -k\b/);
  });
});
