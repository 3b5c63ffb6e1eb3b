/** The rows of a raw query's answer (`db.execute`): node-postgres and PGlite both answer with `{ rows }`. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Text a LIKE pattern matches as it is: its `\`, `%` and `_` stand for themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
