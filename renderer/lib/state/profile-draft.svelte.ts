import '../zod-csp.ts';
import { ApiKeySchema } from '../../../src/ipc/channels/api-key.ts';
import { profileNameClash, ProfileInputSchema, type ProfileInput, type ProfileView } from '../../../src/ipc/channels/profiles.ts';
import type { AppErrorData } from '../../../src/ipc/result.ts';
import { toFieldErrors } from '../../../src/spec/index.ts';

/**
 * The profile form's fields as typed, and their errors: the shared rules of src/ipc/channels/profiles.ts
 * (the schema profiles.save parses with, and the name rule the store applies), so the form refuses
 * what a save would, with the same reason, before anything is sent.
 */

/** The form's fields, by the names errors use (a save's details name the same paths). */
export const PROFILE_FORM_FIELDS = ['name', 'baseUrl', 'headerNames.apiKey', 'headerNames.version', 'version', 'proxyUrl', 'rateBudgetRps', 'caPem', 'apiKey'] as const;

/** A save's failure as the user reads it: its message, without the code (INVALID_INPUT: …). */
export function saveErrorText(error: AppErrorData): string {
  return error.message;
}

/** The profile form's fields as typed. */
export class ProfileDraft {
  id = $state<string | undefined>(undefined);
  name = $state('');
  baseUrl = $state('https://');
  apiKeyHeader = $state('svc-api-key');
  versionHeader = $state('svc-version');
  version = $state('v2');
  caPem = $state('');
  proxyUrl = $state('');
  trustSystemCertificates = $state(true);
  rateBudgetRps = $state('5');
  /** A new key to store; never filled from the engine. */
  apiKey = $state('');
  /** Why the last save failed when no field of the form is to blame (storage, keychain); else null. */
  formError = $state<string | null>(null);
  /** Field errors the last save returned, for the input as it was sent: they go once it is edited. */
  private saveErrors = $state.raw<{ sent: string; fields: Record<string, string> } | null>(null);

  /** The profiles listed (Local service included), whose names this one may not take. */
  private readonly others: () => readonly { id: string; name: string }[];

  constructor(others: () => readonly { id: string; name: string }[] = () => []) {
    this.others = others;
  }

  /** profiles.save's input built from the fields. */
  readonly input = $derived.by((): ProfileInput => ({
    ...(this.id ? { id: this.id } : {}),
    name: this.name,
    baseUrl: this.baseUrl,
    headerNames: { apiKey: this.apiKeyHeader, version: this.versionHeader },
    version: this.version,
    ...(this.caPem.trim() ? { caPem: this.caPem } : {}),
    ...(this.proxyUrl.trim() ? { proxyUrl: this.proxyUrl } : {}),
    trustSystemCertificates: this.trustSystemCertificates,
    rateBudgetRps: Number(this.rateBudgetRps),
  }));

  /** Inline reasons by field (headerNames.apiKey, baseUrl, ...). */
  readonly errors = $derived.by((): Record<string, string> => {
    const out: Record<string, string> = {};
    const parsed = ProfileInputSchema.safeParse(this.input);
    if (!parsed.success) for (const { field, reason } of toFieldErrors(parsed.error, this.input)) out[field] ??= reason;
    const clash = out.name === undefined ? profileNameClash(this.name, this.others(), this.id) : null;
    if (clash) out.name = clash;
    if (this.rateBudgetRps.trim() === '' || Number.isNaN(Number(this.rateBudgetRps))) out.rateBudgetRps = 'must be a number';
    if (this.apiKey !== '') {
      const key = ApiKeySchema.safeParse(this.apiKey);
      if (!key.success) out.apiKey = key.error.issues[0]?.message ?? 'is not a valid key';
    }
    if (this.saveErrors && this.saveErrors.sent === JSON.stringify(this.input)) {
      for (const [field, reason] of Object.entries(this.saveErrors.fields)) out[field] ??= reason;
    }
    return out;
  });

  readonly isValid = $derived(Object.keys(this.errors).length === 0);

  /** Fields the user has left at least once; their errors show from then on. */
  touched = $state<Record<string, boolean>>({});
  /** Save was pressed: every error shows. */
  submitted = $state(false);

  /** The errors to show: a field's only once it was touched or the form submitted, never on opening. */
  readonly shownErrors = $derived.by((): Record<string, string> => {
    if (this.submitted) return this.errors;
    return Object.fromEntries(Object.entries(this.errors).filter(([field]) => this.touched[field]));
  });

  /** Marks a field as touched (it lost the focus). */
  touch(field: string): void {
    if (!this.touched[field]) this.touched = { ...this.touched, [field]: true };
  }

  /** Forgets the last save's errors (a new save starts, or one succeeded). */
  clearSaveErrors(): void {
    this.saveErrors = null;
    this.formError = null;
  }

  /**
   * Takes a save's refusal: reasons naming a field of the form go under that field (for the input
   * that was sent), anything else next to the form's buttons.
   */
  refuse(error: AppErrorData, sent: ProfileInput): void {
    const details = Array.isArray(error.details) ? (error.details as { field?: unknown; reason?: unknown }[]) : [];
    const fields: Record<string, string> = {};
    for (const { field, reason } of details) {
      if (typeof field === 'string' && typeof reason === 'string' && (PROFILE_FORM_FIELDS as readonly string[]).includes(field)) fields[field] ??= reason;
    }
    this.submitted = true;
    this.saveErrors = { sent: JSON.stringify(sent), fields };
    this.formError = Object.keys(fields).length > 0 ? null : saveErrorText(error);
  }

  /** Fills the form from a saved profile (never its key). */
  load(profile: ProfileView): void {
    this.id = profile.id;
    this.name = profile.name;
    this.baseUrl = profile.baseUrl ?? '';
    this.apiKeyHeader = profile.headerNames.apiKey;
    this.versionHeader = profile.headerNames.version;
    this.version = profile.version;
    this.caPem = profile.caPem ?? '';
    this.proxyUrl = profile.proxyUrl ?? '';
    this.trustSystemCertificates = profile.trustSystemCertificates;
    this.rateBudgetRps = String(profile.rateBudgetRps);
    this.apiKey = '';
  }
}
