import '../zod-csp.ts';
import { apiKeyProblem } from '../../../src/ipc/channels/api-key.ts';
import { certificatesInFile, profileNameClash, ProfileInputSchema, type ProfileInput, type ProfileView } from '../../../src/ipc/channels/profiles.ts';
import { isSameProxy, PROXY_CHANGED_REASON, splitProxyPassword, withProxyPassword } from '../../../src/ipc/channels/proxy-password.ts';
import type { AppErrorData } from '../../../src/ipc/result.ts';
import { toFieldErrors } from '../../../src/spec/index.ts';

/**
 * The profile form's fields as typed, and their errors: the shared rules of src/ipc/channels/profiles.ts
 * (the schema profiles.save parses with, and the name rule the store applies), so the form refuses
 * what a save would, with the same reason, before anything is sent.
 */

/** The form's fields, by the names errors use (a save's details name the same paths). */
export const PROFILE_FORM_FIELDS = ['name', 'baseUrl', 'headerNames.apiKey', 'headerNames.version', 'version', 'proxyUrl', 'proxyPassword', 'rateBudgetRps', 'caPem', 'apiKey'] as const;

/** A save's failure as the user reads it: its message, without the code (INVALID_INPUT: …). */
export function saveErrorText(error: AppErrorData): string {
  return error.message;
}

/** The form's fields as strings, as typed or as a saved profile fills them. */
interface FormFields {
  name: string;
  baseUrl: string;
  apiKeyHeader: string;
  versionHeader: string;
  version: string;
  caPem: string;
  /** The proxy URL without its password, which is held apart in a masked field. */
  proxyUrl: string;
  /** A new proxy password as typed ('' for none): a stored one is never sent here. */
  proxyPassword: string;
  /** The profile's stored proxy password is kept (it has one, and the user has not removed it). */
  isStoredProxyPasswordKept: boolean;
  trustSystemCertificates: boolean;
  rateBudgetRps: string;
}

function setField<K extends keyof FormFields>(form: FormFields, field: K, value: FormFields[K]): void {
  form[field] = value;
}

/** The form's fields and its typed key at one moment. */
export type FormSnapshot = FormFields & { apiKey: string };

function formFieldsOf(profile: ProfileView): FormFields {
  return {
    name: profile.name,
    baseUrl: profile.baseUrl ?? '',
    apiKeyHeader: profile.headerNames.apiKey,
    versionHeader: profile.headerNames.version,
    version: profile.version,
    caPem: profile.caPem ?? '',
    proxyUrl: profile.proxyUrl ?? '',
    proxyPassword: '',
    isStoredProxyPasswordKept: profile.hasProxyPassword,
    trustSystemCertificates: profile.trustSystemCertificates,
    rateBudgetRps: String(profile.rateBudgetRps),
  };
}

const FIELD_LABELS: Record<keyof FormFields, string> = {
  name: 'Name',
  baseUrl: 'Base URL',
  apiKeyHeader: 'API key header',
  versionHeader: 'Version header',
  version: 'Version',
  caPem: 'Extra CA certificate',
  proxyUrl: 'Proxy URL',
  proxyPassword: 'Proxy password',
  isStoredProxyPasswordKept: 'Proxy password',
  trustSystemCertificates: "Trust the system's certificates",
  rateBudgetRps: 'Rate budget',
};

/**
 * The edited profile as profiles.json holds it now, when that differs from what the form was filled
 * from and the form has edits of its own: `profile` null when the file no longer has it.
 */
export interface OutsideChange {
  profile: ProfileView | null;
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
  /** A new proxy password, apart from its URL so that the form can mask it; a stored one is never here. */
  proxyPassword = $state('');
  /** The saved profile has a proxy password (main keeps it; the form never gets it) and it is kept. */
  isStoredProxyPasswordKept = $state(false);
  /** The user chose to see the proxy password; masked again for each profile opened. */
  isProxyPasswordShown = $state(false);
  trustSystemCertificates = $state(true);
  rateBudgetRps = $state('5');
  /** A new key to store; never filled from the engine. */
  apiKey = $state('');
  /** The saved profile the form was filled from (null for a new one): what "edited" is measured against. */
  private source = $state.raw<ProfileView | null>(null);
  /** The file changed under unsaved edits: the user chooses before anything is saved (see takeFileVersion). */
  outsideChange = $state.raw<OutsideChange | null>(null);
  /** What the last CA file chosen gave: loaded (and what was left out), or why nothing was. */
  caFileNote = $state.raw<{ text: string; isProblem: boolean } | null>(null);
  /** Why the last save failed when no field of the form is to blame (storage, keychain); else null. */
  formError = $state<string | null>(null);
  /** Field errors the last save returned, for the input as it was sent: they go once it is edited. */
  private saveErrors = $state.raw<{ sent: string; fields: Record<string, string> } | null>(null);

  /** The profiles listed (Local service included), whose names this one may not take. */
  private readonly others: () => readonly { id: string; name: string }[];

  constructor(others: () => readonly { id: string; name: string }[] = () => []) {
    this.others = others;
  }

  private readonly fields = $derived.by((): FormFields => ({
    name: this.name,
    baseUrl: this.baseUrl,
    apiKeyHeader: this.apiKeyHeader,
    versionHeader: this.versionHeader,
    version: this.version,
    caPem: this.caPem,
    proxyUrl: this.proxyUrl,
    proxyPassword: this.proxyPassword,
    isStoredProxyPasswordKept: this.isStoredProxyPasswordKept,
    trustSystemCertificates: this.trustSystemCertificates,
    rateBudgetRps: this.rateBudgetRps,
  }));

  /** The stored password goes with this save: kept, no new one typed, and a proxy to use it with. */
  private readonly keepsStoredProxyPassword = $derived(this.isStoredProxyPasswordKept && this.proxyPassword === '' && this.proxyUrl.trim() !== '');

  // What a new profile's form opens with: a new form is edited once it differs from it.
  private readonly blank = this.fields;

  /**
   * The form differs from the saved profile it was filled from, or a new one from the empty form (a
   * key typed counts): closing or replacing it would lose input.
   */
  readonly isEdited = $derived(this.apiKey !== '' || !sameFields(this.fields, this.source ? formFieldsOf(this.source) : this.blank));

  /** profiles.save's input built from the fields. */
  readonly input = $derived.by((): ProfileInput => ({
    ...(this.id ? { id: this.id } : {}),
    name: this.name,
    baseUrl: this.baseUrl,
    headerNames: { apiKey: this.apiKeyHeader, version: this.versionHeader },
    version: this.version,
    ...(this.caPem.trim() ? { caPem: this.caPem } : {}),
    ...(this.proxyUrl.trim() ? { proxyUrl: withProxyPassword(this.proxyUrl.trim(), this.proxyPassword) } : {}),
    ...(this.keepsStoredProxyPassword ? { keepProxyPassword: true } : {}),
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
    if (this.proxyPassword !== '' && this.proxyUrl.trim() === '') out.proxyPassword = 'needs a proxy URL to go with it';
    // profiles.save's own rule (profile-handlers.ts), said before anything is sent.
    if (this.keepsStoredProxyPassword && !isSameProxy(this.proxyUrl, this.source?.proxyUrl ?? '')) out.proxyPassword ??= PROXY_CHANGED_REASON;
    if (this.rateBudgetRps.trim() === '' || Number.isNaN(Number(this.rateBudgetRps))) out.rateBudgetRps = 'must be a number';
    if (this.apiKey !== '') {
      const problem = apiKeyProblem(this.apiKey);
      if (problem) out.apiKey = `${problem.reason}${problem.rule}`;
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

  /**
   * Moves a password typed or pasted into the proxy URL (http://user:pass@host:port) into the masked
   * password field, so that it does not stay on screen in the URL's plain field.
   */
  takeProxyPassword(): void {
    const { url, password } = splitProxyPassword(this.proxyUrl);
    if (password === '') return;
    this.proxyUrl = url;
    this.proxyPassword = password;
  }

  /** The user removes the stored proxy password: the next save keeps none (unless one is typed). */
  removeStoredProxyPassword(): void {
    this.isStoredProxyPasswordKept = false;
    this.touch('proxyPassword');
  }

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

  /**
   * Takes a CA file's certificates into the CA field (replacing what it held, as choosing a file
   * says), and says how many and what was left out; a file with none leaves the field as it was.
   */
  loadCaFile(name: string, text: string): void {
    const found = certificatesInFile(text);
    if (found.count === 0) {
      const convert = `A binary (DER) certificate converts with: openssl x509 -inform der -in ${name} -out ca.pem`;
      this.caFileNote = { text: `${name} holds no PEM certificate (no -----BEGIN CERTIFICATE----- block): nothing was loaded. ${convert}`, isProblem: true };
      return;
    }
    this.caPem = found.pem;
    this.touch('caPem');
    const left = found.hasOther ? '; the rest of the file (not a certificate: a private key or text) was left out' : '';
    this.caFileNote = { text: `Loaded ${found.count} certificate${found.count === 1 ? '' : 's'} from ${name}${left}.`, isProblem: false };
  }

  /** What the form holds now, key included: taken when a save is sent, to tell what was typed while it went (saved). */
  snapshot(): FormSnapshot {
    return { ...this.fields, apiKey: this.apiKey };
  }

  /**
   * The save of the form as it was at `sent` landed as `profile`: the form shows the profile as
   * saved (trimmed, no trailing slash), except the fields typed into while the save was under way,
   * which keep what was typed and so leave the form edited (a key typed then is kept, unsent).
   */
  saved(profile: ProfileView, sent: FormSnapshot): void {
    const now = this.snapshot();
    this.load(profile);
    // The draft's fields are its FormFields, under the same names.
    const form = this as unknown as FormFields;
    for (const field of Object.keys(FIELD_LABELS) as (keyof FormFields)[]) {
      if (now[field] !== sent[field]) setField(form, field, now[field]);
    }
    if (now.apiKey !== sent.apiKey) this.apiKey = now.apiKey;
  }

  /** Fills the form from a saved profile (never its key). */
  load(profile: ProfileView): void {
    const fields = formFieldsOf(profile);
    this.id = profile.id;
    this.name = fields.name;
    this.baseUrl = fields.baseUrl;
    this.apiKeyHeader = fields.apiKeyHeader;
    this.versionHeader = fields.versionHeader;
    this.version = fields.version;
    this.caPem = fields.caPem;
    this.proxyUrl = fields.proxyUrl;
    this.proxyPassword = fields.proxyPassword;
    this.isStoredProxyPasswordKept = fields.isStoredProxyPasswordKept;
    this.isProxyPasswordShown = false;
    this.trustSystemCertificates = fields.trustSystemCertificates;
    this.rateBudgetRps = fields.rateBudgetRps;
    this.apiKey = '';
    this.source = profile;
    this.outsideChange = null;
  }

  /**
   * Takes the edited profile as profiles.json holds it now (null: removed from the file). Unchanged
   * there: nothing to do. Changed and the form unedited: the form shows the file's version, as the
   * list does. Changed under unsaved edits, or removed: held in `outsideChange` for the user to
   * choose (useFileVersion, keepEdits, keepAsNew); the edits are never overwritten silently, and no
   * save goes while the choice is open.
   * @returns whether the file's version differs from the one the form knew
   */
  takeFileVersion(profile: ProfileView | null): boolean {
    if (this.id === undefined || this.source === null) return false;
    if (profile !== null && sameFields(formFieldsOf(profile), formFieldsOf(this.source))) {
      this.source = profile;
      this.outsideChange = null;
      return false;
    }
    if (profile !== null && !this.isEdited) this.load(profile);
    else this.outsideChange = { profile };
    return true;
  }

  /** The form's fields whose value differs from `profile`'s, by their labels: what choosing would change. */
  differencesFrom(profile: ProfileView): string[] {
    const theirs = formFieldsOf(profile);
    const labels = (Object.keys(FIELD_LABELS) as (keyof FormFields)[]).filter((field) => theirs[field] !== this.fields[field]).map((field) => FIELD_LABELS[field]);
    // Once each: the typed password and whether the stored one is kept share one label.
    return labels.filter((label, index) => labels.indexOf(label) === index);
  }

  /** The user chose the file's version over their edits. */
  useFileVersion(): void {
    if (this.outsideChange?.profile) this.load(this.outsideChange.profile);
  }

  /** The user keeps their edits: a save replaces the file's version of this profile with them. */
  keepEdits(): void {
    if (this.outsideChange?.profile) this.source = this.outsideChange.profile;
    this.outsideChange = null;
  }

  /** The profile was removed from the file: the form's fields become a new profile, saved as such. */
  keepAsNew(): void {
    this.id = undefined;
    this.source = null;
    this.outsideChange = null;
  }
}

function sameFields(a: FormFields, b: FormFields): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
