import { readdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './types.ts';
import { exitCodeOf, isGated, judge, type JudgedRow } from './verdict.ts';

/**
 * Runs every bench/*.bench.ts in turn (each exports `run(): Promise<BenchRow[]>`), or only the files
 * named on the command line, prints one table and writes bench/results.json. A row measured against
 * a peer shows the peer's figure, the ratio and the ratio's target; other rows show the ratio
 * value/target. The machine is named above the table. The exit code follows verdict.ts: 1 only
 * when a ratio target (or a machine-independent figure: a count, a size, a quality in bp) is
 * missed; absolute times and rates depend on the machine and are reported, never failed.
 */

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const files = (await readdir(dir)).filter((name) => name.endsWith('.bench.ts') && (only.length === 0 || only.includes(name))).sort();
const rows: (JudgedRow & { file: string })[] = [];
for (const file of files) {
  const started = performance.now();
  process.stderr.write(`bench: ${file} ...\n`);
  const module = (await import(new URL(file, import.meta.url).href)) as { run: () => Promise<BenchRow[]> };
  for (const row of await module.run()) rows.push({ ...judge(row), file });
  process.stderr.write(`bench: ${file} done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

const format = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 1 ? value.toFixed(2) : value.toPrecision(3));
const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, ${process.platform}`;
const table = [
  ['benchmark', 'value', 'unit', 'peer / limit', 'ratio', 'target', 'ok'],
  ...rows.map((row) => (row.skipped !== undefined ? [row.name, '-', row.unit, row.peer?.name ?? '', '-', `${row.comparison} ${format(row.target)}${row.peer ? '×' : ''}`, 'skipped'] : [
    row.name,
    format(row.value),
    row.unit,
    row.peer ? `${row.peer.name} ${format(row.peer.value)}` : `${row.comparison} ${format(row.target)}`,
    row.ratio.toFixed(3),
    row.peer ? `${row.comparison} ${format(row.target)}×` : `${row.comparison} 1`,
    row.pass ? 'yes' : isGated(row) ? 'NO' : 'no (absolute)',
  ])),
];
const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
process.stdout.write(`machine: ${machine}\n`);
for (const [index, line] of table.entries()) {
  process.stdout.write(`${line.map((cell, column) => (column === 0 || column === 2 || column === 3 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')}\n`);
  if (index === 0) process.stdout.write(`${widths.map((width) => '-'.repeat(width)).join('  ')}\n`);
}
for (const row of rows) if (row.detail) process.stdout.write(`  ${row.name}: ${row.detail}\n`);
for (const row of rows) if (row.skipped !== undefined) process.stdout.write(`  skipped: ${row.name}: ${row.skipped}\n`);
await writeFile(new URL('results.json', import.meta.url), `${JSON.stringify({ at: new Date().toISOString(), node: process.version, machine, rows }, null, 2)}\n`);
process.exitCode = exitCodeOf(rows);
