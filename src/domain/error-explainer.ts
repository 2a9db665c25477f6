import { ERROR_STATUS, type ServiceErrorName } from '../spec/index.ts';
import { V1_ANSWER_FIX, v1ErrorSummary } from './v1-answer.ts';
import { REQUEST_TIMEOUTS } from './request-timeouts.ts';
import { readBrowserNetError } from './browser-net-error.ts';

/**
 * Plain-language causes and likely fixes for every error a support engineer meets: the service's
 * error names (service-interface.md, "Errors") and the app's own codes. The spec says the exact
 * triggers are "not shown", so causes are worded as likely, from the names and the spec's rules.
 */

/** An error explained for a person. */
export interface ErrorExplanation {
  name: string;
  /** HTTP status for a service error; null for the app's own codes. */
  status: number | null;
  source: 'service' | 'app' | 'unknown';
  cause: string;
  fix: string;
}

type Text = { cause: string; fix: string };

const SERVICE: Record<ServiceErrorName, Text> = {
  INPUT_INVALID: {
    cause: 'One or more query parameters are missing or malformed. data.details lists each field and the reason.',
    fix: 'Correct the fields named in data.details (addresses are 0x + 40 hex digits, amounts whole base units, slippageBps and slippagePpm not together, swapFeeBps with swapFeeRecipient) and resend.',
  },
  RECIPIENT_NOT_SUPPORTED: {
    cause: 'A recipient was given where the service does not support one, most likely a wrap or unwrap, for which recipient is not supported.',
    fix: 'Leave out recipient (buyToken then goes to the taker), or trade a pair that is not a wrap/unwrap.',
  },
  SWAP_VALIDATION_FAILED: {
    cause: 'The service could not validate the swap it built for these parameters.',
    fix: 'If the taker is a smart contract, give txOrigin (the account that sends the transaction), as the service\'s message says. Otherwise check the token pair, amount and taker; try another amount or fewer excludedSources. If it persists, send the zid to the service provider.',
  },
  TOKEN_NOT_SUPPORTED: {
    cause: 'The sell or buy token is not supported for swaps on this chain.',
    fix: 'Check the token address belongs to this chainId (addresses differ per chain) and pick a supported token.',
  },
  USER_NOT_AUTHORIZED: {
    cause: 'The calling account (the API key\'s team) is not allowed to make this request.',
    fix: 'Check the API key in the profile and the account it belongs to; the provider decides what each account may request, so send the zid to the provider if the refusal looks wrong.',
  },
  TAKER_NOT_AUTHORIZED_FOR_TRADE: {
    cause: 'The taker address is not allowed to trade (refused per account).',
    fix: 'Use another taker address; the service decides which addresses may trade, so contact the provider with the zid if the refusal looks wrong.',
  },
  RECIPIENT_NOT_AUTHORIZED_FOR_TRADE: {
    cause: 'The recipient address is not allowed to receive this trade.',
    fix: 'Use another recipient, or leave it out so the taker receives the tokens.',
  },
  XSTOCKS_NOT_AUTHORIZED: {
    cause: 'The trade involves a tokenised-stock (xStocks) token that this account or taker may not trade.',
    fix: 'Trade a different token, or ask the provider whether the account can be enabled for it.',
  },
  BUY_TOKEN_NOT_AUTHORIZED_FOR_TRADE: {
    cause: 'The buy token is refused for trading (per token).',
    fix: 'Choose another buyToken; the restriction is the service\'s and cannot be lifted by changing parameters.',
  },
  SELL_TOKEN_NOT_AUTHORIZED_FOR_TRADE: {
    cause: 'The sell token is refused for trading (per token).',
    fix: 'Choose another sellToken; the restriction is the service\'s and cannot be lifted by changing parameters.',
  },
  INTERNAL_SERVER_ERROR: {
    cause: 'The service failed while handling the request; the request itself may be fine.',
    fix: 'Retry after a short wait; if it repeats, send the zid to the service provider.',
  },
  UNCATEGORIZED: {
    cause: 'The service failed for a reason it does not categorise.',
    fix: 'Retry after a short wait; if it repeats, send the zid and the full request (copy curl, key redacted) to the provider.',
  },
};

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

/** Codes of the app itself (src/ipc's APP_ERROR_CODES) with their explanation. */
const APP: Record<string, Text> = {
  INVALID_INPUT: { cause: 'The app refused the input before sending anything.', fix: 'Correct the highlighted fields.' },
  // What raises it (connection-resolver.ts, http-client.ts, the CLI's SVC_API_KEY): the form already
  // requires a base URL, so "fill in the missing value" sent users to a field that was never empty.
  NOT_CONFIGURED: {
    cause: 'The profile cannot be used as it is: its API key cannot be sent (it holds a character a header cannot carry, such as a newline from a copy), or it trusts no certificate (no CA certificate and system certificates off). The message names which.',
    fix: 'Open the profile in Settings and enter the key again, or add the service\'s CA certificate or trust the system certificates; on the CLI, set SVC_API_KEY again without the stray character.',
  },
  NOT_FOUND: { cause: 'Nothing matches: no history entry with that zid, or no such profile.', fix: 'Check the zid (a prefix is enough) and the time range and filters of the search.' },
  AUTH_FAILED: {
    cause: 'The service rejected the credentials: the API key is missing, wrong or revoked, or the svc-version header is missing.',
    fix: 'Set the profile\'s key again from the provider\'s dashboard; keep svc-version at v2.',
  },
  RATE_LIMITED: {
    cause: 'The service answered 429: more requests than the key\'s rate budget allows (requests lacking the required headers may also be rate-limited).',
    fix: 'Lower the profile\'s requests per second, or wait and retry; the scheduler keeps below the budget it is given.',
  },
  // No setting changes the waits (src/domain/request-timeouts.ts): "raise the timeout" sent users
  // looking for a field the profile form does not have.
  TIMEOUT: {
    cause: `No answer arrived in time: the app waits ${seconds(REQUEST_TIMEOUTS.connectMs)} for the connection, ${seconds(REQUEST_TIMEOUTS.headersMs)} for the answer to start and ${seconds(REQUEST_TIMEOUTS.bodyStallMs)} between its parts, ${seconds(REQUEST_TIMEOUTS.overallMs)} in all.`,
    fix: 'Retry; if it keeps timing out, check the service\'s status and the network (a proxy or VPN can hold requests), or lower the profile\'s requests per second if the service slows under load.',
  },
  NETWORK: { cause: 'The connection failed: DNS, refused connection, reset or offline.', fix: 'Check the base URL and the network connection, proxy or firewall.' },
  TLS: {
    cause: 'The HTTPS certificate could not be verified (expired, wrong host or untrusted issuer). The service is HTTPS only, and the app never skips this check.',
    fix: 'Check the base URL\'s host name and the system clock; for the local service, trust its certificate in the profile.',
  },
  CANCELLED: { cause: 'The request was cancelled before it finished.', fix: 'Run it again when needed; finished rows of a comparison are kept.' },
  // Named errors are explained by their own name (explainServiceError): what reaches this code is an
  // answer that named none the app knows (src/core/http/map-error.ts, http-client.ts finalError).
  REMOTE_ERROR: {
    cause: 'The answer was not one the service gives, and named no error the app knows: a status such as a gateway\'s 502, 503 or 504 (an HTML page or an empty body), a page that is not JSON where JSON was due, or a body cut at the size limit. The message says which.',
    fix: 'A 500, 502, 503 or 504 was already retried as far as the retry rule allows (honouring Retry-After): wait, check the service\'s status, then send again. A page that is not JSON is usually a proxy, VPN or captive portal answering instead of the service: read the raw body to see whose page it is, and check the profile\'s base URL and proxy. A body cut at the size limit cannot be read whole: report it to the service with the entry\'s zid.',
  },
  KEYCHAIN_UNAVAILABLE: {
    cause: 'The system keychain (where API keys are stored) could not be reached or is locked.',
    fix: 'Unlock the keychain or start the Secret Service, then retry; on the CLI, SVC_API_KEY can supply the key.',
  },
  // Not only the history's: the profiles and saved-requests files and the run files fail with it too.
  STORAGE: {
    cause: 'A file in the app\'s data folder (the history, the profiles, the saved requests or a run) could not be read or written: a full disk, permissions, or a file that is damaged or held by another program. The message names the file.',
    fix: 'Free disk space, check the data folder\'s permissions, or mend the file the message names.',
  },
  LOCAL_SERVICE_STOPPED: {
    cause: 'The local service was stopped in Settings, and the app does not restart it behind your back.',
    fix: 'Press Start local service in Settings, then send again.',
  },
  LOCAL_SERVICE_FAILED: {
    cause: 'The app\'s built-in local service could not start: its folder in the data folder could not be made or written (a file in its place, no permission, a full or read-only disk), or its process exited while starting. The message names the reason.',
    fix: 'Mend what the message names (free some space, give the data folder back its permissions, move the file away), then press Start local service in Settings or send again. Profiles of other services are not affected.',
  },
  DATA_WORKER_RESTARTED: {
    cause: 'The data worker (history, imports and exports) stopped during this call, for example out of memory on a huge file, and was restarted. Requests kept before are safe.',
    fix: 'Try again; for a file import, split the file or remove what is not needed.',
  },
  INTERNAL: { cause: 'A bug in the app.', fix: 'Report it with the steps taken; the main-process log holds the stack.' },
};

/** The names of the app codes the explainer covers. */
export const EXPLAINED_APP_CODES: readonly string[] = Object.keys(APP);

/**
 * Explains an error name of the service or a code of the app; unknown names get a generic answer.
 * With what is known of the answer (`answer`), REMOTE_ERROR is read with it (explainRemoteError).
 */
export function explainError(name: string, answer?: { status: number | null; details?: unknown }): ErrorExplanation {
  if (name === 'REMOTE_ERROR' && answer) return explainRemoteError(answer.status, answer.details);
  if (Object.hasOwn(SERVICE, name)) {
    const key = name as ServiceErrorName;
    return { name, status: ERROR_STATUS[key], source: 'service', ...SERVICE[key] };
  }
  const app = Object.hasOwn(APP, name) ? APP[name] : undefined;
  if (app) return { name, status: null, source: 'app', ...app };
  return unknownName(name);
}

// The statuses the client retries (src/core/http/retry.ts) less 429, which is RATE_LIMITED: a
// REMOTE_ERROR naming one of them was retried before it was reported.
const RETRIED_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504]);

/**
 * REMOTE_ERROR read with what is known of its answer: the status, and the client's details
 * (`maxBodyBytes` when the body was cut there, src/core/http/http-client.ts). The code alone stands
 * for answers whose next steps differ; with the status, only the one that applies is said. A status
 * none of these covers (a 404 page, a 400 that is not JSON) keeps the code's own explanation.
 */
export function explainRemoteError(status: number | null, details?: unknown): ErrorExplanation {
  const code = explainError('REMOTE_ERROR');
  const maxBodyBytes = (details as { maxBodyBytes?: unknown } | null | undefined)?.maxBodyBytes;
  if (typeof maxBodyBytes === 'number') {
    return { ...code, cause: `The answer was larger than ${maxBodyBytes.toLocaleString('en-US')} bytes, the most the app reads, and was cut there: it cannot be read whole (the service's answers are a few kB).`, fix: "Report it to the service with the entry's zid and time." };
  }
  if (status !== null && status >= 200 && status < 300) {
    return { ...code, cause: `This HTTP ${status} answer is not the service's: its answers are JSON objects. A proxy, VPN or captive portal most likely answered instead of the service.`, fix: "Read the raw body to see whose page it is, check the profile's base URL and proxy, then send again." };
  }
  if (status !== null && RETRIED_STATUSES.has(status)) {
    return { ...code, cause: `HTTP ${status} with no error the app knows: a gateway or load balancer in front of the service answered (its own page, or an empty body), not the service itself.`, fix: "It was already retried as far as the retry rule allows (honouring Retry-After): wait, check the service's status, then send again." };
  }
  return code;
}

function unknownName(name: string): ErrorExplanation {
  return {
    name,
    status: null,
    source: 'unknown',
    cause: `"${name}" is not an error name of the service's specification; the service may have added it.`,
    fix: 'Read the error message and send the zid to the service provider.',
  };
}

// Names a service answers that the spec's table does not have, for conditions it leaves open: the
// local service's (src/service/errors.ts documents each) and the service's gateway's. An answer's
// name is read here, never in the app's codes: a service's NOT_FOUND is a path it does not serve,
// not "no history entry with that zid".
const OUTSIDE_SPEC: Record<string, Text & { status: number }> = {
  UNAUTHORIZED: {
    status: 401,
    cause: 'The service refused the request for its credentials: the svc-api-key header is missing, or the key is not one it knows (HTTP 401; not a name of the spec\'s table).',
    fix: 'Send the header svc-api-key with a valid key from the dashboard, under that name, never in the URL.',
  },
  NOT_FOUND: {
    status: 404,
    cause: 'No endpoint of the service is at this path (HTTP 404; not a name of the spec\'s table): a v1 path (/swap/v1/…), a typo, or a path the spec does not show. The message names the path.',
    fix: 'Use a path of the spec (e.g. /swap/allowance-holder/price) with chainId and the header svc-version: v2.',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    cause: 'The request was not a GET (HTTP 405; not a name of the spec\'s table): every endpoint of the service is GET.',
    fix: 'Send GET with the parameters in the query string.',
  },
  RATE_LIMITED: {
    status: 429,
    cause: 'More requests than the key\'s rate limit allows (HTTP 429; not a name of the spec\'s table); requests lacking the required headers may be rate-limited too.',
    fix: 'Wait as the Retry-After header says, send fewer requests per second, and send svc-api-key and svc-version on every request.',
  },
};

/**
 * Explains the name in an error body a service answered (a kept or imported entry, a customer's
 * paste): the spec's names, then the names services answer outside it; any other is one the service
 * may have added. Never the app's own codes, which name what the app did, not what a service said.
 */
export function explainServiceError(name: string): ErrorExplanation {
  if (Object.hasOwn(SERVICE, name)) return explainError(name);
  const outside = Object.hasOwn(OUTSIDE_SPEC, name) ? OUTSIDE_SPEC[name] : undefined;
  if (outside) return { name, status: outside.status, source: 'service', cause: outside.cause, fix: outside.fix };
  return unknownName(name);
}

/**
 * A recorded answer that carries neither a body of the spec's shape nor an app code: an imported
 * entry (the customer's file keeps no app code) that got no response, or whose body is empty (a HAR
 * saved without content) or is not the service's JSON (a proxy's or CDN's 502 page). Its name says what is known, the
 * status, rather than a made-up error name read as one the service "may have added". A v1 error
 * (`{code, reason}`, from a customer still on v1) is the service's, of its former version, and said so.
 * `clientError` is the error the customer's browser wrote for it (a HAR's `response._error`): it
 * says why no answer came, so it comes first, read in plain words where it is a common code.
 */
export function explainUnshapedFailure(status: number | null, bodyText: string, clientError?: string | null): ErrorExplanation {
  const explained = explainUnshapedAnswer(status, bodyText);
  if (!clientError) return explained;
  const said = `The browser reported ${clientError}${withReading(clientError)}`;
  if (status !== null) return { ...explained, cause: `${said} ${explained.cause}` };
  return { ...explained, cause: `${said} No answer came from the service.`, fix: "Go through the browser's error with the customer (their network, proxy, certificate store or extensions); replay the request here to see what the service answers." };
}

function withReading(clientError: string): string {
  const reading = readBrowserNetError(clientError);
  return reading ? `: ${reading}` : '.';
}

function explainUnshapedAnswer(status: number | null, bodyText: string): ErrorExplanation {
  const replay = 'replay the request here to see what the service answers';
  if (status === null) {
    return {
      name: 'NO RESPONSE',
      status: null,
      source: 'unknown',
      cause: 'No response was recorded: the request failed before an answer came (network, TLS or a timeout), or the browser blocked it (a CORS refusal) or cancelled it.',
      fix: `Ask what the customer's client reported (a browser's console names a CORS refusal); ${replay}.`,
    };
  }
  if (bodyText.trim() === '') {
    return {
      name: `HTTP ${status}`,
      status,
      source: 'unknown',
      cause: `The record holds no body for this HTTP ${status} answer (a HAR saved without content, or a tool that dropped it), so what the service answered is not known.`,
      fix: `Ask the customer for the body they got, or their HAR saved with content; ${replay}.`,
    };
  }
  const v1 = v1ErrorSummary(parsedOrNull(bodyText));
  if (v1) return { name: `HTTP ${status}`, status, source: 'unknown', cause: v1, fix: V1_ANSWER_FIX };
  const notShaped = `This HTTP ${status} answer is not the service's: its answers are JSON, its errors with name, message and data.zid. It most likely came from a proxy, gateway or CDN between the client and the service, or the request went to another host.`;
  const meaning = STATUS_MEANINGS[status];
  if (meaning) return { name: `HTTP ${status}`, status, source: 'unknown', cause: `${notShaped} ${meaning.cause}`, fix: `${meaning.fix}; if it persists, check the host and path the customer sent to and any proxy on the way; ${replay}.` };
  return { name: `HTTP ${status}`, status, source: 'unknown', cause: notShaped, fix: `Check the host and path the customer sent to and any proxy on the way; ${replay}.` };
}

// What a status says whoever sent it: a rate limit or a refused key from a gateway in front of the
// service is still one, and the customer's next step is the same as for the service's own
// RATE_LIMITED and UNAUTHORIZED (the spec: requests lacking the required headers may be rate-limited or rejected).
const STATUS_MEANINGS: Partial<Record<number, { cause: string; fix: string }>> = {
  429: {
    cause: 'Whoever sent it, 429 (Too Many Requests) says the client sent more requests than it allows.',
    fix: 'Wait as its Retry-After header says and send fewer requests per second, with svc-api-key and svc-version on every request',
  },
  401: {
    cause: 'Whoever sent it, 401 (Unauthorized) says the request\'s credentials were missing or refused.',
    fix: 'Send the header svc-api-key with a valid key from the dashboard, under that name, never in the URL',
  },
};

function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
