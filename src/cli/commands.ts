/**
 * The subcommands of `swap-explorer`, one entry each: add a command by adding its module here.
 * Each command's module is imported only when that command runs, so `price` never loads the
 * service and `serve` never loads the engine (start time is what a short command costs).
 */

import type { CommandEntry } from './command.ts';

/** Every subcommand, by name. */
export const COMMANDS: Record<string, CommandEntry> = {
  serve: { name: 'serve', summary: 'run the local service (HTTPS on 127.0.0.1)', isLongRunning: true, load: async () => (await import('./serve.ts')).serveCommand },
  compare: { name: 'compare', summary: 'Allowance Holder vs Permit2 for one trade across chains', load: async () => (await import('./compare.ts')).compareCommand },
  price: { name: 'price', summary: 'one indicative price (one chain, one allowance model)', load: async () => (await import('./price.ts')).priceCommand },
  explain: { name: 'explain', summary: 'explain a zid, URL, curl line, body or HAR from a customer', load: async () => (await import('./explain.ts')).explainCommand },
  history: { name: 'history', summary: 'find entries by zid, export them (HAR or JSON), show or set retention', load: async () => (await import('./history.ts')).historyCommand },
};
