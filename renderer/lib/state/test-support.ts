/**
 * An answer a state test gives when it chooses: the engine's reply held back, so that the test can
 * order replies as a busy machine may (a later request answered first). For tests only.
 */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * profiles.list over a store the test edits as Settings would (`store`): each read takes the
 * profiles as they are when it is asked, and answers only when the test releases it, so that a
 * read begun before an edit can answer before or after one begun after it. For tests only.
 */
export function heldProfileReads<Profile extends { id: string }>(initial: Profile[]) {
  const held: { release: () => void }[] = [];
  const shared = { store: initial, held, api: { list: listProfiles } };
  function listProfiles(): Promise<unknown> {
    const asked = shared.store;
    const answer = deferred<unknown>();
    held.push({ release: () => answer.resolve({ ok: true, value: { profiles: asked, notice: null } }) });
    return answer.promise;
  }
  return shared;
}
