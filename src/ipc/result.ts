import { z } from 'zod';
import { lazySchema } from '../spec/lazy-schema.ts';

/**
 * The app's error codes and the Result every IPC handler returns. Electron forwards only `message`
 * from a thrown error, so nothing throws across IPC: failures travel as values with a stable code.
 */

/** Stable error codes, matched by code, never by message text. */
export const APP_ERROR_CODES = [
  'INVALID_INPUT',
  'NOT_CONFIGURED',
  'NOT_FOUND',
  'AUTH_FAILED',
  'RATE_LIMITED',
  'TIMEOUT',
  'NETWORK',
  'TLS',
  'CANCELLED',
  'REMOTE_ERROR',
  'KEYCHAIN_UNAVAILABLE',
  'STORAGE',
  'INTERNAL',
  'LOCAL_SERVICE_STOPPED',
  // The built-in local service could not start (its folder, the disk, the process): not a profile's fault.
  'LOCAL_SERVICE_FAILED',
  // The data worker (history, imports, exports) stopped during the call; it has been restarted.
  'DATA_WORKER_RESTARTED',
] as const;

/** An app error code. */
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/** An error as it crosses IPC: code, human message, and structured details (field errors, service error). */
export const AppErrorSchema = lazySchema(() =>
  z.object({
    code: z.enum(APP_ERROR_CODES),
    message: z.string(),
    details: z.unknown().optional(),
  }),
);
/** A serialised app error. */
export type AppErrorData = z.infer<typeof AppErrorSchema>;

/** A handler's answer: a value, or an app error. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorData };

/** Schema of a Result carrying `value`, for checking answers in tests and the harness. */
export function resultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: AppErrorSchema })]);
}

/**
 * An expected failure, thrown inside the engine and turned into `{ok: false}` at the IPC edge.
 * Bugs are any other exception and become INTERNAL.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details: unknown;

  constructor(code: AppErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  /** The form that crosses IPC. */
  toData(): AppErrorData {
    return this.details === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, details: this.details };
  }
}

/** Whether a value is an AppError (by shape, so it holds across module copies). */
export function isAppError(value: unknown): value is AppError {
  return value instanceof Error && value.name === 'AppError' && typeof (value as AppError).code === 'string';
}
