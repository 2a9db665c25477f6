/**
 * The profile a form was set to, when it is no longer listed (deleted in Settings, or removed from
 * profiles.json by hand). Compare and the Explorer keep such a choice as it was and refuse to run or
 * send until the user picks a profile: falling back to another one (the built-in Local service) would
 * put another service's figures under the user's form without a word.
 */
export interface GoneProfile {
  id: string;
  /** The name it was last listed with, or its id when this window never listed it (a reopened run's). */
  name: string;
}

/** The chosen profile when the list no longer has it; null while it is listed or nothing is chosen yet. */
export function goneProfileOf(profiles: readonly { id: string }[] | null, chosenId: string, namesSeen: ReadonlyMap<string, string>): GoneProfile | null {
  if (profiles === null || chosenId === '' || profiles.some((profile) => profile.id === chosenId)) return null;
  return { id: chosenId, name: namesSeen.get(chosenId) ?? chosenId };
}

/** The names of every profile listed so far, this list's added: a gone profile is named as the user knew it. */
export function withNamesOf(namesSeen: ReadonlyMap<string, string>, profiles: readonly { id: string; name: string }[]): Map<string, string> {
  const names = new Map(namesSeen);
  for (const profile of profiles) names.set(profile.id, profile.name);
  return names;
}

/** What the form says under its profile picker while the chosen profile is gone. */
export function goneProfileText(gone: GoneProfile, action: string): string {
  return `The profile you chose, ${gone.name}, is no longer in your profiles (deleted, or removed from profiles.json). Pick a profile to ${action}: nothing is sent until then.`;
}

/** No profile listed yet (the states replace the map as a whole, never mutate it). */
export const NO_NAMES_SEEN: ReadonlyMap<string, string> = new Map();
