/**
 * The status line after an import, from History's "Import file…" or the paste box. Imported entries
 * keep the customer's request and answer as they came, but are not read-only: each can be replayed
 * on a profile the user chooses, so the line says that rather than "read-only".
 */
export function importedMessage(count: number): string {
  return `Imported ${count} ${count === 1 ? 'entry' : 'entries'}, marked Imported; replay one on a profile you choose.`;
}
