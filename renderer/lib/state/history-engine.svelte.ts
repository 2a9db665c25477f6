import type { z } from 'zod';
import type { historyIoChannels } from '../../../src/ipc/channels/history-io.ts';
import type { historyChannels } from '../../../src/ipc/channels/history.ts';
import type { Result } from '../../../src/ipc/result.ts';
import { api } from '../api.ts';

/** Typed calls to the history channels by name; a channel missing from this build answers INTERNAL. */
type HistoryChannels = typeof historyChannels & typeof historyIoChannels;
type Invoke = (input?: unknown) => Promise<unknown>;

/** A history channel name. */
export type HistoryChannel = keyof HistoryChannels;
/** What a history channel answers with. */
export type HistoryOutput<C extends HistoryChannel> = z.output<HistoryChannels[C]['output']>;

/** Calls one history channel. */
export async function callHistory<C extends HistoryChannel>(name: C, input: z.input<HistoryChannels[C]['input']>): Promise<Result<HistoryOutput<C>>> {
  const [area = '', verb = ''] = name.split('.');
  const fn = (api as unknown as Record<string, Record<string, Invoke> | undefined>)[area]?.[verb];
  if (!fn) return { ok: false, error: { code: 'INTERNAL', message: `${name} is not available in this build` } };
  return (await fn(input)) as Result<HistoryOutput<C>>;
}
