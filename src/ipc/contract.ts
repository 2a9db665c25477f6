import type { z } from 'zod';
import type { ChannelDefinition } from './channel.ts';
import type { Result } from './result.ts';
import { appChannels } from './channels/app.ts';
import { profilesChannels } from './channels/profiles.ts';
import { apiKeyChannels } from './channels/api-key.ts';
import { localServiceChannels } from './channels/local-service.ts';
import { requestChannels } from './channels/request.ts';
import { historyChannels } from './channels/history.ts';
import { compareChannels } from './channels/compare.ts';
import { historyIoChannels } from './channels/history-io.ts';
import { ladderChannels } from './channels/ladder.ts';
import { savedRequestsChannels } from './channels/saved-requests.ts';

/**
 * The one IPC contract: channel name (`area.verb`) -> input and output schemas. main/ipc.ts
 * registers exactly these names, the preload builds window.api from them, the harness reuses both.
 * Each area keeps its channels in channels/<area>.ts.
 */
export const CONTRACT = {
  ...appChannels,
  ...profilesChannels,
  ...apiKeyChannels,
  ...localServiceChannels,
  ...requestChannels,
  ...historyChannels,
  ...compareChannels,
  ...historyIoChannels,
  ...ladderChannels,
  ...savedRequestsChannels,
} as const satisfies Record<string, ChannelDefinition>;

/** The contract's type. */
export type Contract = typeof CONTRACT;
/** Every channel name. */
export type ChannelName = keyof Contract;
/** Every channel name, as a list. */
export const CHANNEL_NAMES = Object.keys(CONTRACT) as ChannelName[];

/** What the renderer passes on a channel (before parsing). */
export type ChannelInput<C extends ChannelName> = z.input<Contract[C]['input']>;
/** What a handler receives on a channel (after parsing). */
export type ChannelParsedInput<C extends ChannelName> = z.output<Contract[C]['input']>;
/** What a channel answers with. */
export type ChannelOutput<C extends ChannelName> = z.output<Contract[C]['output']>;

type AreaOf<C extends string> = C extends `${infer Area}.${string}` ? Area : never;
type VerbOf<C extends string> = C extends `${string}.${infer Verb}` ? Verb : never;

/** `window.api`: one async method per channel, grouped by area (`api.history.search(input)`). */
export type AppApi = {
  [Area in AreaOf<ChannelName>]: {
    [C in ChannelName as AreaOf<C> extends Area ? VerbOf<C> : never]: ChannelInput<C> extends void | undefined
      ? () => Promise<Result<ChannelOutput<C>>>
      : (input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>;
  };
};

/** Splits a channel name into its area and verb. */
export function splitChannel(name: ChannelName): { area: string; verb: string } {
  const dot = name.indexOf('.');
  return { area: name.slice(0, dot), verb: name.slice(dot + 1) };
}

/**
 * Builds an AppApi from a transport (ipcRenderer.invoke in the preload, the harness in e2e), so
 * the two share the same shape and names.
 */
export function buildApi(invoke: (channel: ChannelName, input: unknown) => Promise<unknown>): AppApi {
  const api: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const name of CHANNEL_NAMES) {
    const { area, verb } = splitChannel(name);
    api[area] ??= {};
    api[area][verb] = (input?: unknown) => invoke(name, input);
  }
  return api as unknown as AppApi;
}
