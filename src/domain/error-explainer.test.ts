import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, SERVICE_ERROR_NAMES } from '../spec/index.ts';
import { APP_ERROR_CODES } from '../ipc/result.ts';
import { EXPLAINED_APP_CODES, explainError, explainRemoteError, explainServiceError, explainUnshapedFailure } from './error-explainer.ts';
import { RETRY_STATUSES } from '../core/http/retry.ts';

describe('explainError', () => {
  it('explains every error name of the spec table with its status, a cause and a fix', () => {
    for (const name of SERVICE_ERROR_NAMES) {
      const explanation = explainError(name);
      expect(explanation.source, name).toBe('service');
      expect(explanation.status, name).toBe(ERROR_STATUS[name]);
      expect(explanation.cause.length, name).toBeGreaterThan(20);
      expect(explanation.fix.length, name).toBeGreaterThan(20);
    }
  });

  it('explains every app error code and no code the app does not have', () => {
    expect([...EXPLAINED_APP_CODES].sort()).toEqual([...APP_ERROR_CODES].sort());
    for (const code of ['RATE_LIMITED', 'TIMEOUT', 'TLS', 'NETWORK', 'AUTH_FAILED']) {
      expect(explainError(code)).toMatchObject({ source: 'app', status: null });
    }
  });

  it('explains REMOTE_ERROR by the answers that reach it, none of which named an error the app knows', () => {
    const { cause, fix } = explainError('REMOTE_ERROR');
    // map-error.ts: a status with no known name; http-client.ts: a page that is not JSON, a body cut at the limit.
    expect(cause).toMatch(/502, 503 or 504/);
    expect(cause).toMatch(/not JSON/);
    expect(cause).toMatch(/cut at the size limit/);
    expect(fix).toMatch(/^A 500, 502, 503 or 504 was already retried/);
    expect(fix).toMatch(/proxy, VPN or captive portal/);
    expect(fix).not.toMatch(/error name/);
  });

  it('explains TIMEOUT with the waits the client uses, not a timeout setting the app does not have', () => {
    const { cause, fix } = explainError('TIMEOUT');
    expect(cause).toBe('No answer arrived in time: the app waits 10 s for the connection, 15 s for the answer to start and 15 s between its parts, 60 s in all.');
    expect(`${cause} ${fix}`).not.toMatch(/raise the timeout|profile's timeout/);
  });

  it('explains NOT_CONFIGURED by what raises it (a stored key a header cannot carry, no trusted certificate), not a missing base URL the profile form requires', () => {
    const { cause, fix } = explainError('NOT_CONFIGURED');
    expect(cause).toMatch(/API key .*cannot be sent/);
    expect(cause).toMatch(/trusts no certificate/);
    expect(`${cause} ${fix}`).not.toMatch(/base URL|missing value/);
    expect(fix).toMatch(/enter the key again/i);
    expect(fix).toMatch(/CA certificate|system certificates/);
  });

  it('gives each name its own explanation', () => {
    const causes = [...SERVICE_ERROR_NAMES, ...EXPLAINED_APP_CODES].map((name) => explainError(name).cause);
    expect(new Set(causes).size).toBe(causes.length);
  });

  it('points INPUT_INVALID at data.details, where the spec puts the field reasons', () => {
    expect(explainError('INPUT_INVALID').cause).toContain('data.details');
  });

  it('answers an unknown name without inventing a cause, and ignores inherited keys', () => {
    expect(explainError('BRAND_NEW_ERROR')).toMatchObject({ source: 'unknown', status: null });
    expect(explainError('BRAND_NEW_ERROR').cause).toContain('BRAND_NEW_ERROR');
    expect(explainError('toString').source).toBe('unknown');
  });
});

describe('explainUnshapedFailure', () => {
  it('names a failure without a service error by what is known: no response, or its status', () => {
    expect(explainUnshapedFailure(null, '')).toMatchObject({ name: 'NO RESPONSE', status: null, cause: expect.stringContaining('CORS') });
    expect(explainUnshapedFailure(502, '<html>502 Bad Gateway</html>')).toMatchObject({ name: 'HTTP 502', status: 502, cause: expect.stringContaining('proxy, gateway or CDN') });
    expect(explainUnshapedFailure(400, '  ')).toMatchObject({ name: 'HTTP 400', cause: expect.stringContaining('holds no body'), fix: expect.stringContaining('saved with content') });
    for (const explained of [explainUnshapedFailure(null, ''), explainUnshapedFailure(502, 'x'), explainUnshapedFailure(400, '')]) expect(explained.cause).not.toContain('may have added');
  });
});

describe('explainUnshapedFailure: the browser said why', () => {
  it("names the browser's own error of a request that got no answer, with its reading, or as written", () => {
    const cert = explainUnshapedFailure(null, '', 'net::ERR_CERT_AUTHORITY_INVALID');
    expect(cert).toMatchObject({ name: 'NO RESPONSE', status: null });
    expect(cert.cause).toContain('net::ERR_CERT_AUTHORITY_INVALID');
    expect(cert.cause).toMatch(/certificate/i);
    expect(cert.cause).not.toContain('CORS');
    const unknown = explainUnshapedFailure(null, '', 'net::ERR_SOMETHING_NEW');
    expect(unknown.cause).toContain('net::ERR_SOMETHING_NEW');
  });
});

describe('explainUnshapedFailure', () => {
  it("names a v1 error answer as the service's former version's, not a proxy's page", () => {
    const explained = explainUnshapedFailure(400, JSON.stringify({ code: 100, reason: 'Validation Failed', validationErrors: [{ field: 'sellAmount', reason: 'INSUFFICIENT_ASSET_LIQUIDITY' }] }));
    expect(explained.cause).toMatch(/^A v1 error answer: code 100, Validation Failed; sellAmount: INSUFFICIENT_ASSET_LIQUIDITY\./);
    expect(explained.cause).not.toContain('proxy');
    expect(explainUnshapedFailure(502, '<html>502 Bad Gateway</html>').cause).toContain('proxy, gateway or CDN');
  });
});

describe('explainUnshapedFailure: what the status says', () => {
  it("says a 429 or 401 from a gateway is still a rate limit or a refused key, with the service's own next step, not only 'check the host'", () => {
    const limited = explainUnshapedFailure(429, JSON.stringify({ message: 'API rate limit exceeded' }));
    expect(limited.cause).toContain('proxy, gateway or CDN');
    expect(limited.cause).toContain('429 (Too Many Requests) says the client sent more requests than it allows');
    expect(limited.fix).toMatch(/^Wait as its Retry-After header says and send fewer requests per second, with svc-api-key and svc-version on every request; if it persists, check the host/);
    const refused = explainUnshapedFailure(401, '<html>401 Authorization Required</html>');
    expect(refused.cause).toContain('credentials were missing or refused');
    expect(refused.fix).toMatch(/^Send the header svc-api-key with a valid key/);
    // Any other status keeps the plain reading.
    expect(explainUnshapedFailure(502, '<html>502 Bad Gateway</html>').fix).toMatch(/^Check the host and path/);
  });
});

describe('explainServiceError', () => {
  it("reads a service's error name as the service's, never as the app's code of the same name", () => {
    const notFound = explainServiceError('NOT_FOUND');
    expect(notFound).toMatchObject({ status: 404, source: 'service' });
    expect(notFound.cause).toContain('No endpoint of the service is at this path');
    expect(notFound.cause).not.toContain(explainError('NOT_FOUND').cause);
    expect(explainServiceError('RATE_LIMITED').cause).not.toBe(explainError('RATE_LIMITED').cause);
    expect(explainServiceError('UNAUTHORIZED')).toMatchObject({ status: 401, source: 'service' });
    // The spec's names read as before; an app code that no service sends is a name it may have added.
    expect(explainServiceError('TOKEN_NOT_SUPPORTED')).toEqual(explainError('TOKEN_NOT_SUPPORTED'));
    expect(explainServiceError('KEYCHAIN_UNAVAILABLE')).toMatchObject({ source: 'unknown', cause: '"KEYCHAIN_UNAVAILABLE" is not an error name of the service\'s specification; the service may have added it.' });
  });
});

describe('explainRemoteError', () => {
  it('says of each status the client retries (429 aside: RATE_LIMITED) that a gateway answered and that it was retried', () => {
    const retried = [...RETRY_STATUSES].filter((status) => status !== 429);
    expect(retried.length).toBeGreaterThan(0);
    for (const status of retried) {
      const { name, cause, fix } = explainRemoteError(status);
      expect(name).toBe('REMOTE_ERROR');
      expect(cause, String(status)).toContain(`HTTP ${status} with no error the app knows: a gateway`);
      expect(fix, String(status)).toMatch(/^It was already retried/);
    }
  });

  it('says a 2xx page that is not JSON came from whatever answered instead of the service', () => {
    const { cause, fix } = explainRemoteError(200);
    expect(cause).toMatch(/^This HTTP 200 answer is not the service's/);
    expect(fix).toContain('base URL and proxy');
    expect(fix).not.toMatch(/retried/);
  });

  it('says a body cut at the limit was cut, with the limit, whatever its status', () => {
    const { cause, fix } = explainRemoteError(200, { status: 200, maxBodyBytes: 10_485_760 });
    expect(cause).toMatch(/^The answer was larger than 10,485,760 bytes/);
    expect(fix).toMatch(/zid/);
  });

  it('keeps the code\'s own explanation for a status it does not read (a status not retried, or none)', () => {
    expect(explainRemoteError(501)).toEqual(explainError('REMOTE_ERROR'));
    expect(explainRemoteError(404)).toEqual(explainError('REMOTE_ERROR'));
    expect(explainRemoteError(null)).toEqual(explainError('REMOTE_ERROR'));
  });
});
