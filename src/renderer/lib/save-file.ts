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

/** A file the server sent, read whole, with the name it gave. */
export interface SavedFile {
  blob: Blob;
  fileName: string;
}

/** The file name a Content-Disposition header gives (RFC 6266: `filename*` in UTF-8 first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: the plain name below, if any.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  // Only a name, never a path the server might have put in.
  return name ? (name.split(/[/\\]/).pop() ?? fallback) || fallback : fallback;
}
