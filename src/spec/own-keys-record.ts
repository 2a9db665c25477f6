import { z } from 'zod';

/**
 * `z.record(key, value)` that keeps an own "__proto__" key. zod leaves that key out of a record's
 * output without an issue (assigning it to the plain object it builds would set the prototype), so a
 * query parameter or header of that name, in a customer's imported file or a kept History entry,
 * would vanish without a word. (The page cannot send one at all: renderer/lib/api.ts says why.)
 * Every other key is checked by zod's record (same issues, same paths); "__proto__" is checked with
 * the same key and value schemas, and the answer keeps the input's key order with every key its
 * own. The key schema must not change keys (a plain string schema with checks): keys are read back
 * as given.
 */
export function ownKeysRecord<Value extends z.ZodType>(keySchema: z.ZodType<string>, valueSchema: Value) {
  const record = z.record(keySchema, valueSchema);
  return z.custom<Record<string, z.input<Value>>>().transform((input, ctx): Record<string, z.output<Value>> => {
    const parsed = record.safeParse(input);
    const issues = parsed.success ? [] : [...parsed.error.issues];
    const hasProto = typeof input === 'object' && input !== null && Object.hasOwn(input, '__proto__');
    let protoValue: z.output<Value> | undefined;
    if (hasProto) {
      const key = keySchema.safeParse('__proto__');
      const value = valueSchema.safeParse(input['__proto__']);
      if (!key.success) issues.push(...key.error.issues.map((issue) => ({ ...issue, path: ['__proto__'] })));
      if (value.success) protoValue = value.data;
      else issues.push(...value.error.issues.map((issue) => ({ ...issue, path: ['__proto__', ...issue.path] })));
    }
    if (issues.length > 0 || !parsed.success) {
      for (const issue of issues) ctx.addIssue(issue as z.core.$ZodRawIssue);
      return z.NEVER;
    }
    if (!hasProto) return parsed.data;
    // Object.fromEntries defines each key as its own, "__proto__" included.
    return Object.fromEntries(Object.keys(input).map((key) => [key, key === '__proto__' ? protoValue! : parsed.data[key]!]));
  });
}
