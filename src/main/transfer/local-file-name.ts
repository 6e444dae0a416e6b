// A document's name as a local file name on every desktop OS: letters of every alphabet kept
// (ë, ç, š, đ, ж…), characters Windows or macOS refuse replaced, no hidden or reserved names,
// and a .pdf extension so the system viewer knows what it is.

// Windows refuses these names whatever the extension (CON.pdf included).
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

export function localFileName(name: string, fallback = 'document.pdf'): string {
  let safe = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    // Leading dots hide a file; trailing dots and spaces are dropped by Windows.
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  if (safe === '' || WINDOWS_RESERVED.test(safe)) safe = fallback.replace(/\.pdf$/i, '') || 'document';
  if (!/\.pdf$/i.test(safe)) safe = `${safe.replace(/\.+$/, '')}.pdf`;
  const characters = Array.from(safe);
  if (characters.length > 180) safe = `${characters.slice(0, 176).join('')}.pdf`;
  return safe;
}
