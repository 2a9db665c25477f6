import { z } from 'zod';

/**
 * The parts of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) that the app writes and
 * reads, with every member the HAR spec marks required. Objects are loose because HAR allows custom
 * members (ours: `_zid`) and other tools add their own.
 */

/** A name/value pair: headers and query string items. */
export const HarNameValueSchema = z.looseObject({ name: z.string(), value: z.string(), comment: z.string().optional() });

/** A HAR request: method, url, httpVersion, cookies, headers, queryString, headersSize, bodySize. */
export const HarRequestSchema = z.looseObject({
  method: z.string().min(1),
  url: z.url({ message: 'must be an absolute URL' }),
  httpVersion: z.string(),
  cookies: z.array(z.looseObject({ name: z.string(), value: z.string() })),
  headers: z.array(HarNameValueSchema),
  queryString: z.array(HarNameValueSchema),
  headersSize: z.number().int(),
  bodySize: z.number().int(),
});

/** HAR content: size and mimeType required; text optional and possibly base64-encoded. */
export const HarContentSchema = z.looseObject({
  size: z.number().int(),
  mimeType: z.string(),
  text: z.string().optional(),
  encoding: z.string().optional(),
});

/** A HAR response. */
export const HarResponseSchema = z.looseObject({
  status: z.number().int(),
  statusText: z.string(),
  httpVersion: z.string(),
  cookies: z.array(z.looseObject({ name: z.string(), value: z.string() })),
  headers: z.array(HarNameValueSchema),
  content: HarContentSchema,
  redirectURL: z.string(),
  headersSize: z.number().int(),
  bodySize: z.number().int(),
});

// send, wait and receive are required and non-negative; the others may be -1 (not applicable).
const phase = z.number().min(0);
const optionalPhase = z.number().min(-1).optional();

/** HAR timings. */
export const HarTimingsSchema = z.looseObject({
  blocked: optionalPhase,
  dns: optionalPhase,
  connect: optionalPhase,
  ssl: optionalPhase,
  send: phase,
  wait: phase,
  receive: phase,
});

/** A HAR entry. */
export const HarEntrySchema = z.looseObject({
  startedDateTime: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' }),
  time: z.number().min(0),
  request: HarRequestSchema,
  response: HarResponseSchema,
  cache: z.looseObject({}),
  timings: HarTimingsSchema,
});
/** A HAR entry. */
export type HarEntry = z.infer<typeof HarEntrySchema>;

/** A HAR 1.2 document. */
export const HarSchema = z.looseObject({
  log: z.looseObject({
    version: z.string(),
    creator: z.looseObject({ name: z.string(), version: z.string() }),
    entries: z.array(HarEntrySchema),
  }),
});
/** A HAR document. */
export type Har = z.infer<typeof HarSchema>;
