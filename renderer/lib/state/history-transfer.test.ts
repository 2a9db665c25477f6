import { describe, expect, it } from 'vitest';
import { HISTORY_EXPORT_MAX_IDS } from '../../../src/ipc/channels/history-io.ts';
import { HistoryTransfer } from './history.svelte.ts';

describe('HistoryTransfer', () => {
  it('says in the bar that one export takes at most 10,000 entries and what to do, rather than send more and show the channel\'s refusal', async () => {
    const transfer = new HistoryTransfer();
    transfer.checkAll(Array.from({ length: HISTORY_EXPORT_MAX_IDS + 1 }, (_, index) => index + 1));
    expect(await transfer.exportChecked('har')).toBeNull();
    expect(transfer.message).toBe('10,001 entries are checked, and one export takes at most 10,000: nothing was exported. Uncheck some (Uncheck all, then a narrower search or time range and Select all shown) and export the rest in another file.');
    // Still checked: the user chooses which to leave out.
    expect(transfer.checked.size).toBe(HISTORY_EXPORT_MAX_IDS + 1);
  });
});
