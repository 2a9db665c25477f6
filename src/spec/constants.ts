/**
 * Names, defaults and limits of the service interface (service-interface.md, "Authentication",
 * "Limits" and "Versioning"), kept once so the service, the client and the UI agree.
 */

/** Header names of the interface; a profile may rename them for deployments that use others. */
export const HEADER_NAMES = { apiKey: 'svc-api-key', version: 'svc-version' } as const;

/** The API version in use, sent in the version header. */
export const API_VERSION = 'v2';

/** The former version and the date it was sunset (spec, "Versioning" 2). */
export const SUNSET_VERSION = { version: 'v1', sunsetOn: '2025-04-11' } as const;

/** Defaults and limits from the spec's "Limits" table and parameter rules. */
export const LIMITS = {
  slippageBpsDefault: 100,
  slippageBpsMax: 10_000,
  slippagePpmMax: 1_000_000,
  swapFeeBpsMax: 1_000,
  tradeSurplusMaxBpsDefault: 10_000,
  // The spec states no minimum; 0 collects no surplus (the settler's cap is then zero), so it is valid.
  tradeSurplusMaxBpsMin: 0,
  tradeSurplusMaxBpsMax: 10_000,
  bpsDenominator: 10_000,
  ppmDenominator: 1_000_000,
} as const;

/** Every error name of the spec's error table with its HTTP status. */
export const ERROR_STATUS = {
  INPUT_INVALID: 400,
  RECIPIENT_NOT_SUPPORTED: 400,
  SWAP_VALIDATION_FAILED: 400,
  TOKEN_NOT_SUPPORTED: 400,
  USER_NOT_AUTHORIZED: 400,
  TAKER_NOT_AUTHORIZED_FOR_TRADE: 403,
  RECIPIENT_NOT_AUTHORIZED_FOR_TRADE: 403,
  XSTOCKS_NOT_AUTHORIZED: 403,
  BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE: 422,
  SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE: 422,
  INTERNAL_SERVER_ERROR: 500,
  UNCATEGORIZED: 500,
} as const;

/** An error name of the spec's table. */
export type ServiceErrorName = keyof typeof ERROR_STATUS;

/** The error names, in the spec's order. */
export const SERVICE_ERROR_NAMES = Object.keys(ERROR_STATUS) as ServiceErrorName[];

/** The placeholder address the service uses for a chain's native asset. */
export const NATIVE_TOKEN_PLACEHOLDER = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

/** zid format: 0x + 24 lowercase hex characters (12 bytes). */
export const ZID_PATTERN = /^0x[0-9a-f]{24}$/;
