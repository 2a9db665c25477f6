import type { connect as Connect } from 'node:http2';

// node:http2 for undici in the CLI bundle (build/build-cli.ts maps undici's require to this file):
// undici reads a few constants when it loads and calls connect() only for an HTTP/2 connection,
// which the engine never asks for (no allowH2). Loading node:http2 itself took tens of ms of every
// command's start, so it is loaded on first connect(). build-cli.test.ts checks the constants.

/** The constants undici's client-h2.js reads at load, with Node's values. */
export const constants = {
  HTTP2_HEADER_AUTHORITY: ':authority',
  HTTP2_HEADER_METHOD: ':method',
  HTTP2_HEADER_PATH: ':path',
  HTTP2_HEADER_SCHEME: ':scheme',
  HTTP2_HEADER_CONTENT_LENGTH: 'content-length',
  HTTP2_HEADER_EXPECT: 'expect',
  HTTP2_HEADER_STATUS: ':status',
  HTTP2_HEADER_PROTOCOL: ':protocol',
  NGHTTP2_NO_ERROR: 0,
  NGHTTP2_REFUSED_STREAM: 7,
};

/** node:http2's connect, loaded when first called. */
export function connect(...args: Parameters<typeof Connect>): ReturnType<typeof Connect> {
  return process.getBuiltinModule('node:http2').connect(...args);
}
