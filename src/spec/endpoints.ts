import { z } from 'zod';
import { ChainListResponseSchema, NoQuerySchema } from './chains.ts';
import {
  AllowanceHolderPriceResponseSchema,
  Permit2PriceResponseSchema,
} from './price-response.ts';
import { AllowanceHolderQuoteResponseSchema, Permit2QuoteResponseSchema } from './quote-response.ts';
import { EnabledSourcesResponseSchema, SourcesQuerySchema, SourcesResponseSchema } from './sources.ts';
import {
  AllowanceHolderPriceQuerySchema,
  AllowanceHolderQuoteQuerySchema,
  Permit2PriceQuerySchema,
  Permit2QuoteQuerySchema,
} from './swap-query.ts';

/**
 * Every endpoint the spec shows, with its path, query schema, 200 schema and whether it needs the
 * version header. The local service routes by it, the client validates by it, the UI lists it.
 * No other endpoint exists in this app: the spec's "not shown" groups are not invented.
 */
export const ENDPOINTS = {
  'allowance-holder.price': {
    path: '/swap/allowance-holder/price',
    label: 'Allowance Holder price',
    query: AllowanceHolderPriceQuerySchema,
    response: AllowanceHolderPriceResponseSchema,
    needsVersion: true,
  },
  'allowance-holder.quote': {
    path: '/swap/allowance-holder/quote',
    label: 'Allowance Holder quote',
    query: AllowanceHolderQuoteQuerySchema,
    response: AllowanceHolderQuoteResponseSchema,
    needsVersion: true,
  },
  'permit2.price': {
    path: '/swap/permit2/price',
    label: 'Permit2 price',
    query: Permit2PriceQuerySchema,
    response: Permit2PriceResponseSchema,
    needsVersion: true,
  },
  'permit2.quote': {
    path: '/swap/permit2/quote',
    label: 'Permit2 quote',
    query: Permit2QuoteQuerySchema,
    response: Permit2QuoteResponseSchema,
    needsVersion: true,
  },
  'swap.chains': {
    path: '/swap/chains',
    label: 'Swap chains',
    query: NoQuerySchema,
    response: ChainListResponseSchema,
    needsVersion: true,
    ignoresQuery: true,
  },
  'gasless.chains': {
    path: '/gasless/chains',
    label: 'Gasless chains',
    query: NoQuerySchema,
    response: ChainListResponseSchema,
    needsVersion: true,
    ignoresQuery: true,
  },
  'solana.enabled-sources': {
    path: '/solana/enabled-sources',
    label: 'Solana enabled sources',
    query: NoQuerySchema,
    response: EnabledSourcesResponseSchema,
    // The spec lists only the key header for this endpoint.
    needsVersion: false,
    // No parameters and no error body shown (spec, "Other endpoints named"): as for the chain lists.
    ignoresQuery: true,
  },
  sources: {
    path: '/sources',
    label: 'Liquidity sources',
    query: SourcesQuerySchema,
    response: SourcesResponseSchema,
    needsVersion: true,
  },
} as const satisfies Record<string, EndpointDefinition>;

interface EndpointDefinition {
  path: string;
  label: string;
  query: z.ZodType;
  response: z.ZodType;
  needsVersion: boolean;
  /**
   * The spec gives this endpoint no query parameters and no 400 (a chain list answers 200, or 500;
   * the Solana sources list shows no error body at all):
   * whatever query it is sent (a browser's or a proxy's cache-buster `?_=1700000000`, a stray
   * chainId) is ignored rather than refused, by the local service and in the linter's advice.
   */
  ignoresQuery?: true;
}

/** The id of an endpoint (`allowance-holder.price`, `swap.chains`, ...). */
export type EndpointId = keyof typeof ENDPOINTS;

/** Endpoint ids in display order. */
export const ENDPOINT_IDS = Object.keys(ENDPOINTS) as EndpointId[];

/** Schema of an endpoint id, for IPC and file inputs. */
export const EndpointIdSchema = z.enum(ENDPOINT_IDS as [EndpointId, ...EndpointId[]]);

/** Whether the endpoint ignores whatever query it is sent (EndpointDefinition's ignoresQuery). */
export function ignoresQuery(id: EndpointId): boolean {
  return (ENDPOINTS[id] as EndpointDefinition).ignoresQuery === true;
}

/** Finds the endpoint served at a path, if any. */
export function endpointByPath(path: string): EndpointId | undefined {
  return ENDPOINT_IDS.find((id) => ENDPOINTS[id].path === path);
}
