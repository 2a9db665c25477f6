import { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { errorBody, newZid } from './errors.ts';

/**
 * Plain HTTP sent to the HTTPS port. The spec rejects plain HTTP (Authentication 1) and shows no
 * status for it; Node's answer was to drop the connection, which a client reads as "socket hang
 * up" or "Empty reply from server", never as "you wrote http://". OpenSSL recognises an HTTP
 * request line in place of a TLS record (ERR_SSL_HTTP_REQUEST), so the refusal is written in plain
 * HTTP on the TCP socket under the TLS one: a JSON 400 INPUT_INVALID, as for any other request
 * the service cannot take, naming the https:// address to use.
 */

/** The `tlsClientError` listener: answers plain HTTP with the JSON 400; other TLS errors are left to Node. */
export function refusePlainHttp(error: NodeJS.ErrnoException, tlsSocket: TLSSocket): void {
  if (error.code !== 'ERR_SSL_HTTP_REQUEST') return;
  // `_parent` is Node's own field for the TCP socket a server-side TLS socket wraps (no public one).
  const tcp = (tlsSocket as TLSSocket & { _parent?: unknown })._parent;
  if (!(tcp instanceof Socket) || !tcp.writable) return;
  tcp.end(plainHttpRefusal(tcp.localAddress, tcp.localPort));
}

/** The whole HTTP/1.1 answer, connection closed after it. */
export function plainHttpRefusal(localAddress: string | undefined, localPort: number | undefined): string {
  const host = localAddress?.includes(':') ? `[${localAddress}]` : (localAddress ?? '127.0.0.1');
  const https = `https://${host}:${localPort ?? ''}`;
  const reason = `was sent in plain HTTP to the HTTPS port; send it to ${https}, with the service's certificate pinned`;
  const zid = newZid();
  const payload = JSON.stringify(errorBody('INPUT_INVALID', `Plain HTTP is refused: send the request to ${https}, with the service's certificate pinned`, zid, [{ field: '(request)', reason }]));
  const headers = ['HTTP/1.1 400 Bad Request', 'content-type: application/json; charset=utf-8', 'cache-control: no-store', `svc-zid: ${zid}`, `content-length: ${Buffer.byteLength(payload)}`, 'connection: close'];
  return `${headers.join('\r\n')}\r\n\r\n${payload}`;
}
