import { describe, expect, it } from 'vitest';
import { splitProxyPassword, withProxyPassword } from './proxy-password.ts';

describe('a proxy URL and its password', () => {
  it('takes the password out and leaves the user name, host, port and path', () => {
    expect(splitProxyPassword('http://alice:s3cret@proxy.corp:3128')).toEqual({ url: 'http://alice@proxy.corp:3128', password: 's3cret' });
    expect(splitProxyPassword('https://:s3cret@proxy.corp/')).toEqual({ url: 'https://proxy.corp/', password: 's3cret' });
    expect(splitProxyPassword('http://alice:p%40ss%3Aw%2Fd@proxy.corp:3128')).toEqual({ url: 'http://alice@proxy.corp:3128', password: 'p@ss:w/d' });
  });

  it('takes the password out of a URL the parser reads one from though it is not written scheme://user:pass@host', () => {
    // The forms undici's ProxyAgent (the WHATWG parser) reads as a proxy with a password: a stored
    // one must not reach the renderer in the URL it is shown (the schema refuses them for new input).
    for (const text of ['http:alice:s3cret@proxy.corp:3128', 'http:/alice:s3cret@proxy.corp:3128', 'http:\\\\alice:s3cret@proxy.corp:3128', 'ht\ttp://alice:s3cret@proxy.corp:3128', 'http://\\alice:s3cret@proxy.corp:3128']) {
      const { url, password } = splitProxyPassword(text);
      expect(password, text).toBe('s3cret');
      expect(url, text).not.toContain('s3cret');
      expect(new URL(url).username, text).toBe('alice');
    }
  });

  it('leaves a URL without a password, or not a URL, as it is', () => {
    for (const text of ['', 'optional', 'http://alice@proxy.corp:3128', 'http://proxy.corp:3128/a:b@c', 'http://proxy.corp:3128?x=a:b@c']) {
      expect(splitProxyPassword(text)).toEqual({ url: text, password: '' });
    }
  });

  it('puts a password back percent-encoded, as the proxy agent decodes it, whatever it holds', () => {
    for (const password of ['s3cret', 'p@ss:w/d', 'a b%c#?', 'ünïcødé']) {
      const url = new URL(withProxyPassword('http://alice@proxy.corp:3128', password));
      expect([url.username, decodeURIComponent(url.password), url.host]).toEqual(['alice', password, 'proxy.corp:3128']);
      expect(splitProxyPassword(url.href.replace(/\/$/, ''))).toEqual({ url: 'http://alice@proxy.corp:3128', password });
    }
    expect(withProxyPassword('http://proxy.corp:3128', 'pw')).toBe('http://:pw@proxy.corp:3128');
    expect(withProxyPassword('http://alice:old@proxy.corp:3128', 'new')).toBe('http://alice:new@proxy.corp:3128');
    expect(withProxyPassword('http://proxy.corp:3128', '')).toBe('http://proxy.corp:3128');
  });
});
