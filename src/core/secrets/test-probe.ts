import { createKeychainBackend } from './keychain-backend.ts';
import { createSecretStore } from './secret-store.ts';
import { isAppError } from '../../ipc/result.ts';

/**
 * Runs the secret store in a child process whose keychain the test controls (no session bus, a
 * locked keyring), and prints one JSON line of what each call answered. Not a test file itself.
 * Usage: node test-probe.ts SERVICE PHASE, PHASE `seed` (set a key) or `use` (every call).
 */

const [service = 'swap-explorer-probe', phase = 'use'] = process.argv.slice(2);
const store = createSecretStore(createKeychainBackend(service));

async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await call() };
  } catch (error) {
    return isAppError(error) ? { code: error.code, message: error.message } : { bug: String(error) };
  }
}

const out: Record<string, unknown> = {};
if (phase === 'seed') {
  out.set = await outcome(() => store.set('seeded', 'seeded-key'));
} else {
  out.statusBefore = await outcome(() => store.status('seeded'));
  out.getSeeded = await outcome(async () => (await store.getKey('seeded')) === 'seeded-key');
  out.set = await outcome(() => store.set('p1', 'run-key-1'));
  out.status = await outcome(() => store.status('p1'));
  out.getKeyMatches = await outcome(async () => (await store.getKey('p1')) === 'run-key-1');
  out.clear = await outcome(() => store.clear('p1'));
  out.statusAfterClear = await outcome(() => store.status('p1'));
  out.clearSeeded = await outcome(() => store.clear('seeded'));
}
process.stdout.write(`${JSON.stringify(out)}\n`);
