/**
 * A percent-encoded URL part decoded, or as written when it is not valid percent-encoding (a stray
 * `%zz`, which decodeURIComponent refuses): a credential so written is still a credential.
 */
export function decodedOrAsWritten(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
