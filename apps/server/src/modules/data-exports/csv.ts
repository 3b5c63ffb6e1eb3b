/** A text that a spreadsheet would run as a formula when the file is opened (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(textOf).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function cellOf(value: unknown): string {
  const text = textOf(value);
  // Enquiries and reviews hold strangers' words: opened in a spreadsheet, none may become a formula.
  const inert = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/**
 * The rows as CSV (RFC 4180: CRLF, quoted where needed), headed by the first row's keys, with a byte-order mark
 * so that spreadsheets read it as UTF-8. Empty when there are no rows.
 */
export function csvOf(rows: readonly Record<string, unknown>[]): string {
  const [first] = rows;
  if (first === undefined) return '';
  const columns = Object.keys(first);
  const lines = [columns.map(cellOf), ...rows.map((row) => columns.map((column) => cellOf(row[column])))];
  return `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}
