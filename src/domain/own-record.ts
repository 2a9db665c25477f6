/**
 * Sets `key` as an own, enumerable property of `record`. Plain assignment of the name `__proto__`
 * sets the object's prototype instead (or does nothing, for a string), so a pasted query parameter,
 * header or HAR field of that name would vanish without a word; the linter and the forms must show
 * it like any other unknown name.
 */
export function setOwn<Value>(record: Record<string, Value>, key: string, value: Value): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The value of `record`'s own property `key`, never one inherited from Object.prototype. */
export function getOwn<Value>(record: Record<string, Value>, key: string): Value | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Copies the own properties of `from` onto `into` with setOwn (Object.assign would drop a `__proto__`). */
export function assignOwn<Value>(into: Record<string, Value>, from: Record<string, Value>): void {
  for (const [key, value] of Object.entries(from)) setOwn(into, key, value);
}
