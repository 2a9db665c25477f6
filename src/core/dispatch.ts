import type { z } from 'zod';
import { CONTRACT, isAppError, type ChannelName, type ChannelOutput, type ChannelParsedInput, type Result } from '../ipc/index.ts';
import { toFieldErrors, type FieldError } from '../spec/index.ts';

/**
 * The IPC boundary in one function, shared by main/ipc.ts and the e2e harness: parse the input with
 * the contract's schema, call the handler, turn every outcome into a Result. Never throws.
 */

/** One handler per channel, called with parsed input; throws AppError for expected failures. */
export type Handlers = { [C in ChannelName]: (input: ChannelParsedInput<C>) => Promise<ChannelOutput<C>> };

/** Where bugs are reported with their stack (main's log in the app, stderr in tests). */
export type BugLog = (channel: string, error: unknown) => void;

/** Validates and runs one call. `channel` and `input` come from an untrusted sender. */
export async function dispatch(handlers: Handlers, channel: unknown, input: unknown, logBug: BugLog): Promise<Result<unknown>> {
  if (typeof channel !== 'string' || !Object.hasOwn(CONTRACT, channel)) {
    return { ok: false, error: { code: 'INVALID_INPUT', message: 'unknown channel' } };
  }
  const name = channel as ChannelName;
  const parsed = CONTRACT[name].input.safeParse(input);
  if (!parsed.success) {
    const details = toFieldErrorsSafe(parsed.error, input, name);
    const first = details[0];
    const message = first ? `${first.field} ${first.reason}` : 'invalid input';
    return { ok: false, error: { code: 'INVALID_INPUT', message, details } };
  }
  try {
    const handler = handlers[name] as (value: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    if (isAppError(error)) return { ok: false, error: error.toData() };
    logBug(name, error);
    return { ok: false, error: { code: 'INTERNAL', message: 'Something went wrong in the app. The details are in the log.' } };
  }
}

// A malformed input can make even error formatting misbehave (a getter that throws): never let it.
// A member the channel does not take is named as such: the default reason speaks of the service's
// endpoints, which an IPC call is not.
function toFieldErrorsSafe(error: z.ZodError, input: unknown, channel: string): FieldError[] {
  try {
    return toFieldErrors(error, input, `is not a field ${channel} takes`);
  } catch {
    return [{ field: '(input)', reason: 'is malformed' }];
  }
}
