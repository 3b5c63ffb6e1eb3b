// Control characters other than tab and line breaks: PostgreSQL text cannot hold NUL, and none of them shows.
// eslint-disable-next-line no-control-regex
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Text as typed into a form, ready to keep: invisible control characters dropped, surrounding space trimmed. */
export function cleanText(text: string): string {
  return text.replace(INVISIBLE_CONTROLS, '').trim();
}

/** As `cleanText`, with nothing left (or nothing given) kept as null. */
export function cleanOptionalText(text: string | null | undefined): string | null {
  const cleaned = text === null || text === undefined ? '' : cleanText(text);
  return cleaned === '' ? null : cleaned;
}
