import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../../spec/index.ts';
import { certificatesInFile, LOCAL_PROFILE_ID, LOCAL_PROFILE_NAME, profileNameClash, ProfileInputSchema, ProfileSchema, ProxyUrlSchema } from './profiles.ts';

// The one rule the settings form and profiles.save share; e2e/settings-profile-errors.spec.ts checks
// that the form (in Chromium, whose URL parser is more lenient than Node's) gives the same answers.
function baseUrlErrors(baseUrl: string) {
  const raw = { name: 'x', baseUrl };
  const parsed = ProfileInputSchema.safeParse(raw);
  return parsed.success ? [] : toFieldErrors(parsed.error, raw).filter((error) => error.field === 'baseUrl').map((error) => error.reason);
}

describe('base URL rule', () => {
  it('says a URL with a space is not a valid URL, not that it lacks https://', () => {
    expect(baseUrlErrors('https://exa mple.com')).toEqual(['is not a valid URL: it contains a space']);
    expect(baseUrlErrors('https://api.example.com/sw ap')).toEqual(['is not a valid URL: it contains a space']);
  });

  it('refuses a host Chromium would escape rather than refuse (exa%20mple.com)', () => {
    expect(baseUrlErrors('https://exa%20mple.com')).toEqual(['is not a valid URL: the host name is not valid']);
    expect(baseUrlErrors('https://exa"mple.com')).toEqual(['is not a valid URL: the host name is not valid']);
  });

  it('keeps the https:// reasons for http:// and for the bare scheme the form opens with', () => {
    expect(baseUrlErrors('http://api.example.com')).toEqual(['must use https:// (http:// would send the API key in clear)']);
    expect(baseUrlErrors('https://')).toEqual(['must be an https:// URL']);
    expect(baseUrlErrors('ftp://api.example.com')).toEqual(['must be an https:// URL']);
  });

  it('accepts a host name, an IP literal and a path prefix, with surrounding spaces trimmed', () => {
    for (const url of [' https://api.example.com ', 'https://127.0.0.1:8443', 'https://[::1]:8443', 'https://gateway.example.com/prices/', 'https://my_host.internal']) {
      expect(baseUrlErrors(url), url).toEqual([]);
    }
  });

  it('refuses a v1 base (/swap/v1) naming the sunset, and any other /swap path as an endpoint, not the root', () => {
    expect(baseUrlErrors('https://api.0x.org/swap/v1/')).toEqual(['must be the service root, without /swap/v1: v1 was sunset and v2 takes its version from a header']);
    expect(baseUrlErrors('https://api.example.com/swap/permit2/price')).toEqual(['must be the service root, without /swap/…: the endpoint paths are added to it']);
    expect(baseUrlErrors('https://api.example.com/Swap')).toHaveLength(1);
    expect(baseUrlErrors('https://api.example.com/swapper')).toEqual([]);
  });

  it('still loads a stored profile whose base URL has /swap/v1, so an old profiles.json is not set aside', () => {
    expect(ProfileSchema.safeParse({ id: 'a', name: 'Old', baseUrl: 'https://api.0x.org/swap/v1' }).success).toBe(true);
  });

  it('still loads a stored base URL saved before the space and host rules, which new input is held to', () => {
    for (const url of ['https://gw.example.com/my api', 'https://my~host.com']) {
      expect(ProfileSchema.safeParse({ id: 'a', name: 'Old', baseUrl: url }).success, url).toBe(true);
      expect(baseUrlErrors(url), url).toHaveLength(1);
    }
    expect(ProfileSchema.safeParse({ id: 'a', name: 'Old', baseUrl: 'http://plain.test' }).success).toBe(false);
  });
});

describe('proxy URL rule', () => {
  it('takes an http:// or https:// URL written scheme:// first, and refuses the forms the URL parser reads a password from otherwise', () => {
    for (const text of ['http://alice:s3cret@proxy.corp:3128', ' https://proxy.corp:443 ', 'HTTP://proxy.corp:8080']) expect(ProxyUrlSchema.safeParse(text).success, text).toBe(true);
    for (const text of ['http:alice:s3cret@proxy.corp:3128', 'http:/alice:s3cret@proxy.corp:3128', 'http:\\\\alice:s3cret@proxy.corp:3128', 'ht\ttp://alice:s3cret@proxy.corp:3128', 'http://\\alice:s3cret@proxy.corp:3128', 'socks5://proxy.corp:1080']) {
      expect(ProxyUrlSchema.safeParse(text).error?.issues[0]?.message, text).toBe('must be an http:// or https:// URL');
    }
  });
});

describe('profileNameClash', () => {
  const others = [
    { id: LOCAL_PROFILE_ID, name: LOCAL_PROFILE_NAME },
    { id: 'p1', name: 'Staging' },
  ];

  it('refuses the built-in name whatever its case, naming the built-in profile', () => {
    expect(profileNameClash('Local service', others)).toBe("is the built-in profile's name");
    expect(profileNameClash('  LOCAL SERVICE ', others)).toBe("is the built-in profile's name");
  });

  it('refuses another profile\'s name ignoring case, but not the profile\'s own name', () => {
    expect(profileNameClash('staging', others)).toBe("is already another profile's name");
    expect(profileNameClash('staging', others, 'p1')).toBeNull();
    expect(profileNameClash('Staging 2', others)).toBeNull();
  });

  it('lets a profile keep a name that an older file gave it twice, or gave the built-in profile', () => {
    const old = [...others, { id: 'p2', name: 'staging' }, { id: 'p3', name: 'Local service' }];
    expect(profileNameClash('staging', old, 'p2')).toBeNull();
    expect(profileNameClash('Local service', old, 'p3')).toBeNull();
    expect(profileNameClash('Staging', old, 'p3')).toBe("is already another profile's name");
  });
});

describe('header names rule', () => {
  function headerErrors(headerNames: Record<string, string>) {
    const raw = { name: 'x', baseUrl: 'https://api.example.com', headerNames };
    const parsed = ProfileInputSchema.safeParse(raw);
    return parsed.success ? [] : toFieldErrors(parsed.error, raw);
  }

  it('refuses a version header named as the key header, in any letter case, on the version field', () => {
    const reason = 'must differ from the API key header';
    expect(headerErrors({ apiKey: 'svc-api-key', version: 'svc-api-key' })).toEqual([{ field: 'headerNames.version', reason }]);
    expect(headerErrors({ apiKey: 'X-Key', version: 'x-key' })).toEqual([{ field: 'headerNames.version', reason }]);
    expect(headerErrors({ apiKey: 'x-key', version: 'x-version' })).toEqual([]);
  });

  it('still loads a stored profile saved with equal names (the rule is for new input)', () => {
    expect(ProfileSchema.safeParse({ id: 'p', name: 'x', baseUrl: 'https://api.example.com', headerNames: { apiKey: 'k', version: 'k' } }).success).toBe(true);
  });
});

describe('certificatesInFile', () => {
  const block = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----';

  it('keeps the certificate blocks of an indented CRLF file and says a private key was left out', () => {
    const file = `-----BEGIN PRIVATE KEY-----\nMC4CAQAw\n-----END PRIVATE KEY-----\n${block.split('\n').map((line) => `  ${line}`).join('\r\n')}\r\n${block}\n`;
    expect(certificatesInFile(file)).toEqual({ pem: `${block}\n${block}\n`, count: 2, hasOther: true });
  });

  it('finds none in a binary (DER) file, and nothing else left out of a plain PEM', () => {
    expect(certificatesInFile('0\u0082\u0001\n\u0002')).toMatchObject({ pem: '', count: 0, hasOther: true });
    expect(certificatesInFile(`${block}\n`)).toEqual({ pem: `${block}\n`, count: 1, hasOther: false });
  });
});

describe('header names', () => {
  function headerErrors(headerNames: Record<string, string>) {
    const raw = { name: 'x', baseUrl: 'https://a.test', headerNames };
    const parsed = ProfileInputSchema.safeParse(raw);
    return parsed.success ? [] : toFieldErrors(parsed.error, raw);
  }

  it('refuses a name HTTP itself uses, in any letter case, for the key and the version, and loads one a file saved before', () => {
    expect(headerErrors({ apiKey: 'Connection', version: 'HOST' })).toEqual([
      { field: 'headerNames.apiKey', reason: 'is a header HTTP itself uses' },
      { field: 'headerNames.version', reason: 'is a header HTTP itself uses' },
    ]);
    expect(headerErrors({ apiKey: 'X-Gateway-Key', version: 'svc-version' })).toEqual([]);
    expect(ProfileSchema.safeParse({ id: 'a', name: 'Old', baseUrl: 'https://a.test', headerNames: { apiKey: 'Connection', version: 'svc-version' } }).success).toBe(true);
  });
});
