import type { LightMyRequestResponse } from 'fastify';
import type { HostileRequest } from './hostile-requests';

/** Longest an answer may take, even to a 100 kB payload; a slower one is a denial of service waiting to happen. */
export const ANSWER_TIME_LIMIT_MS = 5000;

// The database's own words in its errors, and the names of the database and its client.
const DATABASE_WORDS = [
  'syntax error at or near',
  'violates (?:foreign key|unique|check|not-null)',
  'duplicate key',
  'invalid input syntax',
  'relation "',
  'column "',
  'SQLSTATE',
  'PGlite',
  'postgres',
  'drizzle',
];

/** What must never reach a client: stack frames, source paths, SQL and the database's or runtime's own words. */
const LEAKS: { name: string; pattern: RegExp }[] = [
  { name: 'stack frame', pattern: /\bat [\w$.<>]+ \(|\n\s+at /u },
  {
    name: 'file path',
    pattern: /(?:\/(?:work|home|usr|tmp|app|src|opt|var)\/|node_modules|file:\/\/|[\w-]+\.(?:ts|js|mjs|cjs):\d+)/u,
  },
  { name: 'SQL text', pattern: /\b(?:select\s+.+\s+from|insert\s+into|update\s+\S+\s+set|delete\s+from)\b/isu },
  {
    name: 'database error',
    pattern: new RegExp(DATABASE_WORDS.join('|'), 'iu'),
  },
  {
    name: 'runtime error',
    pattern: /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|ZodError|Cannot read propert|is not a function|undefined is not)\b/u,
  },
];

function requestText(request: HostileRequest): string {
  const payload = request.payload === undefined ? '' : request.payload.toString();
  return `${request.url}\n${payload}\n${decodeURIComponentSafely(request.url)}`;
}

function decodeURIComponentSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function envelopeProblems(response: LightMyRequestResponse): string[] {
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) {
    return [`not JSON but ${String(response.headers['content-type'])}`];
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return ['a body that does not parse as JSON'];
  }
  const answer = (body ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  if (answer.statusCode !== response.statusCode) problems.push(`statusCode ${String(answer.statusCode)} in the envelope`);
  if (typeof answer.status !== 'string') problems.push('no status in the envelope');
  if (typeof answer.message !== 'string') problems.push('no message in the envelope');
  return problems;
}

/**
 * Leaks in the answer, unless the request itself carried the same words (an answer may echo what it was sent).
 */
export function leaksIn(answer: string, request: HostileRequest): string[] {
  const sent = requestText(request);
  return LEAKS.filter(({ pattern }) => pattern.test(answer) && !pattern.test(sent)).map(({ name }) => `leaks ${name}`);
}

interface PageJson {
  content: unknown[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  totalIsEstimate?: boolean;
}

function isPage(value: unknown): value is PageJson {
  const page = value as Partial<PageJson> | null;
  return typeof page === 'object' && page !== null && Array.isArray(page.content) && typeof page.totalElements === 'number';
}

/**
 * A page in a success must hold what its own totals say: a search or list that ignored its page, its size or
 * its filters' count would still answer 200 in the envelope.
 */
function pageProblems(response: LightMyRequestResponse): string[] {
  if (response.statusCode >= 300) return [];
  const data = (response.json() as { data?: Record<string, unknown> }).data ?? {};
  return Object.entries(data)
    .filter((entry): entry is [string, PageJson] => isPage(entry[1]))
    .flatMap(([name, page]) => {
      const problems: string[] = [];
      if (page.content.length > page.size) problems.push(`${name}: ${page.content.length} rows on a page of ${page.size}`);
      if (page.totalIsEstimate) return problems;
      const left = Math.max(0, page.totalElements - page.number * page.size);
      if (page.content.length !== Math.min(page.size, left)) {
        problems.push(`${name}: ${page.content.length} rows on page ${page.number} of ${page.totalElements} by ${page.size}`);
      }
      if (page.totalPages !== Math.ceil(page.totalElements / page.size)) {
        problems.push(`${name}: ${page.totalPages} pages for ${page.totalElements} by ${page.size}`);
      }
      return problems;
    });
}

/** Everything wrong with one answer to a hostile request; empty when it is as it must be. */
export function answerProblems(request: HostileRequest, response: LightMyRequestResponse, elapsedMs: number): string[] {
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`status ${response.statusCode}`);
  if (elapsedMs > ANSWER_TIME_LIMIT_MS) problems.push(`answered in ${Math.round(elapsedMs)} ms`);
  const envelope = envelopeProblems(response);
  problems.push(...envelope);
  if (envelope.length === 0) problems.push(...pageProblems(response));
  // Only refusals are read for leaks: a success may rightly show what earlier requests stored (a business
  // named "' UNION SELECT …" is just a strange name), while an error's words come from the server alone.
  if (response.statusCode >= 400) problems.push(...leaksIn(response.body, request));
  return problems;
}
