import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { dispatch, type BugLog, type Handlers } from '../src/core/dispatch.ts';
import { CHANNEL_NAMES, type Result } from '../src/ipc/index.ts';

/**
 * The only caller of ipcMain.handle. Each contract channel answers only our own page (the sender
 * frame's URL is checked, so an iframe or a navigated-away page gets nothing), and goes through
 * dispatch: zod parse, handler, Result. Nothing throws across IPC.
 */

/** Whether a frame URL belongs to the app's own renderer. */
export function isTrustedSender(frameUrl: string | undefined, trustedOrigins: readonly string[]): boolean {
  if (!frameUrl) return false;
  try {
    const origin = new URL(frameUrl).origin;
    // Non-special schemes such as app:// report origin "null"; compare scheme and host instead.
    const key = origin === 'null' ? `${new URL(frameUrl).protocol}//${new URL(frameUrl).host}` : origin;
    return trustedOrigins.includes(key);
  } catch {
    return false;
  }
}

/** Registers every channel of the contract. */
export function registerIpc(handlers: Handlers, trustedOrigins: readonly string[], logBug: BugLog): void {
  for (const name of CHANNEL_NAMES) {
    ipcMain.handle(name, async (event: IpcMainInvokeEvent, input: unknown): Promise<Result<unknown>> => {
      if (!isTrustedSender(event.senderFrame?.url, trustedOrigins)) {
        return { ok: false, error: { code: 'INVALID_INPUT', message: 'This window may not call the app.' } };
      }
      return dispatch(handlers, name, input, logBug);
    });
  }
}
