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

function parsedUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** An https:// base URL: origin and optional path prefix, stored without a trailing slash. */
export const BaseUrlSchema = z
  .string()
  .trim()
  .max(2_000)
  .superRefine((text, ctx) => {
    const url = parsedUrl(text);
    // http:// is refused before anything is sent: the API key would travel in clear.
    if (url?.protocol === 'http:') ctx.addIssue({ code: 'custom', message: 'must use https:// (http:// would send the API key in clear)' });
    else if (!url || url.protocol !== 'https:' || !url.hostname) ctx.addIssue({ code: 'custom', message: 'must be an https:// URL' });
    else if (url.search || url.hash || url.username || url.password) ctx.addIssue({ code: 'custom', message: 'must not contain a query, fragment or credentials' });
  })
  .transform((text) => text.replace(/\/+$/, ''));

/** An optional proxy: http:// or https:// URL of a CONNECT proxy. */
export const ProxyUrlSchema = z
  .string()
  .trim()
  .max(2_000)
  .refine((text) => {
    const url = parsedUrl(text);
    return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
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

/** Requests per second a profile is kept under. */
export const RateBudgetSchema = z.number().min(0.1, 'must be at least 0.1').max(100, 'must be at most 100');

// The fields a profile and profiles.save's input share, built by each of the two schemas.
function profileFields() {
  return {
    name: z.string().trim().min(1, 'must not be empty').max(100),
    baseUrl: BaseUrlSchema,
    headerNames: HeaderNamesSchema.default({ apiKey: HEADER_NAMES.apiKey, version: HEADER_NAMES.version }),
    version: z.string().regex(/^[A-Za-z0-9._-]{1,20}$/, 'must be a version value such as v2').default(API_VERSION),
    caPem: CaPemSchema.optional(),
    proxyUrl: ProxyUrlSchema.optional(),
    trustSystemCertificates: z.boolean().default(true),
    rateBudgetRps: RateBudgetSchema.default(5),
  };
}

/** A user profile as stored in profiles.json. */
export const ProfileSchema = lazySchema(() => z.strictObject({ id: ProfileIdSchema, ...profileFields() }));
/** A user profile. */
export type Profile = z.output<typeof ProfileSchema>;

/** profiles.save's input: a new profile (no id) or an update of an existing user profile. */
export const ProfileInputSchema = lazySchema(() =>
  z.strictObject({
    id: ProfileIdSchema.refine((id) => id !== LOCAL_PROFILE_ID, 'is the built-in Local service profile: only its rate budget can change (profiles.setRateBudget)').optional(),
    ...profileFields(),
  }),
);
/** What profiles.save receives. */
export type ProfileInput = z.input<typeof ProfileInputSchema>;

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
    proxyUrl: z.string().nullable(),
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

/** The profiles channels. `notice` reports a profiles file that was unreadable and moved aside. */
export const profilesChannels = {
  'profiles.list': channel(z.void(), () => z.object({ profiles: z.array(ProfileViewSchema), notice: z.string().nullable() })),
  'profiles.save': channel(ProfileInputSchema, ProfileViewSchema),
  'profiles.setRateBudget': channel(() => z.strictObject({ profileId: ProfileIdSchema, rateBudgetRps: RateBudgetSchema }), ProfileViewSchema),
  'profiles.delete': channel(ProfileRefSchema, () => z.object({ deleted: z.boolean(), warning: z.string().nullable() })),
  'profiles.test': channel(ProfileRefSchema, ConnectionTestSchema),
};
