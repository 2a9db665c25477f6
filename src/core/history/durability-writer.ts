import { HistoryStore } from './history-store.ts';
import { sampleEntry } from './sample-entries.ts';

/**
 * The writing process of the durability test (history-durability.test.ts), run by Node's type
 * stripping: inserts into the history at argv[2] until it is killed, and prints each id on its
 * own line only after the store acknowledged it. Alternates single inserts (as the app records
 * requests) with 10-entry transactions (as an import does), so a kill can land mid-batch.
 */

const path = process.argv[2];
if (!path) throw new Error('usage: durability-writer.ts <history.db>');
const store = HistoryStore.open(path);
for (let round = 0; ; round += 1) {
  const ids = round % 2 === 0 ? [store.insert(sampleEntry({}, 500)).id] : store.insertMany(Array.from({ length: 10 }, () => sampleEntry({}, 500)));
  // Synchronous on a pipe (Node writes pipes synchronously on POSIX): once written, the parent can read it.
  process.stdout.write(`${ids.join('\n')}\n`);
}
