import type { EndpointId } from '../../../src/spec/index.ts';
import { focusMarkOf, type FocusMark } from '../focus-return.ts';

/** The app's screens, in the order the sidebar shows them. Compare is the home screen (issue 5). */
export const VIEWS = [
  { id: 'compare', label: 'Compare' },
  { id: 'explorer', label: 'Explorer' },
  { id: 'history', label: 'History' },
  { id: 'settings', label: 'Settings' },
  { id: 'about', label: 'About' },
] as const;

/** A request another screen asks the Explorer to show in its form ("Edit in Explorer"). */
export interface ExplorerRequest {
  endpoint: EndpointId;
  params: Record<string, string>;
  /** The profile to select, when the request came from one the user has. */
  profileId?: string;
}

/** A screen id. */
export type ViewId = (typeof VIEWS)[number]['id'];

/** Which screen is shown, and cross-screen requests such as "open history entry 42". */
export class Navigation {
  current = $state<ViewId>('compare');
  /** A history entry another screen asked to open; the history view consumes it. */
  historyEntryId = $state<number | null>(null);

  /** A request the explorer view consumes to fill its form. */
  explorerRequest = $state.raw<ExplorerRequest | null>(null);

  /** The screen a cross-screen jump came from, offered as "Back to …" until the user navigates on their own. */
  returnTo = $state<ViewId | null>(null);

  /** The control the jump was made from, to be focused again on "Back to …" (App does it). */
  #returnMark: FocusMark | null = null;
  /** Set by back() for App to focus once the screen is drawn again; null: the screen's heading. */
  focusOnReturn = $state.raw<FocusMark | null>(null);

  /** Shows a screen. */
  show(view: ViewId): void {
    this.current = view;
    this.returnTo = null;
  }

  /** Opens one history entry in the history view (from a compare cell or an explorer result); `from` gets a way back. */
  openHistoryEntry(id: number, from?: ViewId): void {
    // Read before the screen goes: "Back to …" returns to this control, not to the screen's top.
    this.#returnMark = from && typeof document !== 'undefined' ? focusMarkOf(document.activeElement, document.querySelector('main')) : null;
    this.historyEntryId = id;
    this.current = 'history';
    this.returnTo = from ?? null;
  }

  /** Goes back to the screen of the last cross-screen jump. */
  back(): void {
    if (this.returnTo) {
      this.focusOnReturn = this.#returnMark;
      this.current = this.returnTo;
    }
    this.returnTo = null;
    this.#returnMark = null;
  }

  /** Opens the Explorer with its form filled from a request (edit and resend). */
  openInExplorer(request: ExplorerRequest): void {
    this.explorerRequest = request;
    this.current = 'explorer';
  }
}

/** The one navigation state of the window. */
export const navigation = new Navigation();
