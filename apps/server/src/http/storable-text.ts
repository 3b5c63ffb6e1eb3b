import type { FastifyInstance, FastifyRequest } from 'fastify';

// NUL, which PostgreSQL text and jsonb cannot hold, and a UTF-16 surrogate without its pair, which no UTF-8
// encoder can write (PGlite refuses it, and jsonb refuses its \u escape).
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The text without NUL, and with each unpaired surrogate replaced by U+FFFD, as a UTF-8 encoder would. */
export function storableText(text: string): string {
  if (!UNSTORABLE.test(text)) return text;
  return text.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');
}

function isContainer(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Makes every string value in the parsed input storable, in place. Iterative, as a hostile body may nest
 * thousands deep. Keys are left alone: one the schema does not name is dropped by validation anyway.
 */
export function makeTextStorable(input: unknown): void {
  const pending = isContainer(input) ? [input] : [];
  for (let container = pending.pop(); container !== undefined; container = pending.pop()) {
    for (const key of Object.keys(container)) {
      const value = container[key];
      if (typeof value === 'string') container[key] = storableText(value);
      else if (isContainer(value)) pending.push(value);
    }
  }
}

/**
 * Every request's path parameters, query and JSON body made storable before validation, so that a NUL or a
 * broken character typed or pasted anywhere is dropped (as the forms' own cleaning does) instead of failing
 * the query that stores or searches it.
 */
export function keepTextStorable(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    makeTextStorable(request.params);
    makeTextStorable(request.query);
    if (typeof request.body === 'string') request.body = storableText(request.body);
    else makeTextStorable(request.body);
  });
}
