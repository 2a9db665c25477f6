import type { z } from 'zod';
import type { apiKeyChannels } from '../../../src/ipc/channels/api-key.ts';
import type { localServiceChannels } from '../../../src/ipc/channels/local-service.ts';
import type { profilesChannels } from '../../../src/ipc/channels/profiles.ts';
import type { requestChannels } from '../../../src/ipc/channels/request.ts';
import type { AppErrorData, Result } from '../../../src/ipc/result.ts';
import { api } from '../api.ts';

/**
 * Typed calls to the engine channels the explorer and settings use, by channel name. Typed from the
 * channel modules themselves so the screens build before the channels join the contract; a channel
 * missing from this build answers INTERNAL instead of throwing.
 */

type EngineChannels = typeof requestChannels & typeof profilesChannels & typeof apiKeyChannels & typeof localServiceChannels;

/** A channel name the screens call. */
export type EngineChannel = keyof EngineChannels;

/** What a channel answers with. */
export type EngineOutput<C extends EngineChannel> = z.output<EngineChannels[C]['output']>;

type Invoke = (input?: unknown) => Promise<unknown>;

/** Calls one engine channel. */
export async function callEngine<C extends EngineChannel>(name: C, input: z.input<EngineChannels[C]['input']>): Promise<Result<EngineOutput<C>>> {
  const [area = '', verb = ''] = name.split('.');
  const areaApi = (api as unknown as Record<string, Record<string, Invoke> | undefined>)[area];
  const fn = areaApi?.[verb];
  if (!fn) return { ok: false, error: { code: 'INTERNAL', message: `${name} is not available in this build` } };
  return (await fn(input)) as Result<EngineOutput<C>>;
}

/** An error message for display. */
export function errorText(error: AppErrorData): string {
  return `${error.code}: ${error.message}`;
}
