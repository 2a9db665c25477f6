import type { ErrorText } from './error-explainer.ts';
import { REQUEST_TIMEOUTS } from './request-timeouts.ts';

/**
 * What each of the app's own error codes means and what to do about it, apart from the explainer
 * (error-explainer.ts) that reads them: these name what the app did, the explainer's other tables
 * what a service answered.
 */

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

/** Codes of the app itself (src/ipc's APP_ERROR_CODES) with their explanation. */
export const APP_ERROR_TEXTS: Readonly<Record<string, ErrorText>> = {
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
