import { REDACTED, isApiKeyName, isCredentialName, redactUrl } from './redact.ts';
import { shellQuote } from './shell-quote.ts';
import { API_KEY_ENV, localKeyExport } from './key-export.ts';
import { API_VERSION, HEADER_NAMES } from '../spec/constants.ts';

export { API_KEY_ENV, localKeyExport };

/**
 * "Copy as" code for a sent request (issue 13): curl, TypeScript `fetch` with undici, and a viem
 * script that signs a Permit2 quote. The API key never appears: every snippet reads it from the
 * SVC_API_KEY environment variable. When the profile pins a certificate (the local service always
 * does), the snippets trust that file, and the system's certificates too when the profile also trusts
 * those, as the app does; a profile's proxy is used as the app uses it, read from SVC_PROXY_URL when
 * its URL carries a user name or password.
 */

/** The environment variable a snippet reads the proxy from when the profile's proxy URL carries credentials. */
export const PROXY_URL_ENV = 'SVC_PROXY_URL';

// A proxy URL with a user name or password is a secret like the key: a snippet is pasted into
// tickets and chats, so it names the variable instead. The app's profile list gives the URL without
// its password, so a stored one is said by `hasProxyPassword`.
function hasCredentials(proxyUrl: string, hasProxyPassword = false): boolean {
  if (hasProxyPassword) return true;
  try {
    const url = new URL(proxyUrl);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

/** What a snippet is built from: the sent request and how the profile connects. */
export interface SnippetRequest {
  url: string;
  /** The request headers as sent (the key header, if present, is replaced by the variable). */
  headers: Record<string, string>;
  /** The profile's API key header name. */
  apiKeyHeader: string;
  /** Path of the CA certificate file the profile pins, or null to use the system's trust store. */
  caPath: string | null;
  /**
   * Whether the profile trusts the system's certificates besides its pinned one (false: the pinned
   * one alone, as the local service's profile). Without a pinned file the system's store is used anyway.
   */
  trustSystemCertificates?: boolean;
  /** The chain id of the request, for the viem snippet's chain. */
  chainId?: number | null;
  /** The profile's proxy (http:// or https:// CONNECT proxy), or null when it connects directly. */
  proxyUrl?: string | null;
  /** The profile keeps a password for that proxy, which `proxyUrl` does not show (profiles.list never sends it). */
  hasProxyPassword?: boolean;
}

function isHttpsProxy(request: SnippetRequest): boolean {
  return request.proxyUrl?.toLowerCase().startsWith('https:') === true;
}

// Headers worth handing over: the key and the spec's own headers, not transport details.
const TRANSPORT_HEADERS = new Set(['user-agent', 'accept-encoding', 'connection', 'host', 'content-length']);

function otherHeaders(request: SnippetRequest): [string, string][] {
  return Object.entries(request.headers).filter(([name]) => !isApiKeyName(name, request.apiKeyHeader) && !TRANSPORT_HEADERS.has(name.toLowerCase()));
}

/** The URL a snippet requests, and what it cannot copy from the one the app requested. */
interface CopiedUrl {
  /** The URL without the key-named query parameters, other credentials as REDACTED. */
  url: string;
  /** Query parameters named as the key header: each is added with the key from the variable. */
  keyParams: string[];
  /** Query parameters and headers whose value the copy sends as REDACTED. */
  redacted: string[];
}

// A query parameter named as the key header (a customer's pasted URL) carried the key: the copy adds
// it from the variable, encoded as the app encodes a parameter. Written inside the URL, `$SVC_API_KEY`
// would be sent as the text %24SVC_API_KEY (the shell does not expand it in single quotes, nor JS in a string).
function copiedUrl(request: SnippetRequest): CopiedUrl {
  const url = redactUrl(request.url, request.apiKeyHeader);
  const headers = otherHeaders(request).flatMap(([name]) => (isCredentialName(name, request.apiKeyHeader) ? [name] : []));
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url, keyParams: [], redacted: headers };
  }
  const names = [...new Set(parsed.searchParams.keys())];
  const keyParams = names.filter((name) => isApiKeyName(name, request.apiKeyHeader));
  const redacted = [...names.filter((name) => !keyParams.includes(name) && isCredentialName(name, request.apiKeyHeader)), ...headers];
  for (const name of keyParams) parsed.searchParams.delete(name);
  return { url: keyParams.length > 0 ? parsed.toString() : url, keyParams, redacted };
}

// A name as it may stand in a comment: a newline (or U+2028, a line end to JS) in it would end the
// comment and make the rest of the name a command; anything but printable ASCII is written escaped.
function commentSafe(name: string): string {
  return JSON.stringify(name).replace(/[^\x20-\x7e]/gu, (char) => `\\u{${char.codePointAt(0)!.toString(16)}}`);
}

// A credential other than the key is not copied: the command says so rather than send REDACTED unsaid.
function redactedNote(copied: CopiedUrl, comment: string): string[] {
  if (copied.redacted.length === 0) return [];
  return [`${comment} ${REDACTED} below stands for the value the app sent in ${copied.redacted.map(commentSafe).join(' and ')}, which is not copied: put it in before running.`];
}

// --cacert replaces curl's own CA file, so a profile that trusts both also names the system's
// certificate directory: OpenSSL's SSL_CERT_DIR where it is set, else where Debian, Ubuntu, Alpine
// and Arch keep it. (Double-quoted: the shell expands the variable.)
const SYSTEM_CERT_DIR = '"${SSL_CERT_DIR:-/etc/ssl/certs}"';

/**
 * A curl command: `--cacert` when a certificate is pinned (with `--capath` of the system's
 * certificates when the profile trusts them too), the key as "$SVC_API_KEY" (double-quoted
 * so the shell expands it), `--fail-with-body` so a refused request exits non-zero and still prints
 * the service's error body.
 */
export function curlSnippet(request: SnippetRequest): string {
  // --disable (first, or curl ignores it): a ~/.curlrc saying `insecure`, a proxy or a header would
  // send another request than the app's, or take an unverified certificate.
  // --globoff: [ ] and { } in a URL are curl's globbing (a range, a list), not the app's path.
  const lines = ['curl --disable --globoff --silent --show-error --fail-with-body'];
  if (request.caPath) lines.push(`--cacert ${shellQuote(request.caPath)}`);
  if (request.caPath && request.trustSystemCertificates) lines.push(`--capath ${SYSTEM_CERT_DIR}`);
  // The app goes through the profile's proxy: so does the copy (curl tunnels https with CONNECT).
  // The app reads no https_proxy nor NO_PROXY, which curl does: '*' goes direct whatever the first
  // says, '' through --proxy whatever the second says.
  lines.push(`--noproxy ${request.proxyUrl ? "''" : "'*'"}`);
  // Unset, "$SVC_PROXY_URL" would be --proxy "", which curl takes as no proxy: the shell stops instead.
  if (request.proxyUrl) lines.push(`--proxy ${hasCredentials(request.proxyUrl, request.hasProxyPassword) ? `"\${${PROXY_URL_ENV}:?set ${PROXY_URL_ENV} to the proxy URL with its credentials}"` : shellQuote(request.proxyUrl)}`);
  // --cacert is for the service only: an https:// proxy is checked with the profile's trust too, as
  // the app checks it (a company's TLS proxy carries the company's CA).
  if (request.caPath && isHttpsProxy(request)) lines.push(`--proxy-cacert ${shellQuote(request.caPath)}`);
  if (request.caPath && isHttpsProxy(request) && request.trustSystemCertificates) lines.push(`--proxy-capath ${SYSTEM_CERT_DIR}`);
  lines.push(`--header "${request.apiKeyHeader}: $${API_KEY_ENV}"`);
  for (const [name, value] of otherHeaders(request)) lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  const copied = copiedUrl(request);
  // --url-query (curl 7.87+) encodes the value; a curl without it stops rather than send another request.
  for (const name of copied.keyParams) lines.push(`--url-query "${name}=$${API_KEY_ENV}"`);
  lines.push(shellQuote(copied.url));
  return [...redactedNote(copied, '#'), lines.join(' \\\n  ')].join('\n');
}

// undici's imports and the dispatcher for the profile's trust and proxy, as the app's transport
// builds it (src/core/http/undici-transport.ts): a ProxyAgent tunnelling to the service, else an Agent.
// `ca` replaces Node's default store: a profile that trusts both passes the pinned file and what
// Node trusts by default (its bundled roots, which the app trusts, plus NODE_EXTRA_CA_CERTS and,
// under --use-system-ca, the OS store).
function dispatcherLines(request: SnippetRequest): { imports: string[]; lines: string[]; option: string[] } {
  const pinned = request.caPath ? `readFileSync(${JSON.stringify(request.caPath)})` : null;
  const withSystem = pinned !== null && request.trustSystemCertificates === true;
  const ca = pinned ? `{ ca: ${withSystem ? `[${pinned}, ...getCACertificates('default')]` : pinned} }` : null;
  const agent = request.proxyUrl ? 'ProxyAgent' : request.caPath ? 'Agent' : null;
  const imports = [
    ...(request.caPath ? [`import { readFileSync } from 'node:fs';`] : []),
    ...(withSystem ? [`import { getCACertificates } from 'node:tls';`] : []),
    `import { ${agent ? `${agent}, ` : ''}fetch } from 'undici';`,
  ];
  if (request.proxyUrl) {
    const isSecret = hasCredentials(request.proxyUrl, request.hasProxyPassword);
    const uri = isSecret ? `process.env.${PROXY_URL_ENV} ?? ''` : JSON.stringify(request.proxyUrl);
    // requestTls is for the service: an https:// proxy is checked with the profile's trust too, as the app does.
    const proxyTls = ca && isHttpsProxy(request) ? `, proxyTls: ${ca}` : '';
    const options = `{ uri: ${uri}${ca ? `, requestTls: ${ca}` : ''}${proxyTls} }`;
    const note = isSecret ? [`// The proxy, with its credentials, comes from the environment: ${PROXY_URL_ENV}=http://user:password@host:port`] : [];
    return { imports, lines: [...note, `const dispatcher = new ProxyAgent(${options});`], option: ['  dispatcher,'] };
  }
  if (ca) return { imports, lines: [`const dispatcher = new Agent({ connect: ${ca} });`], option: ['  dispatcher,'] };
  return { imports, lines: [], option: [] };
}

// The URL for fetch: a literal, or built when a key-named parameter is added from the environment
// (searchParams encodes it as the app's URLSearchParams did, and as curl's --url-query places it: last).
function fetchUrl(copied: CopiedUrl): { lines: string[]; expression: string } {
  if (copied.keyParams.length === 0) return { lines: [], expression: JSON.stringify(copied.url) };
  const added = copied.keyParams.map((name) => `url.searchParams.append(${JSON.stringify(name)}, process.env.${API_KEY_ENV} ?? '');`);
  return { lines: [`const url = new URL(${JSON.stringify(copied.url)});`, ...added], expression: 'url' };
}

function headersObject(request: SnippetRequest): string {
  const entries = [`    ${JSON.stringify(request.apiKeyHeader)}: process.env.${API_KEY_ENV} ?? ''`];
  for (const [name, value] of otherHeaders(request)) entries.push(`    ${JSON.stringify(name)}: ${JSON.stringify(value)}`);
  return `{\n${entries.join(',\n')},\n  }`;
}

/**
 * A TypeScript module (Node 22+, run with type stripping) that sends the request with undici's
 * `fetch`, trusting the pinned certificate through `new Agent({ connect: { ca } })`, and prints the
 * status and the JSON body.
 */
export function fetchSnippet(request: SnippetRequest): string {
  const dispatcher = dispatcherLines(request);
  const copied = copiedUrl(request);
  const url = fetchUrl(copied);
  const lines = [
    ...dispatcher.imports,
    '',
    `// The key comes from the environment: ${API_KEY_ENV}=... node request.ts`,
    ...redactedNote(copied, '//'),
    ...dispatcher.lines,
    ...url.lines,
    `const response = await fetch(${url.expression}, {`,
    `  headers: ${headersObject(request)},`,
    ...dispatcher.option,
    '});',
    'console.log(response.status);',
    'console.log(JSON.stringify(await response.json(), null, 2));',
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * A viem script for a Permit2 quote (spec rule 3): fetch the quote, sign `permit2.eip712`, append
 * the signature's length (32-byte big-endian) and the signature to `transaction.data`, then send the
 * transaction with its `gas` and its `gasPrice` (the spec: "the transaction must be sent with it";
 * left out, the wallet priced the transaction itself). PRIVATE_KEY and RPC_URL come from the environment.
 */
export function viemPermit2Snippet(request: SnippetRequest): string {
  const chainId = request.chainId ?? 1;
  const dispatcher = dispatcherLines(request);
  const copied = copiedUrl(request);
  const url = fetchUrl(copied);
  return `${[
    ...dispatcher.imports,
    `import { concat, createWalletClient, http, numberToHex, size, type Hex } from 'viem';`,
    `import { privateKeyToAccount } from 'viem/accounts';`,
    `import * as chains from 'viem/chains';`,
    '',
    `// ${API_KEY_ENV}, PRIVATE_KEY (the taker's) and RPC_URL come from the environment.`,
    ...redactedNote(copied, '//'),
    ...dispatcher.lines,
    ...url.lines,
    `const response = await fetch(${url.expression}, {`,
    `  headers: ${headersObject(request)},`,
    ...dispatcher.option,
    '});',
    `if (!response.ok) throw new Error(\`quote failed: \${response.status} \${await response.text()}\`);`,
    'const quote = (await response.json()) as { transaction: { to: Hex; data: Hex; value: string; gas: string | null; gasPrice: string }; permit2: { eip712: any } | null };',
    '',
    `const chain = Object.values(chains).find((candidate) => candidate.id === ${chainId});`,
    'const account = privateKeyToAccount(process.env.PRIVATE_KEY as Hex);',
    'const wallet = createWalletClient({ account, chain, transport: http(process.env.RPC_URL) });',
    '',
    'let data = quote.transaction.data;',
    'if (quote.permit2) {',
    '  // Sign the EIP-712 message, then append the signature length and the signature (rule 3).',
    '  const { domain, types, primaryType, message } = quote.permit2.eip712;',
    '  const { EIP712Domain: _domain, ...signedTypes } = types;',
    '  const signature = await wallet.signTypedData({ domain, types: signedTypes, primaryType, message });',
    '  data = concat([data, numberToHex(size(signature), { size: 32 }), signature]);',
    '}',
    'const hash = await wallet.sendTransaction({',
    '  to: quote.transaction.to,',
    '  data,',
    '  value: BigInt(quote.transaction.value),',
    '  ...(quote.transaction.gas ? { gas: BigInt(quote.transaction.gas) } : {}),',
    '  // The spec: the transaction must be sent with the gas price the quote names.',
    '  gasPrice: BigInt(quote.transaction.gasPrice),',
    '});',
    'console.log(hash);',
  ].join('\n')}\n`;
}

/**
 * A curl command that reaches the running local service as any client must: its certificate pinned
 * and its key, read from the key's file, in the key header (the certificate alone gets a 401).
 */
export function localServiceCurl(service: { baseUrl: string; caPath: string; keyPath: string }): string {
  return [
    'curl',
    `--cacert ${shellQuote(service.caPath)}`,
    `--header "${HEADER_NAMES.apiKey}: $(cat ${shellQuote(service.keyPath)})"`,
    `--header ${shellQuote(`${HEADER_NAMES.version}: ${API_VERSION}`)}`,
    shellQuote(`${service.baseUrl}/swap/chains`),
  ].join(' ');
}
