import type { ColumnId } from '../../views/compare/table-model.ts';
import { OPTIONAL_COLUMNS } from '../../views/compare/table-model.ts';

/**
 * The column chooser's pick, remembered in localStorage (a view preference, not a setting worth a
 * profile field). Apart from the Compare state because it is storage, not run or form state.
 */

const COLUMNS_KEY = 'swap-explorer.compare.columns';

/** The optional columns last chosen; none when nothing was stored or it cannot be read. */
export function storedColumns(): ColumnId[] {
  try {
    const parsed = JSON.parse(globalThis.localStorage?.getItem(COLUMNS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? OPTIONAL_COLUMNS.filter((id) => parsed.includes(id)) : [];
  } catch {
    return [];
  }
}

/** Remembers the optional columns chosen. */
export function storeColumns(columns: readonly ColumnId[]): void {
  try {
    globalThis.localStorage?.setItem(COLUMNS_KEY, JSON.stringify(columns));
  } catch {
    // Storage full or denied: the choice still holds for this session.
  }
}
