/**
 * Saves text as a file from the renderer: a Blob URL on a temporary a[download]. No network and no
 * inline script, so the CSP allows it (blob: is a download, not a fetch or a navigation).
 */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or the download may find no data.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
