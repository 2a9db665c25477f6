type Landing = { promise: Promise<void>; resolve: () => void; reject: (error: unknown) => void };

/**
 * A load asked for again and again (each time a screen or the box shows), whose latest ask answers:
 * each ask reads anew, and only the latest read's answer is taken. An ask made after a profile was
 * added or deleted must not get a read begun before the change, nor have that read's answer land
 * after its own. `done()` lets an action pressed meanwhile wait for the answer that lands: a Send
 * pressed before the profiles are listed (a slow start) waits for the list rather than do nothing
 * or go to a profile the picker never showed.
 */
export class SharedLoad<Answer> {
  readonly #read: () => Promise<Answer>;
  readonly #take: (answer: Answer) => void;
  /** Counts the reads, so that one overtaken by a later ask is dropped. */
  #reads = 0;
  /** Settles once the latest read has answered; shared by every ask and wait until then. */
  #landing: Landing | null = null;
  /** Whether a load is in flight (a picker reads "Listing…" meanwhile). */
  isLoading = $state(false);

  constructor(read: () => Promise<Answer>, take: (answer: Answer) => void) {
    this.#read = read;
    this.#take = take;
  }

  /** Reads anew; resolves once the latest read (this one, or one asked after it) is taken. */
  run(): Promise<void> {
    const read = ++this.#reads;
    const landing = (this.#landing ??= landingPromise());
    this.isLoading = true;
    this.#readAndTake(read).then((isLatest) => isLatest && landing.resolve(), landing.reject);
    return landing.promise;
  }

  /** Resolves once the latest read (if any is under way) has answered; at once when none is. */
  async done(): Promise<void> {
    await this.#landing?.promise;
  }

  // Whether this read was the latest: an overtaken one's answer, or failure, is dropped unseen.
  async #readAndTake(read: number): Promise<boolean> {
    try {
      const answer = await this.#read();
      if (read !== this.#reads) return false;
      this.#take(answer);
      return true;
    } catch (error) {
      if (read !== this.#reads) return false;
      throw error;
    } finally {
      if (read === this.#reads) {
        this.#landing = null;
        this.isLoading = false;
      }
    }
  }
}

function landingPromise(): Landing {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((done, fail) => ((resolve = done), (reject = fail)));
  return { promise, resolve, reject };
}
