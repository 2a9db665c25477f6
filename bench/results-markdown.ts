import { readFile } from 'node:fs/promises';
import { isGated, type JudgedRow } from './verdict.ts';

/**
 * Prints the last `npm run bench` run (bench/results.json) as the README's Markdown table, so the
 * README's figures are copied from one run, with its machine and time, not typed by hand.
 * Usage: `node bench/results-markdown.ts` after `npm run bench`.
 */

interface Results {
  at: string;
  machine: string;
  rows: (JudgedRow & { file: string })[];
}

const number = (value: number) => (Math.abs(value) >= 1000 ? Math.round(value).toLocaleString('en-US') : Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 1 ? value.toFixed(2) : value.toPrecision(3));
const cell = (text: string) => text.replaceAll('|', '\\|');

function verdict(row: JudgedRow): string {
  if (row.skipped !== undefined) return `skipped: ${row.skipped}`;
  if (row.pass) return 'met';
  return isGated(row) ? '**missed**' : 'missed (absolute, not gated)';
}

function line(row: JudgedRow): string {
  const measured = row.skipped !== undefined ? '-' : `${number(row.value)} ${row.unit}`;
  const against = row.peer ? `${row.peer.name}: ${number(row.peer.value)} ${row.unit}` : '';
  const ratio = row.peer && row.skipped === undefined ? `${number(row.ratio)}×` : '';
  const target = row.peer ? `${row.comparison} ${row.target}×` : `${row.comparison} ${number(row.target)} ${row.unit}`;
  return `| ${cell(row.name.trim())} | ${measured} | ${cell(against)} | ${ratio} | ${target} | ${verdict(row)} |`;
}

const results = JSON.parse(await readFile(new URL('results.json', import.meta.url), 'utf8')) as Results;
process.stdout.write(`One run of \`npm run bench\`, ${results.at} on ${results.machine}.\n\n`);
process.stdout.write('| Benchmark | Measured | Peer (same run) | Ratio | Target | |\n|---|---|---|---|---|---|\n');
for (const row of results.rows) process.stdout.write(`${line(row)}\n`);
