import { readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './types.ts';

/**
 * Runs every bench/*.bench.ts in turn (each exports `run(): Promise<BenchRow[]>`), prints one table
 * with each value, its target and the ratio value/target, and writes bench/results.json.
 * Exit code 1 when a row misses its target.
 */

const dir = fileURLToPath(new URL('.', import.meta.url));
const files = (await readdir(dir)).filter((name) => name.endsWith('.bench.ts')).sort();
const rows: (BenchRow & { file: string; ratio: number; pass: boolean })[] = [];
for (const file of files) {
  const started = performance.now();
  process.stderr.write(`bench: ${file} ...\n`);
  const module = (await import(new URL(file, import.meta.url).href)) as { run: () => Promise<BenchRow[]> };
  for (const row of await module.run()) {
    const pass = row.comparison === '<=' ? row.value <= row.target : row.value >= row.target;
    rows.push({ ...row, file, ratio: row.target === 0 ? 0 : row.value / row.target, pass });
  }
  process.stderr.write(`bench: ${file} done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

const format = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 1 ? value.toFixed(2) : value.toPrecision(3));
const table = [
  ['benchmark', 'value', 'unit', 'target', 'ratio', 'ok'],
  ...rows.map((row) => [row.name, format(row.value), row.unit, `${row.comparison} ${format(row.target)}`, row.ratio.toFixed(3), row.pass ? 'yes' : 'NO']),
];
const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
for (const [index, line] of table.entries()) {
  process.stdout.write(`${line.map((cell, column) => (column === 0 || column === 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')}\n`);
  if (index === 0) process.stdout.write(`${widths.map((width) => '-'.repeat(width)).join('  ')}\n`);
}
for (const row of rows) if (row.detail) process.stdout.write(`  ${row.name}: ${row.detail}\n`);
await writeFile(new URL('results.json', import.meta.url), `${JSON.stringify({ at: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`);
process.exitCode = rows.every((row) => row.pass) ? 0 : 1;
