import { parentPort } from 'node:worker_threads';

/**
 * A data worker that ends its own thread when asked for the retention setting, mid-call, as a crash
 * would: the real entry serves every other call. Only data-worker-host.test.ts starts it.
 */

parentPort?.on('message', (request: { op: string }) => {
  if (request.op === 'history.getRetention') process.exit(3);
});
await import('../data-worker-entry.ts');
