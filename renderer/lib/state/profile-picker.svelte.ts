import type { Result } from '../../../src/ipc/result.ts';
import { goneProfileOf, NO_NAMES_SEEN, withNamesOf, type GoneProfile } from './chosen-profile.ts';

/**
 * A form's profile picker: the profiles as last listed, the chosen one, why the list could not be
 * read, and the chosen profile once the list no longer has it. Compare's form and the Explorer
 * extend it, so that both take a listing the same way; each asks for the listing its own way.
 */
export class ProfilePicker<Profile extends { id: string; name: string }> {
  profiles = $state.raw<Profile[]>([]);
  /**
   * The chosen profile; '' until the profiles are first listed, when the first (Local service) is
   * taken. While they cannot be listed nothing is chosen and nothing is sent: the user's own
   * profiles are not on offer then, and Local service in their place would answer for them.
   */
  profileId = $state('');
  /** Why the last profiles.list failed; null when it answered. */
  profilesProblem = $state<string | null>(null);
  /** Whether the picker's list has been read (until then no choice can be told gone). */
  #isProfilesListed = $state(false);
  /** Id -> name of every profile listed so far, to name a chosen profile that went. */
  #profileNames = $state.raw<ReadonlyMap<string, string>>(NO_NAMES_SEEN);
  /** The chosen profile, when the list no longer has it: the form says so and nothing is sent until another is picked. */
  readonly goneProfile = $derived<GoneProfile | null>(this.#isProfilesListed ? goneProfileOf(this.profiles, this.profileId, this.#profileNames) : null);

  /**
   * Takes a profiles.list answer. The first listed is taken only while nothing is chosen; a chosen
   * profile that is gone stays chosen (goneProfile): never another service behind the user's back.
   */
  protected takeProfiles(answer: Result<{ profiles: Profile[] }>): void {
    // Not "no profiles": the picker keeps the list as last read and says why it is not read anew.
    this.profilesProblem = answer.ok ? null : `The profiles could not be listed: ${answer.error.message.replace(/\.?$/, '.')}`;
    if (!answer.ok) return;
    this.profiles = answer.value.profiles;
    this.#profileNames = withNamesOf(this.#profileNames, this.profiles);
    this.#isProfilesListed = true;
    if (this.profileId === '') this.profileId = this.profiles[0]?.id ?? '';
  }

  /** The name a profile was last listed with in this window; null for one it never listed. */
  protected nameSeen(profileId: string): string | null {
    return this.#profileNames.get(profileId) ?? null;
  }
}
