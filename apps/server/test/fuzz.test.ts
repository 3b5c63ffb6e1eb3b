import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createAddress,
  createCategoryPair,
  createChurch,
  createSocialMedia,
  createTrade,
  inCategory,
} from './factories';
import { answerProblems } from './fuzz/answer-checks';
import { apiRoutes, type ApiRoute, type OpenApiDocument, routeName } from './fuzz/api-routes';
import { dataFingerprinter } from './fuzz/data-fingerprint';
import { type HostileRequest, hostileRequests } from './fuzz/hostile-requests';
import type { KnownIds } from './fuzz/schema-arbitrary';
import { users } from '../src/db/schema';
import { createEnquiry, createSpamReport } from '../src/modules/enquiry-inbox/enquiry-factory';
import { createReview, createReviewReport } from '../src/modules/reviews/review-factory';
import { createTestApp } from './test-app';
import { loggedInBrowser, newTestAddress, testBrowser, type TestBrowser } from './test-browser';

/**
 * Every route the app documents, sent hostile input (malformed and mistyped JSON, missing and extra fields,
 * 100 kB strings, unicode edge cases, numbers at and past their bounds, path traversal, SQL and markup) by a
 * visitor, a business owner and an administrator. Each answer must be a 4xx or a success in the envelope,
 * in time, without a stack, a path or SQL in it; a page in a success must hold what its own totals say; a
 * refusal must leave the data as it was.
 *
 * The routes come from the app's OpenAPI document, so a new route is fuzzed without touching this file, and
 * none is left out: a request that ends the caller's session (logging out) is followed by a new session.
 * The cases come from a fixed seed, so that CI is reproducible; FUZZ_SEED explores others, FUZZ_RUNS sends
 * more cases per caller and FUZZ_ROUTE (a regular expression) keeps only the routes it matches.
 */
const { app, database } = await createTestApp();
const db = database.db;
await app.ready();

const SEED = Number(process.env.FUZZ_SEED ?? 20250420);
const RUNS_PER_CALLER = Number(process.env.FUZZ_RUNS ?? 12);
const ROUTE_TIME_LIMIT_MS = 30_000;

const ONLY_ROUTES = new RegExp(process.env.FUZZ_ROUTE ?? '');
const ROUTES = apiRoutes(app.swagger() as OpenApiDocument).filter((route) => ONLY_ROUTES.test(routeName(route)));
const fingerprint = await dataFingerprinter(db);

const PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();

// Rows that exist, so that well-typed ids get past "not found" to the checks behind it.
const church = await createChurch(db, { stateType: 'NSW' });
const categories = await createCategoryPair(db);
const owner = await createAccount(db, { role: 'TRADER' });
// Verified, so that "Verified only" finds a business and its badges are answered.
const ownTrade = await createTrade(db, {
  ownerId: owner.id,
  churchId: church.id,
  ...inCategory(categories),
  abn: '51824753556',
  abnStatus: 'ACTIVE',
  abnCheckedAt: new Date(),
});
const ownAddress = await createAddress(db, ownTrade.id);
const ownSocialMedia = await createSocialMedia(db, ownTrade.id);
const administrator = await createAccount(db, { role: 'ADMIN' });
const bystander = await createAccount(db);
const bystanderTrade = await createTrade(db, { ownerId: bystander.id, churchId: church.id, moderationStatus: 'PENDING' });

// An enquiry to the owner's business, reported as spam: well-typed ids reach the enquiries' checks behind "not found".
const enquiry = await createEnquiry(db, { tradeId: ownTrade.id });
const spamReport = await createSpamReport(db, enquiry, church.id);

// A reported review of the owner's business by a visitor whose enquiry it answered: its ids reach the reviews'
// checks, reports and decisions.
const review = await createReview(db, { tradeId: ownTrade.id });
const reviewReport = await createReviewReport(db, review);

const sharedIds = [
  church.id,
  ownTrade.id,
  ownAddress.id,
  ownSocialMedia.id,
  bystander.id,
  bystanderTrade.id,
  enquiry.id,
  spamReport.id,
  review.id,
  review.enquiryId,
  reviewReport.id,
];
const integers = [categories.main.id, categories.sub.id];

const OPEN_ACCOUNT = { enabled: true, accountNonLocked: true, accountNonExpired: true, credentialsNonExpired: true, deletionDueAt: null };

interface Caller {
  name: string;
  /** The ids its well-typed values use. */
  known: KnownIds;
  browser: TestBrowser;
  /** A new session when a request ended it (logging out), so that the next request is still logged in. */
  staysLoggedIn(): Promise<boolean>;
}

function visitor(): Caller {
  return {
    name: 'visitor',
    known: { uuids: [...sharedIds, owner.id, administrator.id], integers },
    browser: testBrowser(app),
    staysLoggedIn: async () => false,
  };
}

async function loggedIn(name: string, userId: string, uuids: string[]): Promise<Caller> {
  const caller: Caller = {
    name,
    known: { uuids, integers },
    browser: await loggedInBrowser(app, db, userId),
    async staysLoggedIn() {
      if (caller.browser.sessionToken !== undefined) return false;
      // A caller who closed their own account (PATCH /api/user/toggleaccountenabled) has it opened again, as an
      // administrator would, so that the routes after it are not all answered 401.
      await db.update(users).set(OPEN_ACCOUNT).where(eq(users.id, userId));
      caller.browser = await loggedInBrowser(app, db, userId);
      return true;
    },
  };
  return caller;
}

// An administrator is not given its own id or the owner's, lest a well-typed toggle lock one of them out and
// hide the checks of every later route behind a 401.
const CALLERS: Caller[] = [
  visitor(),
  await loggedIn('owner', owner.id, [...sharedIds, owner.id]),
  await loggedIn('administrator', administrator.id, sharedIds),
];

/** A seed per route and caller, so that a new route does not change the cases of the others. */
function seedOf(name: string): number {
  let hash = SEED >>> 0;
  for (const character of name) hash = Math.imul(hash ^ character.charCodeAt(0), 16777619) >>> 0;
  return hash | 0;
}

function shortened(value: string | Buffer | undefined, length = 160): string {
  if (value === undefined) return '';
  const text = JSON.stringify(value.toString()).slice(1, -1);
  return text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;
}

function describeCase(caller: Caller, request: HostileRequest, status: number, body: string, problems: string[]): string {
  return [
    `${caller.name} ${request.kind}: ${request.method} ${shortened(request.url)}`,
    `  sent ${shortened(request.payload)}`,
    `  answered ${status} ${shortened(body, 300)}`,
    `  ${problems.join('; ')}`,
  ].join('\n');
}

/** Per route, how many answers came with each status: shows which checks the cases reached. */
const statusesSeen = new Map<string, Map<number, number>>();

function tally(name: string, status: number): void {
  const statuses = statusesSeen.get(name) ?? new Map<number, number>();
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  statusesSeen.set(name, statuses);
}

/** The tables whose part of the fingerprint differs. */
function changedTables(before: string, after: string): string {
  const earlier = new Set(before.split(' '));
  return after
    .split(' ')
    .filter((part) => !earlier.has(part))
    .map((part) => part.split(':')[0])
    .join(', ');
}

function send(caller: Caller, request: HostileRequest) {
  return caller.browser.request({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    // A new address each time, so that limits per address do not hide the checks behind them.
    remoteAddress: newTestAddress(),
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
}

/**
 * Sends the caller's cases to the route. A refusal must leave the data as it was: checked after each request
 * that may change data, and once around the batch for reads (which keeps the suite inside its time budget).
 */
async function fuzzRoute(route: ApiRoute, caller: Caller): Promise<string[]> {
  const name = routeName(route);
  const requests = fc.sample(hostileRequests(route, caller.known, { png: PNG }), {
    seed: seedOf(`${name} ${caller.name}`),
    numRuns: RUNS_PER_CALLER,
  });
  const checkEachRequest = route.method !== 'GET';
  const problems: string[] = [];
  const batchBefore = await fingerprint();
  let before = batchBefore;
  let allRefused = true;
  for (const request of requests) {
    const started = performance.now();
    const response = await send(caller, request);
    const found = answerProblems(request, response, performance.now() - started);
    tally(name, response.statusCode);
    allRefused &&= response.statusCode >= 400;
    if (checkEachRequest) {
      const after = await fingerprint();
      if (response.statusCode >= 400 && after !== before) found.push(`a refusal changed ${changedTables(before, after)}`);
      before = after;
    }
    if (await caller.staysLoggedIn()) before = await fingerprint();
    if (found.length > 0) problems.push(describeCase(caller, request, response.statusCode, response.body, found));
  }
  if (!checkEachRequest && allRefused) {
    const batchAfter = await fingerprint();
    if (batchAfter !== batchBefore) problems.push(`${caller.name}: refused reads changed ${changedTables(batchBefore, batchAfter)}`);
  }
  return problems;
}

afterAll(() => {
  let total = 0;
  const lines = [...statusesSeen].map(([name, statuses]) => {
    const count = [...statuses.values()].reduce((sum, n) => sum + n, 0);
    total += count;
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    return `  ${String(count).padStart(4)}  ${name.padEnd(52)} ${byStatus.join(' ')}`;
  });
  console.log(`Hostile requests per route (seed ${SEED}):\n${lines.join('\n')}\n  ${total} in all, ${statusesSeen.size} routes`);
});

describe('hostile input to every API route', () => {
  it.runIf(process.env.FUZZ_ROUTE === undefined)('finds the routes in the app itself', () => {
    expect(ROUTES.map(routeName)).toEqual(
      expect.arrayContaining(['POST /api/user/login', 'PATCH /api/trades/logo', 'PATCH /api/trades/image']),
    );
  });

  for (const route of ROUTES) {
    it(
      `${routeName(route)} answers 4xx or success in the envelope, leaks nothing, and a refusal changes nothing`,
      async () => {
        const problems: string[] = [];
        for (const caller of CALLERS) problems.push(...(await fuzzRoute(route, caller)));

        expect(problems).toEqual([]);
      },
      ROUTE_TIME_LIMIT_MS,
    );
  }
});
