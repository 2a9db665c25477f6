/**
 * Sets `key` as an own, enumerable property of `record`. Plain assignment of the name `__proto__`
 * sets the object's prototype instead (or does nothing, for a string), so a pasted query parameter,
 * header or HAR field of that name would vanish without a word; the linter and the forms must show
 * it like any other unknown name.
 */
export function setOwn<Value>(record: Record<string, Value>, key: string, value: Value): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * Adds `value` under `key`, joined to a value already there with `separator`: a repeated header or
 * query name keeps every value, as HTTP list headers and the spec's comma lists do.
 */
export function joinOwn(record: Record<string, string>, key: string, value: string, separator: string): void {
  setOwn(record, key, Object.hasOwn(record, key) ? `${record[key]}${separator}${value}` : value);
}

/** The value of `record`'s own property `key`, never one inherited from Object.prototype. */
export function getOwn<Value>(record: Record<string, Value>, key: string): Value | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Copies the own properties of `from` onto `into` with setOwn (Object.assign would drop a `__proto__`). */
export function assignOwn<Value>(into: Record<string, Value>, from: Record<string, Value>): void {
  for (const [key, value] of Object.entries(from)) setOwn(into, key, value);
}
