// Control characters (C0, DEL and C1) in text that came from outside: a header, a file name, a
// directory's value, an uploaded file. They never belong in what we store or show (a name that
// moves the cursor, a NUL PostgreSQL refuses), and C1 controls mark a binary file read as text.
// Requests' own fields are checked by src/shared/api/safe-text.ts before a handler runs.

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex -- the same, but tab and line ends belong in a text file
const CONTROL_BUT_TEXT_LAYOUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** `text` with every control character removed. */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL, '');
}

/** True when a text file's content holds a control character other than tab, line feed and carriage return. */
export function hasControlCharactersBesidesLayout(text: string): boolean {
  return CONTROL_BUT_TEXT_LAYOUT.test(text);
}
