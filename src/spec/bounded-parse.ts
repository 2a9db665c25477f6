import type { z } from 'zod';

/**
 * zod gathers a child's issues into its parent with `push(...issues)`, so a body with a few hundred
 * thousand invalid array items (a 10 MB route, say) overflows the call stack instead of failing.
 * Every parse of a body from outside goes through here: such a body is reported as not matching.
 */

/** A safeParse that answers `{ success: false, overflowed: true }` where zod would throw RangeError. */
export function boundedSafeParse<T extends z.ZodType>(schema: T, value: unknown): z.ZodSafeParseResult<z.output<T>> | { success: false; overflowed: true } {
  try {
    return schema.safeParse(value);
  } catch (error) {
    if (error instanceof RangeError) return { success: false, overflowed: true };
    throw error;
  }
}
