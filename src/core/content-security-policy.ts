/**
 * The renderer's Content Security Policy, set as a response header by main's app:// protocol and by
 * the e2e harness, so tests run the UI under the policy users get. No inline script, no eval, and
 * `connect-src 'none'`: the renderer has no network; every request goes through main over IPC.
 * Styles are files too: components set dynamic styles through CSSOM (`style:` directives), which
 * CSP does not govern, never through inline style attributes.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
