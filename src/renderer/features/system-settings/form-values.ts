// Numbers typed into a settings form: whole numbers only (the server refuses anything else too).

/** The whole number the text holds, or null. */
export function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : null;
}

export const BYTES_PER_MB = 1024 * 1024;

/** A byte count as the whole megabytes the form edits (rounded down; at least 1 when there are bytes). */
export function megabytesOf(bytes: number): number {
  return Math.max(1, Math.floor(bytes / BYTES_PER_MB));
}
