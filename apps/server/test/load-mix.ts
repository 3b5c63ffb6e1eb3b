import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { businessSlug } from '@churchtrades/shared/business-page';
import { REAL_STATES } from '@churchtrades/shared/states';
import pg from 'pg';
import { openDatabase } from '../src/db/database';
import { createRandom } from '../src/db/seed/random';
import { seedDemoData } from '../src/db/seed/seed';
import { sessionCookieName } from '../src/modules/sessions/plugin';

/**
 * The directory's traffic for the load and fault runs (bench/soak.ts, bench/faults.ts, test/faults.test.ts): a
 * PostgreSQL database seeded with the demo data (about 600 listed businesses, each with a verified owner), and
 * request sources of each kind: search, business page (HTML and API), login and the owners' writes. The writes
 * are recorded (what was sent, what was acknowledged) so that a run can read them back and prove none was lost.
 */
export const LOAD_KINDS = ['search', 'business page', 'business (API)', 'login', 'profile update'] as const;
export type LoadKind = (typeof LOAD_KINDS)[number];
export type WriteKind = 'profile update' | 'website entry' | 'registration';

/** The password of every seeded account (the demo seed hashes it once). */
export const LOAD_PASSWORD = 'vestry-ledger-4417';
const DEMO_SEED = 20250420;
const SEARCH_PAGE_SIZE = 9;
const DISTINCT_SEARCHES = 3000;

/** How a request ended: the server's answer, or why none came. */
export type Outcome = { status: number; body: string } | { error: 'refused' | 'reset' | 'timeout' | 'other' };

export interface PlannedRequest {
  /** A LoadKind or WriteKind, or what else a run sends (its readiness probes). */
  kind: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Told how the request ended, once. */
  settle(outcome: Outcome): void;
}

export interface RequestSource {
  kind: LoadKind | WriteKind;
  next(): PlannedRequest;
}

export interface Owner {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  tradeId: string;
}

export interface LoadFixture {
  databaseUrl: string;
  owners: Owner[];
  /** `/business/{id}/{slug}` of every listed business. */
  businessPages: string[];
  /** `/api/trades/{id}` of every listed business. */
  businessApi: string[];
  searchPaths: string[];
}

const settleNothing = () => undefined;

/** Migrates the empty database at `url`, seeds the demo data with LOAD_PASSWORD and reads what the load needs. */
export async function prepareLoadDatabase(databaseUrl: string): Promise<LoadFixture> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    await database.migrate();
    await seedDemoData(database.db, {
      seed: DEMO_SEED,
      demoPassword: LOAD_PASSWORD,
      mailSender: { appOrigin: 'http://localhost:3000', supportEmail: 'support@churchtrades.au' },
      // The load asks for no picture: the demo's cover pictures go to a folder of their own.
      uploadDir: fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-load-uploads-')),
    });
  } finally {
    await database.close();
  }
  return readFixture(databaseUrl);
}

async function withClient<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function searchPath(params: Record<string, string | number>): string {
  const query = Object.entries({ page: 0, size: SEARCH_PAGE_SIZE, ...params })
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `/api/trades/clientFilter?${query}`;
}

/**
 * Distinct searches drawn from the database's own categories and churches, the way people search (the fuller
 * mixes of bench/search-queries.ts are for the search benchmark): a word, a word in a state, a category in a
 * state, a church, or no text at all; mostly the first page.
 */
async function readSearchPaths(client: pg.Client): Promise<string[]> {
  const categories = await client.query<{ id: number; name: string; tags: string; parent_id: number | null }>(
    'select id, name, tags, parent_id from categories order by id',
  );
  const churches = await client.query<{ id: string; state: string }>(
    'select id, state_type as state from churches where enabled order by id',
  );
  const words = [
    ...new Set(
      categories.rows.flatMap((category) => `${category.name} ${category.tags}`.toLowerCase().split(/[^a-z]+/)),
    ),
  ].filter((word) => word.length >= 4);
  const mains = categories.rows.filter((category) => category.parent_id === null);
  const random = createRandom(DEMO_SEED, 'load-searches');
  const page = () => (random.chance(0.7) ? 0 : random.int(1, 3));
  const draws: (() => string)[] = [
    () => searchPath({ page: page(), searchText: random.pick(words) }),
    () => searchPath({ page: page(), searchText: random.pick(words), stateType: random.pick(REAL_STATES) }),
    () => searchPath({ page: page(), stateType: random.pick(REAL_STATES), mCat: random.pick(mains).id }),
    () => {
      const church = random.pick(churches.rows);
      return searchPath({ page: page(), stateType: church.state, churchId: church.id });
    },
    () => searchPath({ page: random.int(0, 40) }),
  ];
  const paths = new Set<string>();
  for (let attempt = 0; attempt < DISTINCT_SEARCHES * 20 && paths.size < DISTINCT_SEARCHES; attempt += 1) {
    paths.add(random.pick(draws)());
  }
  return random.shuffle([...paths]);
}

export function readFixture(databaseUrl: string): Promise<LoadFixture> {
  return withClient(databaseUrl, async (client) => {
    const owners = await client.query<Owner>(
      `select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName",
              coalesce(u.phone, '0400 000 000') as phone, t.id as "tradeId"
       from users u join trades t on t.owner_id = u.id
       where u.role = 'TRADER' and u.enabled and u.credentials_non_expired and u.email_verified_at is not null
       order by u.email`,
    );
    const listed = await client.query<{ id: string; name: string }>('select id, name from trades where listed order by id');
    return {
      databaseUrl,
      owners: owners.rows,
      businessPages: listed.rows.map((trade) => `/business/${trade.id}/${businessSlug(trade.name)}`),
      businessApi: listed.rows.map((trade) => `/api/trades/${trade.id}`),
      searchPaths: await readSearchPaths(client),
    };
  });
}

/**
 * A distinct client address for the n-th request, as the proxy in front of production would forward it
 * (X-Forwarded-For, which the server trusts with NODE_ENV=production): the limits per address count each
 * visitor apart, as they would for real visitors. The limits themselves are unchanged.
 */
export function clientAddress(n: number): string {
  return `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

let addressesUsed = 0;
const nextClientAddress = () => clientAddress(++addressesUsed);

function jsonHeaders(origin: string, extra: Record<string, string> = {}): Record<string, string> {
  return { 'content-type': 'application/json', origin, ...extra };
}

/** Logs an owner in (from an address of its own) and answers the session cookie to send to the production server. */
export async function logIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: jsonHeaders(baseUrl, { 'x-forwarded-for': nextClientAddress() }),
    body: JSON.stringify({ email, password: LOAD_PASSWORD }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`login of ${email} answered ${response.status}: ${body.slice(0, 200)}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${sessionCookieName(true)}=`));
  if (!cookie) throw new Error(`login of ${email} set no session cookie`);
  return cookie;
}

export interface SignedInOwner {
  owner: Owner;
  cookie: string;
}

/** Logs the owners in, a few at a time (each login checks an argon2 hash). */
export async function logInOwners(baseUrl: string, owners: readonly Owner[], parallel = 4): Promise<SignedInOwner[]> {
  const signedIn: SignedInOwner[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < owners.length) {
        const owner = owners[next++] as Owner;
        signedIn.push({ owner, cookie: await logIn(baseUrl, owner.email) });
      }
    }),
  );
  return signedIn;
}

/** GET requests going round a list of paths. */
export function pathSource(kind: LoadKind, paths: readonly string[], offset = 0): RequestSource {
  if (paths.length === 0) throw new Error(`No paths for ${kind}`);
  let index = offset;
  return {
    kind,
    next: () => ({ kind, method: 'GET', path: paths[index++ % paths.length] as string, headers: {}, settle: settleNothing }),
  };
}

/**
 * Logins of the owners in turn, each from an address of its own. The limit per account (10 in 15 minutes)
 * still holds: more logins than 10 per owner are refused with 429, which is the product working.
 */
export function loginSource(origin: string, owners: readonly Owner[]): RequestSource {
  let index = 0;
  return {
    kind: 'login',
    next: () => {
      const owner = owners[index++ % owners.length] as Owner;
      return {
        kind: 'login',
        method: 'POST',
        path: '/api/user/login',
        headers: jsonHeaders(origin, { 'x-forwarded-for': nextClientAddress() }),
        body: JSON.stringify({ email: owner.email, password: LOAD_PASSWORD }),
        settle: settleNothing,
      };
    },
  };
}

type AttemptOutcome = 'pending' | 'acknowledged' | 'refused' | 'unanswered';

interface Attempt {
  value: string;
  outcome: AttemptOutcome;
}

/** What the read-back of one kind of write found. */
export interface WriteCheck {
  kind: WriteKind;
  attempts: number;
  acknowledged: number;
  /** Answered with an error status: not done, or done but refused afterwards. */
  refused: number;
  /** No answer (refused connection, reset, timeout): either way is right. */
  unanswered: number;
  /** Writes not acknowledged (unanswered, or answered with an error) that the database holds: either way is right. */
  unacknowledgedDone: number;
  /** Acknowledged writes missing or overwritten by an older one, or other broken promises: must be empty. */
  lost: string[];
  /** Writes found half-done (one row of a transaction without the other): must be empty. */
  halfDone: string[];
  /** Half-done states of writes never acknowledged and not in one transaction, for the report. */
  notes: string[];
}

function tally(kind: WriteKind, attempts: readonly Attempt[]): WriteCheck {
  const count = (outcome: AttemptOutcome) => attempts.filter((attempt) => attempt.outcome === outcome).length;
  return {
    kind,
    attempts: attempts.length,
    acknowledged: count('acknowledged'),
    refused: count('refused'),
    unanswered: count('unanswered') + count('pending'),
    unacknowledgedDone: 0,
    lost: [],
    halfDone: [],
    notes: [],
  };
}

function isAnswer(outcome: Outcome): outcome is { status: number; body: string } {
  return 'status' in outcome;
}

function dataOf(body: string): Record<string, unknown> | undefined {
  try {
    return (JSON.parse(body) as { data?: Record<string, unknown> }).data;
  } catch {
    return undefined;
  }
}

/**
 * Each owner's PATCH /api/user/update of their own profile, with a bio no other write has. One write per owner
 * at a time, so that the last acknowledged one must be what the database holds (or a later unanswered one).
 * An owner whose write got no answer may still have it running somewhere: it gets no more writes.
 */
export class ProfileWrites {
  private readonly writers: { signedIn: SignedInOwner; attempts: Attempt[]; busy: boolean }[];
  private cursor = 0;
  private written = 0;
  /** Reads sent by source() while every owner had a write under way. */
  fillerReads = 0;

  constructor(
    signedIn: readonly SignedInOwner[],
    private readonly origin: string,
    private readonly label: string,
  ) {
    this.writers = signedIn.map((owner) => ({ signedIn: owner, attempts: [], busy: false }));
  }

  /** The next write, or undefined when every owner has one under way. */
  next(): PlannedRequest | undefined {
    for (let tried = 0; tried < this.writers.length; tried += 1) {
      const writer = this.writers[this.cursor++ % this.writers.length]!;
      if (writer.busy) continue;
      writer.busy = true;
      const { owner, cookie } = writer.signedIn;
      const attempt: Attempt = { value: `${this.label} write ${++this.written} of ${owner.email}.`, outcome: 'pending' };
      writer.attempts.push(attempt);
      return {
        kind: 'profile update',
        method: 'PATCH',
        path: '/api/user/update',
        headers: jsonHeaders(this.origin, { cookie }),
        body: JSON.stringify({
          firstName: owner.firstName,
          lastName: owner.lastName,
          email: owner.email,
          bio: attempt.value,
          phone: owner.phone,
        }),
        settle: (outcome) => {
          if (attempt.outcome !== 'pending') return;
          if (!isAnswer(outcome)) {
            attempt.outcome = 'unanswered';
            // A refused connection never reached the server; anything else may still be running there.
            if (outcome.error === 'refused') writer.busy = false;
            return;
          }
          writer.busy = false;
          const user = dataOf(outcome.body)?.user as { bio?: unknown } | undefined;
          const acknowledged = outcome.status === 200 && user?.bio === attempt.value;
          attempt.outcome = acknowledged ? 'acknowledged' : 'refused';
        },
      };
    }
    return undefined;
  }

  /** A source for load drivers that must always send something: a read of the own profile when no owner is free. */
  source(): RequestSource {
    return {
      kind: 'profile update',
      next: () => {
        const write = this.next();
        if (write) return write;
        this.fillerReads += 1;
        const cookie = this.writers[0]?.signedIn.cookie ?? '';
        return { kind: 'profile update', method: 'GET', path: '/api/user/profile', headers: { cookie }, settle: settleNothing };
      },
    };
  }

  async check(databaseUrl: string): Promise<WriteCheck> {
    const result = tally('profile update', this.writers.flatMap((writer) => writer.attempts));
    const ids = this.writers.map((writer) => writer.signedIn.owner.id);
    const rows = await withClient(databaseUrl, (client) =>
      client.query<{ id: string; bio: string | null }>('select id, bio from users where id = any($1::uuid[])', [ids]),
    );
    const bios = new Map(rows.rows.map((row) => [row.id, row.bio]));
    for (const { signedIn, attempts } of this.writers) {
      const found = attempts.findIndex((attempt) => attempt.value === bios.get(signedIn.owner.id));
      const lastAcknowledged = attempts.findLastIndex((attempt) => attempt.outcome === 'acknowledged');
      if (found > lastAcknowledged) result.unacknowledgedDone += 1;
      if (lastAcknowledged >= 0 && found < lastAcknowledged) {
        const holds = found < 0 ? 'a value never written' : `the older "${attempts[found]?.value}"`;
        result.lost.push(`${signedIn.owner.email}: acknowledged "${attempts[lastAcknowledged]?.value}" but the database holds ${holds}`);
      }
    }
    return result;
  }
}

/**
 * Owners adding a WEBSITE entry to their business (POST /api/socialMedia/create): the entry and the business's
 * website (the link of its search card) are written in one transaction, so after any failure the website must
 * still be the latest WEBSITE entry's link.
 */
export class WebsiteEntries {
  private readonly attempts: (Attempt & { tradeId: string; id?: string })[] = [];
  private cursor = 0;

  constructor(
    private readonly signedIn: readonly SignedInOwner[],
    private readonly origin: string,
    private readonly label: string,
  ) {}

  next(): PlannedRequest {
    const { owner, cookie } = this.signedIn[this.cursor++ % this.signedIn.length]!;
    const attempt: (typeof this.attempts)[number] = {
      value: `https://${this.label}-${this.attempts.length + 1}.example.com.au`,
      outcome: 'pending',
      tradeId: owner.tradeId,
    };
    this.attempts.push(attempt);
    return {
      kind: 'website entry',
      method: 'POST',
      path: '/api/socialMedia/create',
      headers: jsonHeaders(this.origin, { cookie }),
      body: JSON.stringify({ entityId: owner.tradeId, name: attempt.value, mediaType: 'WEBSITE', referenceId: 'refnull' }),
      settle: (outcome) => {
        if (attempt.outcome !== 'pending') return;
        if (!isAnswer(outcome)) {
          attempt.outcome = 'unanswered';
          return;
        }
        const entry = dataOf(outcome.body)?.socialMedia as { id?: unknown; name?: unknown } | undefined;
        const acknowledged = outcome.status === 201 && entry?.name === attempt.value && typeof entry.id === 'string';
        attempt.outcome = acknowledged ? 'acknowledged' : 'refused';
        if (acknowledged) attempt.id = entry.id as string;
      },
    };
  }

  async check(databaseUrl: string): Promise<WriteCheck> {
    const result = tally('website entry', this.attempts);
    const tradeIds = [...new Set(this.signedIn.map(({ owner }) => owner.tradeId))];
    const { entries, trades } = await withClient(databaseUrl, async (client) => ({
      entries: await client.query<{ id: string; name: string }>(
        `select id, name from social_media where entity_id = any($1::uuid[]) and media_type = 'WEBSITE'`,
        [tradeIds],
      ),
      // The website each business shows, beside its latest WEBSITE entry (as the service orders them).
      trades: await client.query<{ id: string; website: string | null; latest: string | null }>(
        `select t.id, t.website,
                (select s.name from social_media s where s.entity_id = t.id and s.media_type = 'WEBSITE'
                 order by s.updated_at desc, s.created_at desc, s.id desc limit 1) as latest
         from trades t where t.id = any($1::uuid[])`,
        [tradeIds],
      ),
    }));
    const stored = new Map(entries.rows.map((row) => [row.id, row.name]));
    const storedNames = new Set(entries.rows.map((row) => row.name));
    for (const attempt of this.attempts) {
      if (attempt.outcome === 'acknowledged' && stored.get(attempt.id ?? '') !== attempt.value) {
        result.lost.push(`website entry ${attempt.value} (${attempt.id}) was acknowledged but is not stored`);
      }
      if (attempt.outcome !== 'acknowledged' && storedNames.has(attempt.value)) result.unacknowledgedDone += 1;
    }
    for (const trade of trades.rows) {
      if (trade.latest !== null && trade.website !== trade.latest) {
        result.halfDone.push(`business ${trade.id} shows ${trade.website ?? 'no website'} but its latest WEBSITE entry is ${trade.latest}`);
      }
    }
    return result;
  }
}

/**
 * New accounts (POST /api/user/register), each from an address of its own. The account and its verification
 * key are written in one transaction: an account, acknowledged or not, never exists without its key.
 */
export class Registrations {
  private readonly attempts: Attempt[] = [];

  constructor(
    private readonly origin: string,
    private readonly label: string,
  ) {}

  next(): PlannedRequest {
    const attempt: Attempt = { value: `${this.label}-${this.attempts.length + 1}@example.com.au`, outcome: 'pending' };
    this.attempts.push(attempt);
    return {
      kind: 'registration',
      method: 'POST',
      path: '/api/user/register',
      headers: jsonHeaders(this.origin, { 'x-forwarded-for': nextClientAddress() }),
      body: JSON.stringify({ firstName: 'Load', lastName: 'Runner', email: attempt.value, password: LOAD_PASSWORD }),
      settle: (outcome) => {
        if (attempt.outcome !== 'pending') return;
        if (!isAnswer(outcome)) attempt.outcome = 'unanswered';
        else attempt.outcome = outcome.status === 200 ? 'acknowledged' : 'refused';
      },
    };
  }

  async check(databaseUrl: string): Promise<WriteCheck> {
    const result = tally('registration', this.attempts);
    const emails = this.attempts.map((attempt) => attempt.value);
    const rows = await withClient(databaseUrl, (client) =>
      client.query<{ email: string; keys: string }>(
        `select u.email, (select count(*) from one_time_keys k where k.user_id = u.id and k.purpose = 'VERIFY_ACCOUNT') as keys
         from users u where lower(u.email) = any($1::text[])`,
        [emails],
      ),
    );
    const keysOf = new Map(rows.rows.map((row) => [row.email, Number(row.keys)]));
    for (const attempt of this.attempts) {
      const keys = keysOf.get(attempt.value);
      if (attempt.outcome === 'acknowledged') {
        if (keys === undefined) result.lost.push(`registration of ${attempt.value} was acknowledged but no account exists`);
        else if (keys === 0) result.halfDone.push(`${attempt.value} was acknowledged but has no verification key`);
        continue;
      }
      if (keys === undefined) continue;
      result.unacknowledgedDone += 1;
      if (keys === 0) result.halfDone.push(`${attempt.value} (never acknowledged) exists without a verification key`);
    }
    return result;
  }
}
