/**
 * Keys that a pasted script gives a credential indirectly, for redact-paste.ts: through a variable
 * (`'svc-api-key': apiKey` with `const apiKey = '…'`, `@{ "svc-api-key" = $key }` with
 * `$key = "…"`, `-H "svc-api-key: $K"` with `export K=…`), or as the default of an environment
 * variable (`process.env.SVC_API_KEY || '…'`, `os.getenv("SVC_API_KEY", "…")`). The variable's name
 * need not look like a key's, so the name rule alone left these keys on the page.
 */

// A quoted literal, or a bare run up to a delimiter (a shell's export K=value).
const QUOTED = String.raw`"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|\x60[^\x60\n]*\x60`;
const ASSIGNED = String.raw`${QUOTED}|[^\s'"\x60,;&)}\]]+`;
// Bounds that keep the rules linear on a hostile paste (a 50 MB HAR on one line).
const MAX_NAME = 63;
const MAX_VARIABLES = 32;
const MAX_FALLBACK_GAP = 160;

/** A credential name given a variable, `name: variable` in any of the usual forms: group 1 is the variable. */
function referenceRule(credentialName: string): RegExp {
  // $env: before $: the variable of $env:K is K, not env.
  const prefix = String.raw`\$env:|\$\{?|process\.env\.|import\.meta\.env\.|os\.environ\[["']|os\.(?:getenv|environ\.get)\(\s*["']`;
  // A variable's name is short: a long run here is a key written in place (already redacted).
  return new RegExp(String.raw`(?:^|[^A-Za-z0-9_-])(?:${credentialName})["'\x60]?\]?[ \t]*[:=][ \t]*["'\x60]?(?:${prefix})?([A-Za-z_][A-Za-z0-9_]{0,${MAX_NAME}})(?![A-Za-z0-9_])`, 'gim');
}

/** The variables the text gives a credential, e.g. `apiKey` of `'svc-api-key': apiKey`. */
export function credentialVariables(text: string, credentialName: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(referenceRule(credentialName))) {
    if (names.size === MAX_VARIABLES) break;
    names.add(match[1]!);
  }
  return names;
}

/**
 * Replaces the value assigned to any of the variables (`const v = '…'`, `v = "…"`, `$v = "…"`,
 * `export v=…`, `$env:v = "…"`, `v: '…'`) with what `replace` makes of it.
 */
export function redactAssignments(text: string, variables: Set<string>, replace: (value: string) => string): string {
  if (variables.size === 0) return text;
  const names = [...variables].join('|');
  const assignment = new RegExp(String.raw`(^|[^A-Za-z0-9_.$:])((?:\$env:|\$)?(?:${names})["'\x60]?[ \t]*(?::|=(?!=))[ \t]*)(${ASSIGNED})`, 'gm');
  return text.replace(assignment, (_all, before: string, head: string, value: string) => `${before}${head}${replace(value)}`);
}

/**
 * Replaces a literal given as a fallback to a credential (`name: process.env.K || '…'`, `?? '…'`,
 * Python's `or '…'`) or as the default of an environment variable named like a credential
 * (`os.getenv("SVC_API_KEY", "…")`, `os.environ.get(…, "…")`).
 */
export function redactFallbacks(text: string, credentialName: string, replace: (value: string) => string): string {
  // Anchored after a non-name character, as redact-paste's rules are: unanchored, the name's
  // repeated part is retried at every position of a long run of letters (quadratic).
  const afterName = new RegExp(String.raw`((?:^|[^A-Za-z0-9_-])(?:${credentialName})["'\x60]?\]?[ \t]*[:=][ \t]*[^\n,;}]{0,${MAX_FALLBACK_GAP}}?(?:\|\||\?\?|\bor\b)[ \t]*)(${QUOTED})`, 'gim');
  const envDefault = new RegExp(String.raw`((?:getenv|environ\.get|env\.get)\(\s*["'](?:${credentialName})["']\s*,\s*)(${QUOTED})`, 'gi');
  // Each rule scans only a text that has what it looks for: a big HAR has neither, most often.
  const afterNameDone = /\|\||\?\?|\bor\b/.test(text) ? text.replace(afterName, (_all, head: string, value: string) => `${head}${replace(value)}`) : text;
  return /getenv|env\.get/i.test(afterNameDone) ? afterNameDone.replace(envDefault, (_all, head: string, value: string) => `${head}${replace(value)}`) : afterNameDone;
}
