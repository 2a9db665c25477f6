import { Agent, DecoratorHandler, Pool, ProxyAgent, request, type Dispatcher } from 'undici';
import { CappedText, flattenHeaders, poolKeyOf, refusedHeader, trustedCas, type AttemptInput, type AttemptResult, type Transport, type TransportFactory, type TransportTimeouts } from './transport.ts';

/**
 * The transport of the app (Electron main) and the tests: one undici keep-alive dispatcher per
 * origin and trust, so requests to the same profile reuse sockets (no handshake per request).
 * Failures keep what arrived: a stalled or dropped body keeps the bytes received so far.
 */

// What a request's options carry for the interceptor below; undici passes unknown options through.
interface WrittenOption {
  onWritten?: () => void;
}

// Tells the request's `onWritten` when undici has written it to its socket (onRequestSent comes
// after the connection, its TLS handshake and any proxy tunnel). undici calls onRequestSent on
// the handlers it is given, but its types do not declare it.
class WrittenHandler extends DecoratorHandler {
  readonly #handler: { onRequestSent?: () => void };
  readonly #onWritten: () => void;
  constructor(handler: Dispatcher.DispatchHandler, onWritten: () => void) {
    super(handler);
    this.#handler = handler;
    this.#onWritten = onWritten;
  }
  onRequestSent(): void {
    this.#onWritten();
    this.#handler.onRequestSent?.();
  }
}

const reportWritten: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) => {
  const { onWritten } = options as WrittenOption;
  return dispatch(options, onWritten ? new WrittenHandler(handler, onWritten) : handler);
};

function createDispatcher(input: AttemptInput, timeouts: TransportTimeouts): Dispatcher {
  const tls = { ca: trustedCas(input.connection), timeout: timeouts.connectMs };
  const common = { headersTimeout: timeouts.headersMs, bodyTimeout: timeouts.bodyStallMs, keepAliveTimeout: 10_000 };
  const { proxyUrl } = input.connection;
  // An https:// proxy is checked with the profile's trust too (its extra CA, the system's if
  // trusted), not Node's bundled roots alone: a company's TLS proxy carries the company's CA. Its
  // answer to CONNECT is part of connecting, so it gets the connect time, not undici's 300 s.
  const toProxy = (origin: URL, options: object) => new Pool(origin, { ...options, headersTimeout: timeouts.connectMs });
  const agent = proxyUrl ? new ProxyAgent({ uri: proxyUrl, requestTls: tls, proxyTls: tls, clientFactory: toProxy, ...common }) : new Agent({ connect: tls, ...common });
  return agent.compose(reportWritten);
}

async function readCapped(stream: Dispatcher.ResponseData['body'], maxBytes: number): Promise<Pick<AttemptResult, 'bodyText' | 'isTruncated' | 'error'>> {
  const body = new CappedText(maxBytes);
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      if (!body.push(chunk)) {
        // Stop downloading: the rest would only be thrown away.
        stream.destroy();
        return { bodyText: body.text(), isTruncated: true, error: null };
      }
    }
    return { bodyText: body.text(), isTruncated: false, error: null };
  } catch (error) {
    return { bodyText: body.text(), isTruncated: false, error };
  }
}

async function attemptOnce(dispatcher: Dispatcher, input: AttemptInput): Promise<AttemptResult> {
  const refused = refusedHeader(input.headers);
  if (refused) return { status: null, statusText: '', responseHeaders: {}, bodyText: '', isTruncated: false, error: refused };
  let response: Dispatcher.ResponseData;
  try {
    // Passed as a variable: undici's option type has no `onWritten`, which it passes on unread.
    const options = { method: 'GET' as const, headers: input.headers, dispatcher, signal: input.signal, onWritten: input.onWritten };
    response = await request(input.url, options);
  } catch (error) {
    return { status: null, statusText: '', responseHeaders: {}, bodyText: '', isTruncated: false, error };
  }
  const head = { status: response.statusCode, statusText: response.statusText ?? '', responseHeaders: flattenHeaders(response.headers) };
  return { ...head, ...(await readCapped(response.body, input.maxBodyBytes)) };
}

/** undici's transport. */
export const undiciTransport: TransportFactory = function undiciTransport(timeouts: TransportTimeouts): Transport {
  const dispatchers = new Map<string, Dispatcher>();
  return {
    attempt(input) {
      const key = poolKeyOf(input.url.origin, input.connection);
      let dispatcher = dispatchers.get(key);
      if (!dispatcher) {
        dispatcher = createDispatcher(input, timeouts);
        dispatchers.set(key, dispatcher);
      }
      return attemptOnce(dispatcher, input);
    },
    async close() {
      const all = [...dispatchers.values()];
      dispatchers.clear();
      await Promise.all(all.map((dispatcher) => dispatcher.destroy()));
    },
  };
};
