// A document's name as a local file name on every desktop OS: letters of every alphabet kept
// (ë, ç, š, đ, ж…), characters Windows or macOS refuse replaced, no hidden or reserved names,
// and the kind's extension (.pdf; a report export's .csv or .xlsx) so the system knows what it is.

// Windows refuses these names whatever the extension (CON.pdf included).
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

export function localFileName(name: string, fallback = 'document.pdf', extension = 'pdf'): string {
  const suffix = `.${extension}`;
  let safe = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    // Leading dots hide a file; trailing dots and spaces are dropped by Windows.
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  if (safe === '' || WINDOWS_RESERVED.test(safe)) safe = fallback.replace(/\.[a-z]+$/i, '') || 'document';
  if (!safe.toLowerCase().endsWith(suffix)) safe = `${safe.replace(/\.+$/, '')}${suffix}`;
  const characters = Array.from(safe);
  if (characters.length > 180) safe = `${characters.slice(0, 180 - Array.from(suffix).length).join('')}${suffix}`;
  return safe;
}
