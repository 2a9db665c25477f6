import { describe, expect, it } from 'vitest';
import { curlSnippet, fetchSnippet, viemPermit2Snippet, type SnippetRequest } from './snippets.ts';

const request: SnippetRequest = {
  url: 'https://api.example.test/swap/permit2/quote?chainId=8453&sellToken=0xa&buyToken=0xb&sellAmount=1',
  headers: { 'svc-api-key': '[redacted]', 'svc-version': 'v2', 'user-agent': 'swap-explorer/1' },
  apiKeyHeader: 'svc-api-key',
  caPath: null,
  chainId: 8453,
};

describe('Copy as snippets', () => {
  it('curl reads the key from $SVC_API_KEY, keeps the version header and drops transport headers', () => {
    const curl = curlSnippet(request);
    expect(curl).toContain('--header "svc-api-key: $SVC_API_KEY"');
    expect(curl).toContain("--header 'svc-version: v2'");
    expect(curl).not.toContain('user-agent');
    expect(curl).not.toContain('redacted');
    expect(curl).not.toContain('--cacert');
  });

  it('turns curl URL globbing off, so [ ] and { } in a base path are sent as written', () => {
    expect(curlSnippet({ ...request, url: 'https://api.example.test/gw[1-2]/swap/chains' }).split(' \\\n')[0]).toContain(' --globoff ');
  });

  it('adds a query parameter named as the key header from $SVC_API_KEY in every snippet, never as the text %24SVC_API_KEY', () => {
    const inQuery = { ...request, url: `${request.url}&SVC-API-KEY=REDACTED` };
    for (const snippet of [curlSnippet(inQuery), fetchSnippet(inQuery), viemPermit2Snippet(inQuery)]) expect(snippet).not.toMatch(/%24|REDACTED/);
    expect(curlSnippet(inQuery)).toContain('--url-query "SVC-API-KEY=$SVC_API_KEY"');
    for (const snippet of [fetchSnippet(inQuery), viemPermit2Snippet(inQuery)]) {
      expect(snippet).toContain(`url.searchParams.append("SVC-API-KEY", process.env.SVC_API_KEY ?? '');`);
      expect(snippet).toContain('await fetch(url, {');
    }
  });

  it('names a credential it does not copy on one comment line, whatever its name holds (a newline would end the comment)', () => {
    for (const name of ['\nclient_secret', 'key\u2028']) {
      const inQuery = { ...request, url: `${request.url}&${new URLSearchParams({ [name]: 'REDACTED' }).toString()}` };
      const curl = curlSnippet(inQuery).split('\n');
      expect(curl[0]).toMatch(/^# REDACTED below stands for the value the app sent in .*which is not copied/);
      expect(curl[1]).toMatch(/^curl /);
      const fetched = fetchSnippet(inQuery).split(/\r?\n|\u2028|\u2029/);
      const note = fetched.findIndex((line) => line.startsWith('// REDACTED'));
      expect(fetched[note]).toContain('which is not copied');
    }
  });

  it('pins a certificate only when the profile does, in curl and fetch', () => {
    const pinned = { ...request, caPath: "/data/it's/cert.pem" };
    expect(curlSnippet(pinned)).toContain(`--cacert '/data/it'\\''s/cert.pem'`);
    expect(fetchSnippet(pinned)).toContain('new Agent({ connect: { ca: readFileSync("/data/it\'s/cert.pem") } })');
    expect(fetchSnippet(request)).not.toContain('Agent');
  });

  it('copies a proxy as saved, but one whose URL carries credentials only as $SVC_PROXY_URL', () => {
    const plain = { ...request, proxyUrl: 'http://proxy.example.test:3128' };
    expect(curlSnippet(plain)).toContain('--proxy http://proxy.example.test:3128 ');
    expect(fetchSnippet(plain)).toContain('new ProxyAgent({ uri: "http://proxy.example.test:3128" })');
    const secret = { ...request, proxyUrl: 'http://alice:s3cret-pw@proxy.example.test:3128' };
    for (const snippet of [curlSnippet(secret), fetchSnippet(secret), viemPermit2Snippet(secret)]) {
      expect(snippet).not.toContain('s3cret-pw');
      expect(snippet).not.toContain('alice');
    }
    expect(curlSnippet(secret)).toContain('--proxy "${SVC_PROXY_URL:?set SVC_PROXY_URL to the proxy URL with its credentials}"');
    expect(fetchSnippet(secret)).toContain("new ProxyAgent({ uri: process.env.SVC_PROXY_URL ?? '' })");
    expect(fetchSnippet(secret)).toContain('// The proxy, with its credentials, comes from the environment: SVC_PROXY_URL=');
  });

  it('reads the proxy from $SVC_PROXY_URL when the profile keeps a password its listed URL does not show', () => {
    // profiles.list gives the URL without its password; one without a user name then looks plain.
    const stored = { ...request, proxyUrl: 'http://proxy.example.test:3128', hasProxyPassword: true };
    expect(curlSnippet(stored)).toContain('--proxy "${SVC_PROXY_URL:?set SVC_PROXY_URL to the proxy URL with its credentials}"');
    expect(fetchSnippet(stored)).toContain("new ProxyAgent({ uri: process.env.SVC_PROXY_URL ?? '' })");
  });

  it('the viem snippet signs permit2.eip712 and appends the 32-byte length and the signature before sending', () => {
    const viem = viemPermit2Snippet(request);
    expect(viem).toContain('wallet.signTypedData({ domain, types: signedTypes, primaryType, message })');
    expect(viem).toContain('concat([data, numberToHex(size(signature), { size: 32 }), signature])');
    expect(viem).toContain('wallet.sendTransaction({');
    // Sent with the quote's gas price, as the spec requires ("the transaction must be sent with it"), not one the wallet picks.
    const send = viem.slice(viem.indexOf('wallet.sendTransaction({'));
    expect(send.slice(0, send.indexOf('\n});'))).toContain('gasPrice: BigInt(quote.transaction.gasPrice),');
    expect(viem).toContain('candidate.id === 8453');
    expect(viem).toContain('process.env.SVC_API_KEY');
  });
});
