/**
 * The status line after an import, from History's "Import file…" or the paste box. Imported entries
 * keep the customer's request and answer as they came, but are not read-only: each can be replayed
 * on a profile the user chooses, so the line says that rather than "read-only". A browser's HAR
 * also holds entries that are not requests to the service (preflights, the page's own traffic):
 * how many were set aside is said, so that none seems lost. Entries an earlier import already
 * stored (the same file imported twice) are not stored again: how many, and which entries they are.
 */
export function importedMessage(count: number, setAside = 0, removedByRetention = 0, alreadyImported = 0, alreadyImportedIds: readonly number[] = []): string {
  const imported = `${count === 0 && alreadyImported > 0 ? 'Imported no new entry.' : `Imported ${count} ${count === 1 ? 'entry' : 'entries'}, marked Imported; replay one on a profile you choose.`}${alreadyText(alreadyImported, alreadyImportedIds)}`;
  // The entries limit made room for the file: the user's oldest entries went, said since they were theirs.
  const removed = removedByRetention === 0 ? '' : ` To keep within the history's retention setting (Settings, History), the ${removedByRetention === 1 ? 'oldest entry was' : `${removedByRetention} oldest entries were`} removed.`;
  if (setAside === 0) return `${imported}${removed}`;
  const they = setAside === 1 ? '1 entry of the file that is not a request' : `${setAside} entries of the file that are not requests`;
  return `${imported} Set aside ${they} to the service (a browser's CORS preflight, the page's own traffic).${removed}`;
}

// The entries History already held, by number, so the user can find them ("#4, #5, …"): the engine
// sends the first 20 ids only, so more than five shown end in an ellipsis rather than a count.
function alreadyText(count: number, ids: readonly number[]): string {
  if (count === 0) return '';
  const shown = ids.slice(0, 5).map((id) => `#${id}`);
  const which = shown.length === 0 ? '' : ` (${shown.join(', ')}${ids.length > shown.length ? ', …' : ''})`;
  const they = count === 1 ? '1 entry of the file was' : `${count} entries of the file were`;
  return ` ${they} already in History from an earlier import${which}: skipped, not listed twice.`;
}
