/** The app's screens, in the order the sidebar shows them. Compare is the home screen (issue 5). */
export const VIEWS = [
  { id: 'compare', label: 'Compare' },
  { id: 'explorer', label: 'Explorer' },
  { id: 'history', label: 'History' },
  { id: 'settings', label: 'Settings' },
  { id: 'about', label: 'About' },
] as const;

/** A screen id. */
export type ViewId = (typeof VIEWS)[number]['id'];

/** Which screen is shown, and cross-screen requests such as "open history entry 42". */
export class Navigation {
  current = $state<ViewId>('compare');
  /** A history entry another screen asked to open; the history view consumes it. */
  historyEntryId = $state<number | null>(null);

  /** Shows a screen. */
  show(view: ViewId): void {
    this.current = view;
  }

  /** Opens one history entry in the history view (from a compare cell or an explorer result). */
  openHistoryEntry(id: number): void {
    this.historyEntryId = id;
    this.current = 'history';
  }
}

/** The one navigation state of the window. */
export const navigation = new Navigation();
