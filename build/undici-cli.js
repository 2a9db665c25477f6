// What the CLI uses of undici (Agent, ProxyAgent and the Pool it opens to the proxy,
// DecoratorHandler, request with an explicit dispatcher), taken from undici's own modules so that
// the bundle does not load its whole index (fetch, WebSocket, EventSource, caches, mocks), a large
// share of a short command's start. build/build-cli.ts maps
// `undici` to this file for the CLI bundle only; the app and the tests use undici itself.
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import api from 'undici/lib/api/index.js';
import Agent from 'undici/lib/dispatcher/agent.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import DecoratorHandler from 'undici/lib/handler/decorator-handler.js';
import util from 'undici/lib/core/util.js';

// As undici's index does: request() and friends become methods of every dispatcher.
Object.assign(Dispatcher.prototype, api);

/** undici's `request` for the calls the engine makes: a URL and options that name the dispatcher. */
export function request(url, opts) {
  const { dispatcher, ...rest } = opts;
  if (!dispatcher) throw new TypeError('the CLI bundle of undici needs an explicit dispatcher');
  const parsed = util.parseURL(url);
  const path = parsed.search ? `${parsed.pathname}${parsed.search}` : parsed.pathname;
  return api.request.call(dispatcher, { ...rest, origin: parsed.origin, path, method: rest.method || 'GET' });
}

export { Agent, ProxyAgent, Pool, DecoratorHandler, Dispatcher };
