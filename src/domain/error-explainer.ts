import { ERROR_STATUS, type ServiceErrorName } from '../spec/index.ts';
import { V1_ANSWER_FIX, v1ErrorSummary } from './v1-answer.ts';
import { APP_ERROR_TEXTS } from './app-error-texts.ts';
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

/** A cause and a likely fix, as an explanation says them. */
export type ErrorText = { cause: string; fix: string };

const SERVICE: Record<ServiceErrorName, ErrorText> = {
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


/** The names of the app codes the explainer covers. */
export const EXPLAINED_APP_CODES: readonly string[] = Object.keys(APP_ERROR_TEXTS);

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
  const app = Object.hasOwn(APP_ERROR_TEXTS, name) ? APP_ERROR_TEXTS[name] : undefined;
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
const OUTSIDE_SPEC: Record<string, ErrorText & { status: number }> = {
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
