import { ApiKeySchema } from '../../ipc/channels/api-key.ts';

// What a character that no header may carry reads as, for the user.
function characterName(character: string): string {
  if (character === '\n' || character === '\r') return 'a line break';
  if (character === '\t') return 'a tab';
  if (character === ' ') return 'a space';
  return character.charCodeAt(0) < 0x20 || character === '\x7f' ? 'a control character' : 'a character that is not ASCII';
}

/**
 * Why a key that did not come through the key field (the keychain written by another tool,
 * SVC_API_KEY) cannot be sent in a header, by the field's own rule (ApiKeySchema), or null.
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
