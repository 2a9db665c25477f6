/** The engine's HTTPS client and its per-profile rate scheduler. */
export { createHttpClient, buildUrl, parseJson, requestHeadersOf } from './http-client.ts';
export type { HttpClient, HttpClientOptions, HttpExchange, HttpGetRequest } from './http-client.ts';
export { RateScheduler } from './rate-scheduler.ts';
export type { PaceGroup, RateSchedulerOptions } from './rate-scheduler.ts';
export type { Transport, TransportFactory, TransportTimeouts } from './transport.ts';
export { undiciTransport } from './undici-transport.ts';
export { nodeHttpsTransport } from './node-https-transport.ts';
export { mapStatus, mapTransportError } from './map-error.ts';
