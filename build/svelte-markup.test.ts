import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Svelte drops the whitespace at the start and end of a block's content, so `text{#if x} <b>y</b>{/if}`
 * renders "text<b>y</b>" run together ("…cc2has", "quotekey redacted", "knows(Not recognised)"
 * were seen on screen). A space that separates the block from the text around it goes outside it.
 */

const RENDERER = fileURLToPath(new URL('../renderer/', import.meta.url));
// The end of a `{…}` tag that starts at `start`, braces inside it (a destructured `{#each}`) counted.
function tagEnd(line: string, start: number): number {
  let depth = 0;
  for (let index = start; index < line.length; index++) {
    if (line[index] === '{') depth++;
    else if (line[index] === '}' && --depth === 0) return index;
  }
  return line.length;
}

function problemsOf(line: string): string[] {
  const problems: string[] = [];
  for (const match of line.matchAll(/\{(#(?:if|each|key)\b|:else\b|\/(?:if|each|key)\b)/g)) {
    const start = match.index;
    const after = line.slice(tagEnd(line, start) + 1);
    if (match[1]!.startsWith('/') || match[1] === ':else') {
      if (/\S $/.test(line.slice(0, start))) problems.push('before {:else} or a closing tag');
    }
    if (!match[1]!.startsWith('/') && /^ \S/.test(after)) problems.push(match[1] === ':else' ? 'after {:else}' : 'after an opening tag');
  }
  return problems;
}

function svelteFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.svelte')).map((name) => join(dir, name));
}

/** Markup lines that lose a space to Svelte, as "file:line (where)". */
function spacesSvelteDrops(file: string, text: string): string[] {
  const markup = text.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, (block) => block.replace(/[^\n]/g, ''));
  return markup.split('\n').flatMap((line, index) => problemsOf(line).map((where) => `${file}:${index + 1} (${where})`));
}

describe('renderer markup', () => {
  it('finds a space at a block edge, and none is left in the renderer', () => {
    expect(spacesSvelteDrops('t.svelte', '<p>a{#if x} <b>y</b>{/if}</p>\n<p>{#if y}a {:else}b{/if}</p>')).toEqual(['t.svelte:1 (after an opening tag)', 't.svelte:2 (before {:else} or a closing tag)']);
    expect(spacesSvelteDrops('t.svelte', '<p>a {#if x}<b>y</b>{/if}</p>\n{#each rows as { a, b } (a)}\n<script>if (a) { b }</script>')).toEqual([]);
    const found = svelteFiles(RENDERER).flatMap((file) => spacesSvelteDrops(file.slice(RENDERER.length), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
