/** The service interface as code: one schema per resource, every other part imports from here. */
export * from './constants.ts';
export * from './lazy-schema.ts';
export * from './primitives.ts';
export * from './query-object.ts';
export * from './own-keys-record.ts';
export * from './field-errors.ts';
export * from './swap-query.ts';
export * from './price-response.ts';
export * from './quote-response.ts';
export * from './chains.ts';
export * from './sources.ts';
export * from './error.ts';
export * from './endpoints.ts';
export * from './schema-report.ts';
export * from './bounded-parse.ts';
export * from './v2-hints.ts';
