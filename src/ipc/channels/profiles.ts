import { z } from 'zod';
import { API_VERSION, HEADER_NAMES, lazySchema } from '../../spec/index.ts';
import { channel } from '../channel.ts';
import { AppErrorSchema } from '../result.ts';
import { ApiKeyStatusSchema } from './api-key.ts';

/**
 * Channels of the `profiles` area and the profile schema shared by the engine (validation on save
 * and on load) and the renderer's settings form. Environment-free: the PEM check here is about
 * shape; the engine also parses the certificate before keeping it.
 */

/** Id of the built-in Local service profile. */
export const LOCAL_PROFILE_ID = 'local';
/** Name of the built-in Local service profile. */
export const LOCAL_PROFILE_NAME = 'Local service';

// Ids are keychain account names and file keys: a conservative alphabet keeps them safe in both.
const ProfileIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, _ or -');

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----\r?\n(?:[A-Za-z0-9+/=]{1,76}\r?\n)+-----END CERTIFICATE-----/g;

/** Whether text is one or more PEM certificates and nothing else. */
export function isCertificatePem(text: string): boolean {
  const blocks = text.match(PEM_BLOCK);
  return blocks !== null && text.replace(PEM_BLOCK, '').trim() === '';
}

/**
 * The certificates of a PEM file as a CA field takes them: each line trimmed (an indented copy from
 * a YAML file, CRLF line ends), the CERTIFICATE blocks kept, and whether anything else was there (a
 * private key, openssl's text) and so was left out: a key must never reach profiles.json.
 */
export function certificatesInFile(text: string): { pem: string; count: number; hasOther: boolean } {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .join('\n');
  const blocks = lines.match(PEM_BLOCK) ?? [];
  return { pem: blocks.map((block) => `${block}\n`).join(''), count: blocks.length, hasOther: lines.replace(PEM_BLOCK, '').trim() !== '' };
}

function parsedUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

// Node's URL parser refuses "exa mple.com" but Chromium's escapes it ("exa%20mple.com"), so the
// renderer's form once passed what the engine then refused. The raw host is checked before either
// parser sees it (ASCII other than letters, digits, . _ - cannot be in a host name; IDN letters can),
// and the parsed one after, so both runtimes give the same answer with the same reason.
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])$/i;
const NOT_IN_HOST = /[^\w.\-\u0080-\uffff]/;
const HOST_INVALID = 'is not a valid URL: the host name is not valid';

function rawHost(text: string): string | null {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(text)?.[1];
  if (authority === undefined) return null;
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host.startsWith('[') ? null : host.replace(/:[^:]*$/, '');
}

// The reasons both base-URL rules give.
const PLAIN_HTTP = 'must use https:// (http:// would send the API key in clear)';
const NOT_HTTPS = 'must be an https:// URL';
const HAS_EXTRAS = 'must not contain a query, fragment or credentials';

// A base-URL schema: trimmed, bounded, refused with `problem`'s reason, kept without a trailing slash.
function baseUrlRule(problem: (text: string) => string | null) {
  return z
    .string()
    .trim()
    .max(2_000)
    .superRefine((text, ctx) => {
      const reason = problem(text);
      if (reason) ctx.addIssue({ code: 'custom', message: reason });
    })
    .transform((text) => text.replace(/\/+$/, ''));
}

// The rule every earlier version saved with: https, a host, no query, fragment or credentials.
function storedBaseUrlProblem(text: string): string | null {
  const url = parsedUrl(text);
  if (url?.protocol === 'http:') return PLAIN_HTTP;
  if (!url || url.protocol !== 'https:' || !url.hostname) return NOT_HTTPS;
  if (url.search || url.hash || url.username || url.password) return HAS_EXTRAS;
  return null;
}

/**
 * An https:// base URL as profiles.json holds it: origin and optional path prefix, under the rule
 * every earlier version saved with. Loading is not held to the stricter input rule below: the store
 * sets the whole file aside when one profile fails, so a URL saved before that rule (a space in its
 * path, a `~` in its host) would lose every profile and orphan their keychain keys.
 */
export const StoredBaseUrlSchema = baseUrlRule(storedBaseUrlProblem);

// The base URL rule for new input: the same in every runtime (see HOST), so the form shows exactly
// what profiles.save would refuse.
const BaseUrlSchema = baseUrlRule(baseUrlProblem);

function baseUrlProblem(text: string): string | null {
  if (/\s/.test(text)) return 'is not a valid URL: it contains a space';
  if (NOT_IN_HOST.test(rawHost(text) ?? '')) return HOST_INVALID;
  const url = parsedUrl(text);
  // http:// is refused before anything is sent: the API key would travel in clear.
  if (url?.protocol === 'http:') return PLAIN_HTTP;
  if (url && url.protocol !== 'https:') return NOT_HTTPS;
  // The bare "https://" the form opens with asks for the scheme's URL; anything more is a broken URL.
  if (!url || !url.hostname) return /^https:\/\/./i.test(text) ? 'is not a valid URL' : NOT_HTTPS;
  if (!HOST.test(url.hostname)) return HOST_INVALID;
  if (url.search || url.hash || url.username || url.password) return HAS_EXTRAS;
  return null;
}

/**
 * A base URL as profiles.save accepts it: also the service's root, not an endpoint. The spec's paths
 * (/swap/allowance-holder/price, ...) are appended to it, and since v2 the version travels in the
 * svc-version header, not the path (spec, Versioning 1-3; v1 was sunset on 2025-04-11). So a path
 * with a /swap segment (a v1 base such as https://api.0x.org/swap/v1, or a pasted endpoint) would send
 * every request to /swap/v1/swap/...: refused, not warned about, since no request from it can work.
 * Only new input is held to this and to BaseUrlSchema's rule: a profiles.json saved before still
 * loads (ProfileSchema, StoredBaseUrlSchema).
 */
export const BaseUrlInputSchema = BaseUrlSchema.superRefine((url, ctx) => {
  const segments = parsedUrl(url)?.pathname.toLowerCase().split('/') ?? [];
  const at = segments.indexOf('swap');
  if (at < 0) return;
  const message =
    segments[at + 1] === 'v1'
      ? 'must be the service root, without /swap/v1: v1 was sunset and v2 takes its version from a header'
      : 'must be the service root, without /swap/…: the endpoint paths are added to it';
  ctx.addIssue({ code: 'custom', message });
});

/**
 * An optional proxy: http:// or https:// URL of a CONNECT proxy. Unlike a base URL, http:// is
 * allowed: the request to the service, key included, is TLS end to end inside the tunnel, checked
 * against the profile's trust as without a proxy; what an http:// proxy sees in clear is the
 * tunnel's host and its own credentials (most corporate proxies are http:// only). Written as one,
 * `scheme://` first, with no backslash, tab or line break: the URL parser also reads
 * "http:user:pass@host" or "http://\user:pass@host" as a proxy with a password, which the form
 * and profiles.list, reading the URL as written, did not see, and sent on to the renderer.
 */
export const ProxyUrlSchema = z
  .string()
  .trim()
  .max(2_000)
  .refine((text) => {
    const url = parsedUrl(text);
    return /^https?:\/\/[^\\\t\n\r]*$/i.test(text) && url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  }, 'must be an http:// or https:// URL');

/** An extra trusted CA certificate (PEM, one or more blocks). */
export const CaPemSchema = z.string().max(200_000).refine(isCertificatePem, 'must be one or more PEM certificates (-----BEGIN CERTIFICATE-----)');

/** Header names sent with every request; editable for deployments that use other names. */
export const HeaderNamesSchema = lazySchema(() =>
  z.strictObject({
    apiKey: z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'must be a header name (letters, digits, -)').default(HEADER_NAMES.apiKey),
    version: z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'must be a header name (letters, digits, -)').default(HEADER_NAMES.version),
  }),
);

/**
 * Header names HTTP itself uses (hop-by-hop, framing, the host, the proxy's) and `accept`, which the
 * app sends itself: a value put under one of them never arrives as a header of its own (a key sent
 * as "Connection: <key>" was dropped on the way, and the service answered 401 "Missing svc-api-key
 * header", so the user blamed the key).
 */
const HTTP_OWN_HEADERS = new Set(['accept', 'connection', 'content-length', 'expect', 'host', 'keep-alive', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/**
 * Header names as profiles.save accepts them: not one HTTP itself uses (HTTP_OWN_HEADERS), and the
 * version header not the key header (HTTP header names ignore letter case), or one value would
 * replace the other and the request would go without the key or without the version. New input
 * only: a profiles.json saved before still loads.
 */
const HeaderNamesInputSchema = lazySchema(() =>
  HeaderNamesSchema.superRefine((names, ctx) => {
    for (const field of ['apiKey', 'version'] as const) {
      if (HTTP_OWN_HEADERS.has(names[field].toLowerCase())) ctx.addIssue({ code: 'custom', path: [field], message: 'is a header HTTP itself uses' });
    }
    if (names.version.toLowerCase() === names.apiKey.toLowerCase()) {
      // Short: the form shows one line under a one-column field, and cuts what is longer.
      ctx.addIssue({ code: 'custom', path: ['version'], message: 'must differ from the API key header' });
    }
  }).default({ apiKey: HEADER_NAMES.apiKey, version: HEADER_NAMES.version }),
);

/** Requests per second a profile is kept under. */
export const RateBudgetSchema = z.number().min(0.1, 'must be at least 0.1').max(100, 'must be at most 100');

// The fields a profile and profiles.save's input share, built by each of the two schemas; the input's
// base URL is held to the stricter rule.
function profileFields(baseUrl: typeof StoredBaseUrlSchema | typeof BaseUrlInputSchema) {
  return {
    name: z.string().trim().min(1, 'must not be empty').max(100),
    baseUrl,
    headerNames: HeaderNamesSchema.default({ apiKey: HEADER_NAMES.apiKey, version: HEADER_NAMES.version }),
    version: z.string().regex(/^[A-Za-z0-9._-]{1,20}$/, 'must be a version value such as v2').default(API_VERSION),
    caPem: CaPemSchema.optional(),
    proxyUrl: ProxyUrlSchema.optional(),
    trustSystemCertificates: z.boolean().default(true),
    rateBudgetRps: RateBudgetSchema.default(5),
  };
}

/** A user profile as stored in profiles.json. */
export const ProfileSchema = lazySchema(() => z.strictObject({ id: ProfileIdSchema, ...profileFields(StoredBaseUrlSchema) }));
/** A user profile. */
export type Profile = z.output<typeof ProfileSchema>;

/**
 * profiles.save's input: a new profile (no id) or an update of an existing user profile. A profile
 * that trusts neither the system's certificates nor a CA of its own is refused on caPem: the HTTP
 * client refuses every request of such a profile (NOT_CONFIGURED), so saving it would only move the
 * error from the form to every later request. New input only: a profiles.json saved before loads.
 */
export const ProfileInputSchema = lazySchema(() =>
  z
    .strictObject({
      id: ProfileIdSchema.refine((id) => id !== LOCAL_PROFILE_ID, 'is the built-in Local service profile: only its rate budget can change (profiles.setRateBudget)').optional(),
      ...profileFields(BaseUrlInputSchema),
      headerNames: HeaderNamesInputSchema,
      /**
       * Keep the proxy password stored with this profile: the form never has it (ProfileViewSchema), so
       * an edit that leaves the password alone sends the URL without one and this. Kept only for the
       * proxy it was saved for (profiles.save refuses it for another scheme, host, port or user).
       */
      keepProxyPassword: z.boolean().optional(),
    })
    .superRefine((profile, ctx) => {
      // Short: the form shows one line under the field.
      if (!profile.trustSystemCertificates && profile.caPem === undefined) ctx.addIssue({ code: 'custom', path: ['caPem'], message: "is needed when the system's certificates are not trusted" });
    }),
);
/** What profiles.save receives. */
export type ProfileInput = z.input<typeof ProfileInputSchema>;

/**
 * Why a profile may not take `name`, or null: another profile (the built-in Local service included)
 * has it, ignoring case and surrounding spaces, and the Profile menus list profiles by name. A
 * profile that keeps the name it has (`others` holds it under `ownId`) is never refused for it: a
 * file saved before this rule may hold two names that differ only in case, and an edit of one of
 * them (its base URL fixed) must still save. The one rule of the settings form and of the profile
 * store's save.
 */
export function profileNameClash(name: string, others: readonly { id: string; name: string }[], ownId?: string): string | null {
  const wanted = name.trim().toLowerCase();
  const isKept = ownId !== undefined && others.some((other) => other.id === ownId && other.name.trim().toLowerCase() === wanted);
  if (isKept) return null;
  const clash = others.find((other) => other.id !== ownId && other.name.trim().toLowerCase() === wanted);
  if (!clash) return null;
  // Short: the form shows it on one line under the field.
  return clash.id === LOCAL_PROFILE_ID ? "is the built-in profile's name" : "is already another profile's name";
}

/** One row of profiles.list: the profile, whether it is built in, and its key's status. */
export const ProfileViewSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    /** null for Local service until it runs (its port is chosen at start). */
    baseUrl: z.string().nullable(),
    headerNames: z.object({ apiKey: z.string(), version: z.string() }),
    version: z.string(),
    caPem: z.string().nullable(),
    /** The proxy URL without its password: a stored password never leaves main (hasProxyPassword says there is one). */
    proxyUrl: z.string().nullable(),
    hasProxyPassword: z.boolean(),
    trustSystemCertificates: z.boolean(),
    rateBudgetRps: z.number(),
    builtIn: z.boolean(),
    /** null for Local service: its key is generated and managed by the app. */
    key: ApiKeyStatusSchema.nullable(),
  }),
);
/** A row of profiles.list. */
export type ProfileView = z.output<typeof ProfileViewSchema>;

/** The outcome of profiles.test: the service answered (status) or why it could not be reached. */
export const ConnectionTestSchema = lazySchema(() =>
  z.object({
    reachable: z.boolean(),
    status: z.number().int().nullable(),
    durationMs: z.number(),
    error: AppErrorSchema.nullable(),
  }),
);
/** A connection test's outcome. */
export type ConnectionTest = z.output<typeof ConnectionTestSchema>;

const ProfileRefSchema = lazySchema(() => z.strictObject({ profileId: ProfileIdSchema }));

/**
 * The profiles channels. profiles.list gives profiles.json as it is when asked (an edit made outside
 * the app included); `notice` reports a profiles file that was unreadable and moved aside at start,
 * or one changed since that cannot be read now (file, field and reason).
 */
export const profilesChannels = {
  'profiles.list': channel(z.void(), () => z.object({ profiles: z.array(ProfileViewSchema), notice: z.string().nullable() })),
  'profiles.save': channel(ProfileInputSchema, ProfileViewSchema),
  'profiles.setRateBudget': channel(() => z.strictObject({ profileId: ProfileIdSchema, rateBudgetRps: RateBudgetSchema }), ProfileViewSchema),
  'profiles.delete': channel(ProfileRefSchema, () => z.object({ deleted: z.boolean(), warning: z.string().nullable() })),
  'profiles.test': channel(ProfileRefSchema, ConnectionTestSchema),
};
