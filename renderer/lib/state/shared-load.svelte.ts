/**
 * One load at a time, shared: asking again while it runs joins it, and `done()` lets an action
 * pressed meanwhile wait for its answer. A Send pressed before the profiles are first listed (a
 * slow start) waits for the list rather than do nothing or go to a profile the picker never showed.
 */
export class SharedLoad {
  readonly #load: () => Promise<void>;
  #inFlight: Promise<void> | null = null;
  /** Whether a load is in flight (a picker reads "Listing…" meanwhile). */
  isLoading = $state(false);

  constructor(load: () => Promise<void>) {
    this.#load = load;
  }

  /** Starts the load, or joins the one in flight. */
  run(): Promise<void> {
    this.#inFlight ??= this.#load().finally(() => {
      this.#inFlight = null;
      this.isLoading = false;
    });
    this.isLoading = true;
    return this.#inFlight;
  }

  /** Resolves once the load in flight (if any) has answered; at once when none is. */
  async done(): Promise<void> {
    await this.#inFlight;
  }
}
