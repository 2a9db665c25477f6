import type { ChannelOutput } from '../../../src/ipc/contract.ts';
import { importedMessage } from '../imported-message.ts';

/** What one import did: the line that says it, and the entries it set aside with where and why. */
export interface ImportReport {
  fileName: string;
  message: string;
  setAside: number;
  /** The first entries set aside (the engine sends at most 20), each with its place in the file and why. */
  examples: readonly { path: string; reason: string }[];
}

/**
 * The last import's report, shown on the History screen, where the imported entries appear, until
 * the user dismisses it. The paste box imports too and then closes to show the entries: a message
 * kept in the box closed with it, so the user never read why entries of their file were set aside.
 */
export class ImportReportState {
  shown = $state.raw<ImportReport | null>(null);

  /** Reports an import that stored entries (a refused file is said where it was refused). */
  show(fileName: string, result: ChannelOutput<'history.import'>): void {
    this.shown = { fileName, message: importedMessage(result.importedIds.length, result.setAside, result.removedByRetention, result.alreadyImported, result.alreadyImportedIds), setAside: result.setAside, examples: result.setAsideExamples };
  }

  /** Hides the report (the user read it). */
  dismiss(): void {
    this.shown = null;
  }
}

/** The window's one import report: History's "Import file…" and the paste box both write it. */
export const importReport = new ImportReportState();
