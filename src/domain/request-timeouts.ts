/**
 * How long the HTTPS client waits, by default, before a request fails with TIMEOUT: for the
 * connection (TLS included), for the answer's headers, between two parts of its body, and in all
 * (retries and waits included). No profile setting changes them, so the TIMEOUT explanation names
 * them from here, as the client uses them.
 */
export const REQUEST_TIMEOUTS = { connectMs: 10_000, headersMs: 15_000, bodyStallMs: 15_000, overallMs: 60_000 } as const;
