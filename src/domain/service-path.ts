import { ENDPOINTS, type EndpointId } from '../spec/endpoints.ts';

/**
 * The one reading of a URL path as a path of the service, v2 or v1: which requests of a customer's
 * HAR are the service's (har-service-request.ts), the endpoint an imported entry is filed under
 * (history.import) and the endpoint the linter corrects a request to (lint-request.ts). Each had its
 * own reading, and the import's knew no v1 path: a HAR that `explain` read was refused by the app.
 *
 * A v1 path maps to the v2 endpoint the linter corrects it to: `/swap/v1/price` and `/swap/v1/quote`
 * to Allowance Holder's (v1 had no Permit2 flow of its own; the linter's fix names Permit2 too),
 * `/swap/v1/sources` to `/sources`.
 */

/** A path of the service: the endpoint, whether it is a v1 path, and what came before the service's path. */
export interface ServicePath {
  endpoint: EndpointId;
  isV1: boolean;
  /** The path before the service's own (`/api` in `/api/swap/permit2/price`, a proxy's), '' when none. */
  prefix: string;
}

const V1_PATH = /^(.*)\/swap\/v1\/(price|quote|sources)$/;
const V1_ENDPOINTS: Record<string, EndpointId> = { price: 'allowance-holder.price', quote: 'allowance-holder.quote', sources: 'sources' };
const V2_PATHS = (Object.keys(ENDPOINTS) as EndpointId[]).map((endpoint) => ({ endpoint, path: ENDPOINTS[endpoint].path }));

/** The service's endpoint at this path (one trailing slash allowed), or null when it is none of its paths. */
export function readServicePath(pathname: string): ServicePath | null {
  const path = pathname.replace(/(.)\/$/, '$1');
  const v1 = V1_PATH.exec(path);
  if (v1) return { endpoint: V1_ENDPOINTS[v1[2]!]!, isV1: true, prefix: v1[1]! };
  const v2 = V2_PATHS.find((candidate) => path.endsWith(candidate.path));
  return v2 ? { endpoint: v2.endpoint, isV1: false, prefix: path.slice(0, path.length - v2.path.length) } : null;
}
