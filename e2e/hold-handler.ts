import type { Handlers } from '../src/core/dispatch.ts';

/** A channel held on purpose: the slow answer of a busy machine, made without a sleep. */
export interface HeldHandler {
  /** How many calls have reached the channel so far. */
  asked: () => number;
  /** Lets the held calls, and every later one, go on to the real handler. */
  release: () => void;
}

/** Holds a channel's handler until `release` is called. */
export function holdHandler(handlers: Handlers, channel: keyof Handlers): HeldHandler {
  const table = handlers as unknown as Record<string, (input: never) => Promise<unknown>>;
  const original = table[channel]!;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  table[channel] = async (input: never) => {
    asked += 1;
    await released;
    return original(input);
  };
  return { release, asked: () => asked };
}
