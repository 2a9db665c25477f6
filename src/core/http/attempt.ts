import { request, type Dispatcher } from 'undici';

/**
 * One HTTP attempt: send, read the body up to the size cap, and report what arrived even when it
 * failed half-way (a stalled or dropped body keeps the bytes received so far).
 */

/** What one attempt produced. `error` is set when the transport failed (before or during the body). */
export interface AttemptResult {
  status: number | null;
  statusText: string;
  responseHeaders: Record<string, string>;
  bodyText: string;
  /** The body was cut at the size cap. */
  isTruncated: boolean;
  error: unknown;
}

/** What an attempt needs. */
export interface AttemptInput {
  url: string;
  headers: Record<string, string>;
  dispatcher: Dispatcher;
  signal: AbortSignal;
  maxBodyBytes: number;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Sends one GET and reads its body; never throws. */
export async function attemptOnce(input: AttemptInput): Promise<AttemptResult> {
  let response: Dispatcher.ResponseData;
  try {
    response = await request(input.url, { method: 'GET', headers: input.headers, dispatcher: input.dispatcher, signal: input.signal });
  } catch (error) {
    return { status: null, statusText: '', responseHeaders: {}, bodyText: '', isTruncated: false, error };
  }
  const head = { status: response.statusCode, statusText: response.statusText ?? '', responseHeaders: flattenHeaders(response.headers) };
  const body = await readCapped(response.body, input.maxBodyBytes);
  return { ...head, ...body };
}

async function readCapped(stream: Dispatcher.ResponseData['body'], maxBytes: number): Promise<{ bodyText: string; isTruncated: boolean; error: unknown }> {
  // A streaming decoder, so a multi-byte character split across chunks (or cut by the cap) stays intact.
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let received = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      const room = maxBytes - received;
      received += chunk.byteLength;
      if (chunk.byteLength > room) {
        text += decoder.decode(chunk.subarray(0, room));
        // Stop downloading: the rest would only be thrown away.
        stream.destroy();
        return { bodyText: text + decoder.decode(), isTruncated: true, error: null };
      }
      text += decoder.decode(chunk, { stream: true });
    }
    return { bodyText: text + decoder.decode(), isTruncated: false, error: null };
  } catch (error) {
    return { bodyText: text + decoder.decode(), isTruncated: false, error };
  }
}
