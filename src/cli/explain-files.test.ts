import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess as cli } from './test-support.ts';

// `explain <file>` for files a customer may send broken, written to a temp dir: each says what is
// wrong with that file, once, in explain's own words.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-explain-files-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function explainFile(name: string, text: string) {
  const file = join(dir, name);
  await writeFile(file, text);
  return { file, ...(await cli(['explain', file])) };
}

describe('explain: a file it cannot read says why', () => {
  it('a HAR cut short is named as not valid JSON', async () => {
    const { file, code, stdout } = await explainFile('truncated.har', '{"log":{"version":"1.2","entries":[{"request":');
    expect(code).toBe(1);
    expect(stdout).toBe(`${file} is not valid JSON: Unexpected end of JSON input. A body or file cut short, or edited by hand, reads so: ask the customer for it again, whole.\n`);
  });

  it('a body broken in the middle is named as not valid JSON, with where', async () => {
    const { file, code, stdout } = await explainFile('broken.json', '{\n  "name": "INPUT_INVALID"\n  "message": "x"\n}');
    expect(code).toBe(1);
    expect(stdout).toMatch(new RegExp(`^${file.replace(/[.\\]/g, '\\$&')} is not valid JSON: .* at position 30 \\(line 3 column 3\\)\\. `));
  });

  it('a HAR that is JSON but not a HAR file: each problem once, and nothing "imported"', async () => {
    const { file, code, stdout } = await explainFile('weird.har', '{"log":{"version":"1.2","entries":[]}}');
    expect(code).toBe(1);
    expect(stdout).toBe(`${file} is not a HAR file explain can read, so no entry was explained (1 problem):\n  $.log.creator Invalid input: expected object, received undefined\n`);
  });

  it('a history export that is not one names the export, not a HAR', async () => {
    const { file, stdout } = await explainFile('export.json', '{"format":"swap-explorer.history","version":2,"entries":[]}');
    expect(stdout).toBe(`${file} is not a Swap Explorer history export explain can read, so no entry was explained (1 problem):\n  $.version must be 1: the only version this app writes\n`);
  });
});
