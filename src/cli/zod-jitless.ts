import { config } from 'zod';

/**
 * Imported by main.ts before a short command's module loads (price, compare, explain, history), so
 * that it runs before any of their schemas is made. A command parses each schema once or a few
 * times: zod's compiled fast path (built with new Function on a schema's first parse) costs more
 * than it saves here (issue 14). Zod reads the setting when a schema is
 * made, not when it parses: a schema made earlier keeps the fast path (and probes the global
 * `navigator` for Cloudflare, which loads Node's navigator module). `serve` does not import this:
 * the service parses the same schemas on every request, where the fast path pays.
 */
config({ jitless: true });
