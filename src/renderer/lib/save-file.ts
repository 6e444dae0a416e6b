// Saving a file the page holds (a Blob): a hidden link with `download`, clicked. The browser
// saves it to its downloads; the desktop shell (no will-download handler) asks where to save it,
// as Electron does by default.

/** How long the Blob's address stays valid: long enough for the save to read it. */
export const BLOB_URL_LIFETIME_MS = 60_000;

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
}
