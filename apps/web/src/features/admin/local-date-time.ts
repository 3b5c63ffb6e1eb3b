/** In the reader's own time zone: "23 Nov 2025, 2:05 pm". */
export function localDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
}
