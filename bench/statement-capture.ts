import pg from 'pg';

/** A statement the app's pool sent, with its parameters. */
export interface CapturedStatement {
  text: string;
  values: unknown[];
}

type QueryMethod = (this: pg.Client, ...args: unknown[]) => unknown;

let capturing: CapturedStatement[] | null = null;

// Every pg client of this process reports what it sends while a capture runs: the explain scripts see
// exactly the SQL the app's repositories build, without copying it.
const clientPrototype = pg.Client.prototype as unknown as { query: QueryMethod };
const originalQuery = clientPrototype.query;
clientPrototype.query = function captureQuery(this: pg.Client, ...args: unknown[]) {
  const [config, values] = args;
  if (capturing) {
    const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
    const params = Array.isArray(values) ? values : ((config as { values?: unknown[] } | undefined)?.values ?? []);
    if (text) capturing.push({ text, values: params });
  }
  return originalQuery.apply(this, args);
};

/** Runs `work` and answers what it returned, how long it took and every statement it sent. */
export async function captureStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; statements: CapturedStatement[] }> {
  const statements: CapturedStatement[] = [];
  capturing = statements;
  const startedAt = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - startedAt, statements };
  } finally {
    capturing = null;
  }
}
