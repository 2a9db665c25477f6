import type { z } from 'zod';

/** One IPC channel: the schema of its input and of its output value. */
export interface ChannelDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
}

/** Declares a channel; keeps both schemas' types for the derived API. */
export function channel<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): ChannelDefinition<I, O> {
  return { input, output };
}
