/**
 * An answer a state test gives when it chooses: the engine's reply held back, so that the test can
 * order replies as a busy machine may (a later request answered first). For tests only.
 */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}
