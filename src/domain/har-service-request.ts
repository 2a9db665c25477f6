import type { HarEntry } from './har-schema.ts';
import { readServicePath } from './service-path.ts';

/**
 * Which entries of a customer's HAR are requests to the service. A HAR saved from a browser holds
 * the whole page's traffic: the CORS preflight (OPTIONS) that a request with the svc-api-key header
 * triggers, the page itself, its scripts, and the wallet's JSON-RPC calls (POST). None of them is
 * the customer's request, so an import sets them aside, says how many and why, and takes the rest,
 * where rejecting the whole file for them left the support engineer with nothing to explain.
 */

/** Why a HAR entry is not a request to the service, or null when it is one (a GET to one of its paths, v2 or v1). */
export function whyNotServiceRequest(entry: HarEntry): string | null {
  let url: URL;
  try {
    url = new URL(entry.request.url);
  } catch {
    return null; // the HAR schema has already refused a URL that is not absolute
  }
  // Origin and path only: the query may hold a key, and the entry is not imported to be redacted.
  const where = `${entry.request.method} ${url.origin}${url.pathname}`;
  if (entry.request.method !== 'GET') return `${where} is not a GET request: every endpoint of the service is GET (a browser's CORS preflight is OPTIONS)`;
  // A v1 request is still the customer's request to the service: it is imported and linted (V1_PATH).
  if (readServicePath(url.pathname) !== null) return null;
  return `${where} is not a path of the service`;
}
