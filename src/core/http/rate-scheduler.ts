import { monotonicMs } from '../monotonic-ms.ts';

/**
 * Per-profile request pacing, so that a batch never causes a 429 by itself, and so that requests
 * meant to be compared (a chain's two allowance models) start together.
 *
 * The local service (and many gateways) count requests in FIXED one-second windows per key, so the
 * rule kept is: at most `limit` starts in any trailing window of `windowMs` (floor(rps) starts per
 * second, or one start per 1/rps seconds below 1 rps). Every fixed one-second window, wherever its
 * boundary falls, then holds at most floor(rps) starts: any two starts `limit` apart in order are a
 * whole window apart. A token bucket would not do: it lets a burst of N at the end of one window and
 * N more at the start of the next.
 *
 * A start counts from when its request goes out (`Start.written`), not from when it was let go: a
 * request on a new socket first pays for a connection and a TLS handshake, two round trips or
 * more against a remote service, and counted from its release it would reach the service that much
 * later than the scheduler thought, close enough to the next window's requests on warm sockets to
 * share a fixed window with them (a 429, then a retry). Until it is written a start holds its slot
 * in every window, however long its handshake takes, since it may arrive at any moment. The window
 * is widened by a safety margin for what is left between write and arrival (one request's bytes
 * behind another's): with margin m, arrivals may jitter by 1000 m ms.
 *
 * Within that rule starts are not spaced: up to `limit` go at once. That lets the requests of a
 * group (compare's answers for one chain: both models and the rate) start together, so that they
 * are priced at the same block where the chain allows, rather than 1000/rps ms apart. A group's
 * first member, when it reaches the head of the queue, takes slots for the whole group (`size`,
 * at most `limit`) or waits until there are that many; the others start on those slots when they
 * ask, as long as the window that counted them is still open. Waiting costs nothing while what is
 * queued fits in the next window (a comparison of a few chains), nor while the queue would take as
 * many windows with its groups kept together (a small ladder); with more queued (a 200-request
 * ladder) a group that does not fit takes the slots that are free and the rest of it follows in the
 * next window, so that windows are not left part-empty: at 5 rps, pairs alone would fill 4 of 5
 * slots (splitFinishesSooner).
 */

interface Waiter {
  resolve: (start: Start) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  group: PaceGroup | undefined;
  /** It met a full window at the head of the queue and chose to wait for all its slots. */
  isWaiting?: boolean;
}

/** A start that was let go. */
export interface Start {
  /**
   * Its request went out: the start counts from now. Call it once the attempt is over too (a
   * request that failed part-way may have reached the service); calls after the first do nothing.
   */
  written(): void;
}

/** Requests to start together: the same `id` for each, `size` of them in all. */
export interface PaceGroup {
  id: string;
  size: number;
}

interface Lane {
  queue: Waiter[];
  /** Times of starts written (and of slots held for a group's members) in the trailing window, oldest first. */
  starts: number[];
  /** Starts let go whose requests are not written yet: each holds a slot until it is. */
  pending: number;
  /** Groups under way: slots the first member took for the others (usable until `at` + window), members yet to start. */
  held: Map<string, { slots: number; members: number; at: number }>;
  timer: ReturnType<typeof setTimeout> | null;
  /** The head of the queue waits for a pending start's write (no timer can free its slots). */
  isAwaitingWrite: boolean;
  limit: number;
  windowMs: number;
}

/** How the scheduler paces. */
export interface RateSchedulerOptions {
  /** Extra window as a share of it (default 0.025: tolerates 25 ms of arrival jitter). */
  safetyMargin?: number;
  /** Monotonic clock in ms (default monotonicMs). */
  now?: () => number;
}

/** Queues request starts per key (the profile id) and releases at most floor(rps) in any one-second window. */
export class RateScheduler {
  readonly #lanes = new Map<string, Lane>();
  readonly #margin: number;
  readonly #now: () => number;

  constructor(options: RateSchedulerOptions = {}) {
    this.#margin = options.safetyMargin ?? 0.025;
    this.#now = options.now ?? monotonicMs;
  }

  /**
   * Resolves when `key` may start a request under `rps`; rejects with the signal's reason if it
   * aborts first, and the aborted item leaves the queue so it does not hold a slot. Requests of one
   * `group` start together (see above).
   */
  acquire(key: string, rps: number, signal?: AbortSignal, group?: PaceGroup): Promise<Start> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const lane = this.#lane(key, rps);
    // A member whose group holds a slot for it starts now, ahead of the queue: the slot is counted.
    if (group && this.#startOnHeld(lane, group, this.#now())) return Promise.resolve(this.#start(key, lane));
    return new Promise<Start>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, group, onAbort: () => this.#remove(key, lane, waiter) };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      lane.queue.push(waiter);
      this.#pump(key, lane);
    });
  }

  /** How many starts wait for `key` (for tests and status views). */
  queued(key: string): number {
    return this.#lanes.get(key)?.queue.length ?? 0;
  }

  #lane(key: string, rps: number): Lane {
    // Non-positive or non-finite budgets mean "unlimited": no window.
    const isLimited = rps > 0 && Number.isFinite(rps);
    const limit = isLimited ? Math.max(1, Math.floor(rps)) : Number.POSITIVE_INFINITY;
    const windowMs = isLimited ? (rps >= 1 ? 1000 : 1000 / rps) * (1 + this.#margin) : 0;
    let lane = this.#lanes.get(key);
    if (!lane) {
      lane = { queue: [], starts: [], pending: 0, held: new Map(), timer: null, isAwaitingWrite: false, limit, windowMs };
      this.#lanes.set(key, lane);
    }
    lane.limit = limit;
    lane.windowMs = windowMs;
    return lane;
  }

  #remove(key: string, lane: Lane, waiter: Waiter): void {
    const index = lane.queue.indexOf(waiter);
    if (index >= 0) lane.queue.splice(index, 1);
    waiter.reject(waiter.signal?.reason);
    this.#pump(key, lane);
  }

  #release(key: string, lane: Lane, waiter: Waiter): void {
    waiter.signal?.removeEventListener('abort', waiter.onAbort);
    waiter.resolve(this.#start(key, lane));
  }

  // A start let go on `lane`, pending until written. The lane is kept while it has pending starts.
  #start(key: string, lane: Lane): Start {
    lane.pending += 1;
    let isWritten = false;
    return {
      written: () => {
        if (isWritten) return;
        isWritten = true;
        lane.pending -= 1;
        // Now: no start counted is later, so the list stays oldest first.
        lane.starts.push(this.#now());
        lane.isAwaitingWrite = false;
        this.#pump(key, lane);
      },
    };
  }

  // A member of a group whose first member took slots starts on one of them: the slot counted from
  // when it was taken, the start is pending until its request is written (#start).
  #startOnHeld(lane: Lane, group: PaceGroup, now: number): boolean {
    const held = lane.held.get(group.id);
    if (!held || held.slots === 0 || now >= held.at + lane.windowMs) return false;
    lane.starts.splice(lane.starts.indexOf(held.at), 1);
    held.slots -= 1;
    this.#memberStarted(lane, group);
    return true;
  }

  #memberStarted(lane: Lane, group: PaceGroup): void {
    const held = lane.held.get(group.id)!;
    held.members -= 1;
    if (held.members <= 0) lane.held.delete(group.id);
  }

  // When `leaving` more slots are free: the oldest starts leave the window first; infinity when
  // pending starts must be written before enough can leave.
  #freesAt(lane: Lane, leaving: number): number {
    return leaving > lane.starts.length ? Number.POSITIVE_INFINITY : lane.starts[leaving - 1]! + lane.windowMs;
  }

  // Slots a waiter takes: its group's (at most the limit) for a group's first member, else one.
  #slotsFor(lane: Lane, waiter: Waiter): number {
    if (!waiter.group || lane.held.has(waiter.group.id)) return 1;
    return Math.min(waiter.group.size, lane.limit);
  }

  // While the head waits (for a timer or a write), asks only join the queue: what the head does is
  // decided when it can go, with the whole queue known (splitFinishesSooner reads its length).
  #pump(key: string, lane: Lane): void {
    if (lane.timer !== null || lane.isAwaitingWrite) return;
    while (lane.queue.length > 0) {
      const now = this.#now();
      while (lane.starts.length > 0 && lane.starts[0]! <= now - lane.windowMs) lane.starts.shift();
      const waiter = lane.queue[0]!;
      if (waiter.group && this.#startOnHeld(lane, waiter.group, now)) {
        lane.queue.shift();
        this.#release(key, lane, waiter);
        continue;
      }
      let needed = this.#slotsFor(lane, waiter);
      const free = lane.limit - lane.starts.length - lane.pending;
      // A group that does not fit waits for its slots unless starting part of it now lets what waits
      // finish sooner; then it takes the free slots and the rest follows. That is decided once, when
      // the group first meets a full window: one that chose to wait is not split when a write or a
      // timer frees a slot or two of the ones it waits for (they free one by one, as their starts
      // were written, a few ms or a handshake apart).
      if (needed > free && free > 0 && !waiter.isWaiting && splitFinishesSooner(lane.queue.length, lane.limit, needed, free)) needed = free;
      if (needed > free) {
        waiter.isWaiting = true;
        const freesAt = this.#freesAt(lane, needed - free);
        // A start leaving the window frees a slot. When that is not enough, a pending start must be
        // written first, and its write pumps again.
        if (freesAt === Number.POSITIVE_INFINITY) {
          lane.isAwaitingWrite = true;
          return;
        }
        lane.timer = setTimeout(() => {
          lane.timer = null;
          this.#pump(key, lane);
        }, Math.max(1, Math.ceil(freesAt - now)));
        return;
      }
      lane.queue.shift();
      // Slots held for the group's other members count from the actual release time: a late timer
      // must not let the next start come early. The waiter's own slot is pending (#start).
      for (let slot = 1; slot < needed; slot += 1) lane.starts.push(now);
      const { group } = waiter;
      if (group && lane.held.has(group.id)) this.#memberStarted(lane, group);
      else if (group && group.size > 1) lane.held.set(group.id, { slots: needed - 1, members: group.size - 1, at: now });
      this.#release(key, lane, waiter);
    }
    // An idle lane is dropped once its window has emptied, so the map does not grow with profiles.
    if (lane.pending === 0 && lane.starts.every((start) => start <= this.#now() - lane.windowMs)) this.#lanes.delete(key);
  }
}

/**
 * Whether a group of `needed` at the head of `queued` requests, with `free` slots left in this
 * window, should start `free` of its members now rather than wait for a window with room for all:
 * only when that lets the queue drain in fewer windows. While what waits fits in one window it never
 * does. Past that, the queue is taken to be groups of this one's size: kept together they fill
 * floor(limit / needed) × needed slots a window, split they fill every slot. At 5 rps, 8 pairs take
 * 4 windows either way, so they start together; 100 pairs take 40 windows split and 50 together
 * (issue 11's 200-request ladder in at most 42 s), so there they split.
 */
export function splitFinishesSooner(queued: number, limit: number, needed: number, free: number): boolean {
  if (queued <= limit) return false;
  const filledTogether = Math.floor(limit / needed) * needed;
  return Math.ceil(queued / filledTogether) > Math.ceil((queued - free) / limit);
}
