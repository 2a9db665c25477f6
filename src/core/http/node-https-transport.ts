import { Agent, request } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { CappedText, TIMEOUT_CAUSES, flattenHeaders, poolKeyOf, refusedHeader, trustedCas, type AttemptInput, type AttemptResult, type Transport, type TransportFactory, type TransportTimeouts } from './transport.ts';

/**
 * The CLI's transport: node:https, which Node has loaded before the command's first line runs, so
 * a short command does not wait for undici to load (transport.ts says why). It keeps undici's
 * behaviour where the client depends on it: keep-alive sockets per origin and trust, the connect,
 * headers and body-stall timeouts reported with undici's causes, the body cap, and what arrived
 * kept on failure. A proxied profile is sent through undici's transport, loaded on first use.
 */

type TimeoutCause = keyof typeof TIMEOUT_CAUSES;

function timeoutError(cause: TimeoutCause, ms: number): Error {
  const what = { connect: 'TLS connection', headers: 'response headers', body: 'body data' }[cause];
  return Object.assign(new Error(`no ${what} within ${ms} ms`), { code: TIMEOUT_CAUSES[cause] });
}

/** One GET on `agent`; resolves with whatever arrived, never rejects. */
function attemptOnce(agent: Agent, input: AttemptInput, timeouts: TransportTimeouts): Promise<AttemptResult> {
  const refused = refusedHeader(input.headers);
  if (refused) return Promise.resolve({ status: null, statusText: '', responseHeaders: {}, bodyText: '', isTruncated: false, error: refused });
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    let head: Pick<AttemptResult, 'status' | 'statusText' | 'responseHeaders'> = { status: null, statusText: '', responseHeaders: {} };
    const body = new CappedText(input.maxBodyBytes);
    let isSettled = false;
    const settle = (outcome: Pick<AttemptResult, 'isTruncated' | 'error'>) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      resolve({ ...head, bodyText: body.text(), ...outcome });
    };
    const req = request(input.url, { agent, method: 'GET', headers: input.headers, signal: input.signal });
    // One timer at a time: connect, then headers, then body stall (restarted by every chunk).
    const expire = (cause: TimeoutCause, ms: number, target: { destroy(error: Error): void }) => {
      clearTimeout(timer);
      timer = setTimeout(() => target.destroy(timeoutError(cause, ms)), ms);
    };
    expire('connect', timeouts.connectMs, req);
    req.once('socket', (socket) => {
      // A reused keep-alive socket is connected already; a new one is once its handshake is done.
      const connected = () => expire('headers', timeouts.headersMs, req);
      if (req.reusedSocket) connected();
      else socket.once('secureConnect', connected);
    });
    // 'finish' follows the write of the request's last byte to the socket, which waits for the
    // connection and its handshake.
    const { onWritten } = input;
    if (onWritten) req.once('finish', onWritten);
    req.once('error', (error) => settle({ isTruncated: false, error }));
    req.once('response', (res: IncomingMessage) => {
      head = { status: res.statusCode ?? null, statusText: res.statusMessage ?? '', responseHeaders: flattenHeaders(res.headers) };
      expire('body', timeouts.bodyStallMs, res);
      res.on('data', (chunk: Buffer) => {
        expire('body', timeouts.bodyStallMs, res);
        if (body.push(chunk)) return;
        settle({ isTruncated: true, error: null });
        // Stop downloading: the rest would only be thrown away.
        req.destroy();
      });
      res.once('end', () => settle({ isTruncated: false, error: null }));
      res.once('error', (error) => settle({ isTruncated: false, error }));
    });
    req.end();
  });
}

/** node:https's transport. */
export const nodeHttpsTransport: TransportFactory = function nodeHttpsTransport(timeouts: TransportTimeouts): Transport {
  const agents = new Map<string, Agent>();
  let proxied: Promise<Transport> | undefined;
  return {
    async attempt(input) {
      if (input.connection.proxyUrl) {
        proxied ??= import('./undici-transport.ts').then(({ undiciTransport }) => undiciTransport(timeouts));
        return (await proxied).attempt(input);
      }
      const key = poolKeyOf(input.url.origin, input.connection);
      let agent = agents.get(key);
      if (!agent) {
        agent = new Agent({ keepAlive: true, ca: trustedCas(input.connection) });
        agents.set(key, agent);
      }
      return attemptOnce(agent, input, timeouts);
    },
    async close() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
      await (await proxied)?.close();
    },
  };
};
