import { randomBytes } from 'node:crypto';
import { ERROR_STATUS, type ServiceErrorName } from '../spec/index.ts';
import type { FieldError } from '../spec/index.ts';

/**
 * Errors the local service answers with. Names of the spec's table keep the table's status. Names
 * the spec does not have, for conditions it leaves open, are documented here:
 *
 * - `UNAUTHORIZED` (401): the `svc-api-key` header is missing or the key is unknown. The spec's
 *   USER_NOT_AUTHORIZED is a 400 about a known user's rights, so a missing credential gets the
 *   HTTP status for "who are you", like the service's gateway; USER_NOT_AUTHORIZED stays for a
 *   known team the service refuses (blocked.teams, `serve --block-team`).
 * - `NOT_FOUND` (404): a path the spec does not show.
 * - `METHOD_NOT_ALLOWED` (405): any method but GET and HEAD (with an `Allow: GET, HEAD` header).
 * - `RATE_LIMITED` (429): more requests in the current one-second window than `rateLimitRps`
 *   allows for the key (with a `Retry-After` header in seconds).
 */
export type LocalErrorName = ServiceErrorName | 'UNAUTHORIZED' | 'NOT_FOUND' | 'METHOD_NOT_ALLOWED' | 'RATE_LIMITED';

/** HTTP status of each local error name. */
export const LOCAL_ERROR_STATUS: Record<LocalErrorName, number> = {
  ...ERROR_STATUS,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  RATE_LIMITED: 429,
};

/** An expected failure of a request, turned into an Error-shaped body by the handler. */
export class ServiceFailure extends Error {
  readonly errorName: LocalErrorName;
  readonly details: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(errorName: LocalErrorName, message: string, details?: FieldError[], headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ServiceFailure';
    this.errorName = errorName;
    this.details = details;
    this.headers = headers;
  }

  /** The HTTP status of this failure. */
  get status(): number {
    return LOCAL_ERROR_STATUS[this.errorName];
  }
}

/** Shorthand for a 400 INPUT_INVALID naming one field. */
export function invalidInput(field: string, reason: string): ServiceFailure {
  return new ServiceFailure('INPUT_INVALID', `Invalid input: ${field} ${reason}`, [{ field, reason }]);
}

// Random bytes drawn 3 KB at a time: one call to the system's generator per 256 zids instead of
// one per request (it was a tenth of a cached answer's time).
const ZID_BYTES = 12;
let zidPool = Buffer.alloc(0);
let zidOffset = 0;

/** A fresh request id: `0x` + 24 lowercase hex characters (12 random bytes). */
export function newZid(): string {
  if (zidOffset + ZID_BYTES > zidPool.length) {
    zidPool = randomBytes(ZID_BYTES * 256);
    zidOffset = 0;
  }
  zidOffset += ZID_BYTES;
  return `0x${zidPool.toString('hex', zidOffset - ZID_BYTES, zidOffset)}`;
}

/** The Error-shaped body of the spec: name, message and data with the zid (and details on INPUT_INVALID). */
export function errorBody(name: string, message: string, zid: string, details?: FieldError[]): Record<string, unknown> {
  return { name, message, data: details ? { zid, details } : { zid } };
}
