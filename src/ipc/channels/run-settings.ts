import { z } from 'zod';
import { AddressSchema, lazySchema } from '../../spec/index.ts';
import { shortAddress } from '../../domain/address-text.ts';
import type { CompareRequest } from './compare.ts';

/**
 * The settings of a run's request beyond its pair, sizes, chains and models: slippage, integrator
 * fee and taker. They change a run's figures (min buys after that slippage, buys after that fee,
 * issues checked for that taker), so two past runs of one pair at 50 and 300 bps slippage must not
 * be listed alike. Only what the request set is kept: an absent field is the service's default.
 */
export const RunSettingsSchema = lazySchema(() =>
  z.object({
    taker: AddressSchema.optional(),
    slippageBps: z.number().int().min(0).optional(),
    swapFeeBps: z.number().int().min(0).optional(),
    swapFeeRecipient: AddressSchema.optional(),
  }),
);
/** A run's settings. */
export type RunSettings = z.infer<typeof RunSettingsSchema>;

/** The settings a request set, without the fields it left to the service. */
export function runSettingsOf(request: Pick<CompareRequest, 'taker' | 'slippageBps' | 'swapFeeBps' | 'swapFeeRecipient'>): RunSettings {
  const settings: RunSettings = {};
  if (request.slippageBps !== undefined) settings.slippageBps = request.slippageBps;
  if (request.swapFeeBps !== undefined) settings.swapFeeBps = request.swapFeeBps;
  if (request.swapFeeRecipient !== undefined) settings.swapFeeRecipient = request.swapFeeRecipient;
  if (request.taker !== undefined) settings.taker = request.taker;
  return settings;
}

/**
 * Each setting a run's request set, in words, in the order an analyst tells runs apart by
 * ("slippage 300 bps", "integrator fee 25 bps to 0x7a7a…0001", "taker 0x1234…abcd"); empty when
 * it left them all to the service. Addresses are shortened as everywhere else in labels.
 */
export function runSettingsWords(settings: RunSettings | undefined): string[] {
  if (!settings) return [];
  const words: string[] = [];
  if (settings.slippageBps !== undefined) words.push(`slippage ${settings.slippageBps} bps`);
  if (settings.swapFeeBps !== undefined) {
    const recipient = settings.swapFeeRecipient ? ` to ${shortAddress(settings.swapFeeRecipient)}` : '';
    words.push(`integrator fee ${settings.swapFeeBps} bps${recipient}`);
  }
  if (settings.taker !== undefined) words.push(`taker ${shortAddress(settings.taker)}`);
  return words;
}
