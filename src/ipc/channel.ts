import type { z } from 'zod';
import { lazySchema } from '../spec/lazy-schema.ts';

/** One IPC channel: the schema of its input and of its output value. */
export interface ChannelDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
}

/**
 * Declares a channel; keeps both schemas' types for the derived API. Either schema may be given as
 * a function that returns it: it is then built on its first use, not when the contract loads
 * (issue 14), like the named schemas of src/spec and src/ipc (lazySchema).
 * @example channel(RunRef, () => z.object({ cancelled: z.boolean() }))
 */
export function channel<I extends z.ZodType, O extends z.ZodType>(input: I | (() => I), output: O | (() => O)): ChannelDefinition<I, O> {
  return { input: onFirstUse(input), output: onFirstUse(output) };
}

function onFirstUse<T extends z.ZodType>(schema: T | (() => T)): T {
  return typeof schema === 'function' ? lazySchema(schema as () => T) : schema;
}
