import { z } from 'zod';
import { lazySchema } from '../../spec/lazy-schema.ts';
import { channel } from '../channel.ts';

/**
 * Channels of the `apiKey` area. Write-only by design: a key goes in once and never comes back to
 * the renderer; status says only whether one is stored and where.
 */

/** Where a key is kept: the OS keychain, or this run's memory when the keychain cannot be used. */
export const ApiKeyStatusSchema = lazySchema(() =>
  z.object({
    stored: z.boolean(),
    backend: z.enum(['keychain', 'memory']),
    /** Why the keychain is not used (no Secret Service, locked), or null. */
    reason: z.string().nullable(),
  }),
);
/** A key's status. */
export type ApiKeyStatus = z.output<typeof ApiKeyStatusSchema>;

/** An API key as typed: printable ASCII, no whitespace (it travels in an HTTP header). */
export const ApiKeySchema = z
  .string()
  .min(1, 'must not be empty')
  .max(1_024, 'must be at most 1024 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces');

// What a character that no header may carry reads as, for the user.
function characterName(character: string): string {
  if (character === '\n' || character === '\r') return 'a line break';
  if (character === '\t') return 'a tab';
  if (character === ' ') return 'a space';
  return character.charCodeAt(0) < 0x20 || character === '\x7f' ? 'a control character' : 'a character that is not ASCII';
}

/**
 * Why a key cannot be sent in a header, by the key field's rule (ApiKeySchema), or null: the key
 * field's own reason (a password field hides the space it names), and the engine's for a key that
 * did not come through it (the keychain written by another tool, SVC_API_KEY).
 * `reason` names the first character at fault and where; `rule` is the rule to add after it.
 */
export function apiKeyProblem(key: string): { reason: string; rule: string } | null {
  const parsed = ApiKeySchema.safeParse(key);
  if (parsed.success) return null;
  const characters = [...key];
  const index = characters.findIndex((character) => !/^[\x21-\x7e]$/.test(character));
  if (index < 0) return { reason: parsed.error.issues[0]?.message ?? 'is not a usable key', rule: '' };
  return { reason: `holds ${characterName(characters[index]!)} (character ${index + 1})`, rule: ', and a key must be printable characters without spaces' };
}

const ProfileIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -');

/** The apiKey channels. */
export const apiKeyChannels = {
  'apiKey.set': channel(() => z.strictObject({ profileId: ProfileIdSchema, key: ApiKeySchema }), ApiKeyStatusSchema),
  'apiKey.clear': channel(() => z.strictObject({ profileId: ProfileIdSchema }), ApiKeyStatusSchema),
  'apiKey.status': channel(() => z.strictObject({ profileId: ProfileIdSchema }), ApiKeyStatusSchema),
};
