import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/database';
import { outboxMails } from '../apps/server/src/db/schema';
import { FIRST_NAMES, LAST_NAMES } from '../apps/server/src/db/seed/demo-data';
import { STREET_NAMES } from '../apps/server/src/db/seed/demo-places';
import { createRandom, type Random } from '../apps/server/src/db/seed/random';
import { resetPasswordMail, verifyAccountMail } from '../apps/server/src/modules/mail/account-mails';
import { messageIdDomain } from '../apps/server/src/modules/mail/service';
import { hashPassword } from '../apps/server/src/modules/users/password';
import { weakPasswordReason } from '../apps/server/src/modules/users/password-strength';
import { KEY_LIFETIME_HOURS } from '../apps/server/src/modules/users/service';
import { compiledEntryArguments } from '../apps/server/test/compiled-server';
import { clientAddress } from '../apps/server/test/load-mix';
import { type MailCatcher, startMailCatcher } from '../apps/server/test/mail-catcher';
import { freePort } from '../apps/server/test/server-process';
import { CpuMeter, cpuMs, loadAverage, median, percentile, productFingerprint, REPO_ROOT, RESULTS_DIR } from './load';

/**
 * The mail outbox: how fast queued mails reach a mail server, and what queuing one costs the request that does.
 *
 * (1) Delivery: BENCH_MAIL_COUNT account mails (distinct recipients, the bodies the product writes) are put in the
 *     outbox, then `dist/worker.js` (`npm run worker`, compiled from the sources in hand) is started against a real
 *     SMTP server on loopback (test/mail-catcher.ts, in this process) and timed until the catcher has them all;
 *     then the outbox is read back (every mail SENT, tried once) and the caught mails checked for a Message-ID
 *     received twice. On PostgreSQL the same again with two worker processes side by side.
 * (2) Registration: the compiled server (NODE_ENV=production) on the same database, BENCH_MAIL_REGISTRATIONS
 *     registrations of distinct people for each variant below, after the static JSON route GET /api/site for
 *     BENCH_SECONDS as the anchor of the ratios. Variants: as shipped (the mail queued in the registration's
 *     transaction and delivered by the app's own background work to the catcher); queued but not delivered
 *     (BACKGROUND_WORK=off); not queued: the same app and code path with the insert made a no-op by the database
 *     (`CREATE RULE … AS ON INSERT TO outbox_mails DO INSTEAD NOTHING`, dropped afterwards; the statement is still
 *     sent and answered). Each registration comes from an address of its own in X-Forwarded-For, which the server
 *     trusts from loopback (TRUST_PROXY=loopback), as production trusts its proxy: the product's limits per
 *     network and per e-mail are unchanged, and no e-mail repeats.
 *
 * Runs on a fresh embedded database (PGlite), then, when BENCH_DATABASE_URL names an empty PostgreSQL database,
 * on that one too. Never part of `npm test`.
 *
 *   npm run bench:mail
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_mail npm run bench:mail
 *   BENCH_MAIL_COUNT=5000 BENCH_MAIL_REGISTRATIONS=2000 BENCH_CONNECTIONS=10 BENCH_SECONDS=10
 */
const env = process.env;
const MAILS = Number(env.BENCH_MAIL_COUNT ?? 5000);
const REGISTRATIONS = Number(env.BENCH_MAIL_REGISTRATIONS ?? 2000);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
const STATIC_SECONDS = Number(env.BENCH_SECONDS ?? 10);
const POSTGRES_URL = env.BENCH_DATABASE_URL;
/** Registrations and static requests before each variant, not reported: the first ones compile and connect. */
const WARMUP_REGISTRATIONS = 40;
const WARMUP_SECONDS = 2;
const REQUEST_TIMEOUT_SECONDS = 30;
/** A delivery run fails when no mail arrives for this long. */
const STALL_MS = 60_000;
const QUEUE_BATCH = 500;
const WORK_SAMPLES = 30;
const SEED = 20250420;
const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
const MAIL_FROM = 'ChurchTrades <no-reply@churchtrades.au>';
const SENDER = { appOrigin: 'https://churchtrades.au', supportEmail: 'support@churchtrades.au' };
const NO_QUEUING_RULE = 'bench_outbox_mails_not_written';

interface DatabaseKind {
  name: 'PGlite' | 'PostgreSQL';
  /** What the server and worker processes are given to reach the database. */
  env: Record<string, string>;
  /** PostgreSQL only: the CPU of its backends is metered. */
  url?: string;
  /** PGlite: one process at a time, so the bench opens it only while no server or worker runs. */
  open(): ReturnType<typeof openDatabase>;
  remove(): Promise<void>;
}

async function withDatabase<T>(kind: DatabaseKind, work: (db: Database) => Promise<T>): Promise<T> {
  const database = await kind.open();
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function pgliteKind(): Promise<DatabaseKind> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'churchtrades-bench-mail-'));
  return {
    name: 'PGlite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ kind: 'pglite', dataDir }),
    remove: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

async function postgresKind(url: string): Promise<DatabaseKind> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'churchtrades-bench-mail-'));
  const kind: DatabaseKind = {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url, DATA_DIR: dataDir },
    url,
    open: async () => openDatabase({ kind: 'postgres', url, poolSize: 2 }),
    remove: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
  const [tables] = await withDatabase(kind, (db) =>
    rowsOf<{ count: number }>(db, sql`select count(*)::int as count from information_schema.tables where table_schema = 'public'`),
  );
  if ((tables?.count ?? 0) > 0) {
    throw new Error('BENCH_DATABASE_URL must name an empty database (createdb …): the run writes thousands of accounts and mails into it');
  }
  return kind;
}

async function migrate(kind: DatabaseKind): Promise<void> {
  const database = await kind.open();
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

/** A production environment of its own for each process: nothing of the caller's shell (DATABASE_URL…) leaks in. */
function productionEnv(kind: DatabaseKind, extra: Record<string, string>): Record<string, string> {
  return {
    PATH: env.PATH ?? '',
    HOME: env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    MAIL_FROM,
    SUPPORT_EMAIL: SENDER.supportEmail,
    ...kind.env,
    ...extra,
  };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stopProcess(child: ChildProcess): Promise<void> {
  const exit = exited(child);
  child.kill('SIGTERM');
  await exit;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- (1) delivery ----

/** Distinct people: a name from the demo data and a number, at a domain of the run's own. */
function personAt(random: Random, domain: string, n: number) {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const email = `${firstName}.${lastName}.${n}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');
  return { firstName, lastName, email };
}

/** The outbox rows the mail service would write: verification mails and, one in four, password resets. */
async function queueMails(kind: DatabaseKind, domain: string, count: number): Promise<void> {
  const random = createRandom(SEED, domain);
  const messageDomain = messageIdDomain(MAIL_FROM);
  await withDatabase(kind, async (db) => {
    for (let start = 0; start < count; start += QUEUE_BATCH) {
      const rows = [];
      for (let n = start; n < Math.min(count, start + QUEUE_BATCH); n += 1) {
        const person = personAt(random, domain, n);
        const key = randomBytes(32).toString('base64url');
        const mail =
          n % 4 === 3
            ? resetPasswordMail(SENDER, person, key, KEY_LIFETIME_HOURS.RESET_PASSWORD)
            : verifyAccountMail(SENDER, person.email, key, KEY_LIFETIME_HOURS.VERIFY_ACCOUNT);
        rows.push({
          messageId: `<${randomUUID()}@${messageDomain}>`,
          recipient: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          headers: {},
        });
      }
      await db.insert(outboxMails).values(rows);
    }
  });
}

interface DeliveryResult {
  database: string;
  processes: number;
  mails: number;
  caught: number;
  deliveredTwice: number;
  sent: number;
  notSent: number;
  triedMoreThanOnce: number;
  averageBodyBytes: number;
  startToFirstMs: number;
  firstToLastMs: number;
  mailsPerSecond: number;
  mailsPerSecondFromStart: number;
  /** CPU per mail between the first and the last mail caught. */
  workerCpuMsPerMail: number;
  catcherCpuMsPerMail: number;
  postgresCpuMsPerMail: number | null;
  load: { before: string; after: string };
}

async function meterPostgres(kind: DatabaseKind): Promise<{ meter: CpuMeter; end(): Promise<void> } | undefined> {
  if (kind.url === undefined) return undefined;
  const client = new pg.Client({ connectionString: kind.url });
  await client.connect();
  return { meter: new CpuMeter(client, undefined), end: () => client.end() };
}

/** Waits until `count` more mails than `before` are caught; answers when the first and the last arrived. */
async function waitForMails(catcher: MailCatcher, before: number, count: number, onFirst: () => Promise<void>) {
  let first: number | undefined;
  let progressAt = performance.now();
  let seen = 0;
  for (;;) {
    const caught = catcher.mails.length - before;
    const now = performance.now();
    if (caught > seen) {
      seen = caught;
      progressAt = now;
    }
    if (caught > 0 && first === undefined) {
      first = now;
      await onFirst();
    }
    if (caught >= count) return { first: first ?? now, last: now };
    if (now - progressAt > STALL_MS) throw new Error(`Delivery stalled: ${caught} of ${count} mails caught`);
    await pause(5);
  }
}

async function deliveryRun(kind: DatabaseKind, catcher: MailCatcher, processes: number): Promise<DeliveryResult> {
  const domain = `delivery-${processes}.${kind.name.toLowerCase()}.example.com.au`;
  await queueMails(kind, domain, MAILS);
  const postgres = await meterPostgres(kind);
  const before = catcher.mails.length;
  const loadBefore = loadAverage();
  const workerArguments = await compiledEntryArguments('worker');
  const startedAt = performance.now();
  const workers = Array.from({ length: processes }, () =>
    spawn(process.execPath, workerArguments, {
      cwd: SERVER_DIR,
      env: productionEnv(kind, { SMTP_URL: catcher.url }),
      stdio: ['ignore', 'inherit', 'inherit'],
    }),
  );
  const cpuAtFirst = { workers: 0, catcher: process.cpuUsage() };
  const workerCpu = () => workers.reduce((sum, worker) => sum + (cpuMs(worker.pid ?? -1) ?? 0), 0);
  try {
    const { first, last } = await waitForMails(catcher, before, MAILS, async () => {
      cpuAtFirst.workers = workerCpu();
      cpuAtFirst.catcher = process.cpuUsage();
      await postgres?.meter.start();
    });
    const workersMs = workerCpu() - cpuAtFirst.workers;
    const catcherUsage = process.cpuUsage(cpuAtFirst.catcher);
    const postgresMs = postgres ? (await postgres.meter.stop()).postgresMs : null;
    const loadAfter = loadAverage();
    await Promise.all(workers.map(stopProcess));

    const caught = catcher.mails.slice(before);
    const byMessageId = new Map<string, number>();
    for (const mail of caught) byMessageId.set(mail.messageId, (byMessageId.get(mail.messageId) ?? 0) + 1);
    const strangers = caught.filter((mail) => !mail.to.every((address) => address.endsWith(`@${domain}`)));
    if (strangers.length > 0) throw new Error(`${strangers.length} caught mails were not of this run`);
    const states = await withDatabase(kind, (db) =>
      rowsOf<{ state: string; count: number; retried: number }>(
        db,
        sql`select state, count(*)::int as count, count(*) filter (where tries > 1)::int as retried
            from outbox_mails where recipient like ${`%@${domain}`} group by state`,
      ),
    );
    const sent = states.find((row) => row.state === 'SENT')?.count ?? 0;
    const mailed = caught.length;
    const perMail = (ms: number) => ms / Math.max(1, mailed - 1);
    return {
      database: kind.name,
      processes,
      mails: MAILS,
      caught: mailed,
      deliveredTwice: [...byMessageId.values()].filter((count) => count > 1).length,
      sent,
      notSent: states.filter((row) => row.state !== 'SENT').reduce((sum, row) => sum + row.count, 0),
      triedMoreThanOnce: states.reduce((sum, row) => sum + row.retried, 0),
      averageBodyBytes: Math.round(caught.reduce((sum, mail) => sum + mail.raw.length, 0) / Math.max(1, mailed)),
      startToFirstMs: first - startedAt,
      firstToLastMs: last - first,
      mailsPerSecond: ((mailed - 1) * 1000) / (last - first),
      mailsPerSecondFromStart: (mailed * 1000) / (last - startedAt),
      workerCpuMsPerMail: perMail(workersMs),
      catcherCpuMsPerMail: perMail((catcherUsage.user + catcherUsage.system) / 1000),
      postgresCpuMsPerMail: postgresMs === null ? null : perMail(postgresMs),
      load: { before: loadBefore, after: loadAfter },
    };
  } finally {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
    await postgres?.end();
  }
}

// ---- (2) registration ----

interface Registration {
  body: string;
  address: string;
}

let addressesUsed = 0;

/** A password of two street names and four digits, like a person's passphrase, that the strength check takes. */
function passwordFor(random: Random, owner: { email: string; firstName: string; lastName: string }): string {
  for (;;) {
    const words = [random.pick(STREET_NAMES), random.pick(STREET_NAMES)].map((word) => word.toLowerCase().replaceAll(' ', ''));
    const password = `${words.join('-')}-${random.int(1000, 9999)}`;
    if (weakPasswordReason(password, owner) === undefined) return password;
  }
}

function registrationsAt(domain: string, count: number): Registration[] {
  const random = createRandom(SEED, domain);
  return Array.from({ length: count }, (_, n) => {
    const person = personAt(random, domain, n);
    addressesUsed += 1;
    return { body: JSON.stringify({ ...person, password: passwordFor(random, person) }), address: clientAddress(addressesUsed) };
  });
}

interface Figures {
  requests: number;
  requestsPerSecond: number;
  statuses: Record<string, number>;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

interface Planned {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** autocannon at CONNECTIONS connections, `amount` requests or for `seconds`, each the next of `plan`. */
function drive(baseUrl: string, length: { amount: number } | { duration: number }, plan: () => Planned): Promise<Figures> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        timeout: REQUEST_TIMEOUT_SECONDS,
        ...length,
        requests: [{ setupRequest: (request) => ({ ...request, ...plan() }) }],
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = latencies.sort((a, b) => a - b);
        resolve({
          requests: latencies.length,
          requestsPerSecond: latencies.length / result.duration,
          statuses,
          errors: result.errors + result.timeouts,
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          p99: percentile(sorted, 0.99),
          max: sorted.at(-1) ?? Number.NaN,
        });
      },
    );
    instance.on('response', (_client, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

function registering(baseUrl: string, registrations: readonly Registration[]): () => Planned {
  let next = 0;
  return () => {
    const registration = registrations[next++ % registrations.length] as Registration;
    return {
      method: 'POST',
      path: '/api/user/register',
      headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': registration.address },
      body: registration.body,
    };
  };
}

const SITE: Planned = { method: 'GET', path: '/api/site' };

interface RunningApp {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/** The compiled server (dist/server.js) as production runs it, behind a proxy on this machine. */
async function startApp(kind: DatabaseKind, extra: Record<string, string>): Promise<RunningApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, await compiledEntryArguments('server'), {
    cwd: SERVER_DIR,
    env: productionEnv(kind, { PORT: String(port), HOST: '127.0.0.1', APP_ORIGIN: baseUrl, TRUST_PROXY: 'loopback', ...extra }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (!(await fetch(`${baseUrl}/readyz`).then((response) => response.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not get ready (exit ${child.exitCode})`);
    }
    await pause(200);
  }
  return { baseUrl, pid: child.pid ?? -1, stop: () => stopProcess(child) };
}

interface Variant {
  name: string;
  backgroundWork: 'on' | 'off';
  noQueuing: boolean;
}

const VARIANTS: Variant[] = [
  { name: 'queued and delivered by the app (as shipped)', backgroundWork: 'on', noQueuing: false },
  { name: 'queued, not delivered (BACKGROUND_WORK=off)', backgroundWork: 'off', noQueuing: false },
  { name: 'not queued (insert made a no-op by a rule; BACKGROUND_WORK=off)', backgroundWork: 'off', noQueuing: true },
];

interface VariantResult {
  database: string;
  variant: string;
  site: Figures;
  register: Figures;
  /** Of the registration's p95 over the static route's, and of its throughput over the static route's. */
  p95Ratio: number;
  throughputRatio: number;
  serverCpuMsPerRegistration: number | null;
  postgresCpuMsPerRegistration: number | null;
  accountsMade: number;
  mailsQueued: number;
  mailsCaughtDuringRun: number;
  load: { before: string; after: string };
}

async function setNoQueuing(kind: DatabaseKind, on: boolean): Promise<void> {
  await withDatabase(kind, (db) =>
    db.execute(
      on
        ? sql.raw(`create rule ${NO_QUEUING_RULE} as on insert to outbox_mails do instead nothing`)
        : sql.raw(`drop rule if exists ${NO_QUEUING_RULE} on outbox_mails`),
    ),
  );
}

async function variantRun(kind: DatabaseKind, catcher: MailCatcher, variant: Variant, index: number): Promise<VariantResult> {
  const domain = `registration-${index + 1}.${kind.name.toLowerCase()}.example.com.au`;
  const warmUp = registrationsAt(`warm-up-${domain}`, WARMUP_REGISTRATIONS);
  const registrations = registrationsAt(domain, REGISTRATIONS);
  if (variant.noQueuing) await setNoQueuing(kind, true);
  const postgres = await meterPostgres(kind);
  try {
    const app = await startApp(kind, { SMTP_URL: catcher.url, BACKGROUND_WORK: variant.backgroundWork });
    let measured: Omit<VariantResult, 'accountsMade' | 'mailsQueued'>;
    try {
      await drive(app.baseUrl, { amount: WARMUP_REGISTRATIONS }, registering(app.baseUrl, warmUp));
      await drive(app.baseUrl, { duration: WARMUP_SECONDS }, () => SITE);
      const loadBefore = loadAverage();
      const site = await drive(app.baseUrl, { duration: STATIC_SECONDS }, () => SITE);
      const caughtBefore = catcher.mails.length;
      const serverCpuBefore = cpuMs(app.pid);
      await postgres?.meter.start();
      const register = await drive(app.baseUrl, { amount: REGISTRATIONS }, registering(app.baseUrl, registrations));
      const serverCpuAfter = cpuMs(app.pid);
      const postgresMs = postgres ? (await postgres.meter.stop()).postgresMs : null;
      measured = {
        database: kind.name,
        variant: variant.name,
        site,
        register,
        p95Ratio: register.p95 / site.p95,
        throughputRatio: register.requestsPerSecond / site.requestsPerSecond,
        serverCpuMsPerRegistration:
          serverCpuBefore === null || serverCpuAfter === null ? null : (serverCpuAfter - serverCpuBefore) / register.requests,
        postgresCpuMsPerRegistration: postgresMs === null ? null : postgresMs / register.requests,
        mailsCaughtDuringRun: catcher.mails.length - caughtBefore,
        load: { before: loadBefore, after: loadAverage() },
      };
    } finally {
      await app.stop();
    }
    const [counts] = await withDatabase(kind, (db) =>
      rowsOf<{ accounts: number; mails: number }>(
        db,
        sql`select (select count(*)::int from users where email like ${`%@${domain}`}) as accounts,
                   (select count(*)::int from outbox_mails where recipient like ${`%@${domain}`}) as mails`,
      ),
    );
    return { ...measured, accountsMade: counts?.accounts ?? 0, mailsQueued: counts?.mails ?? 0 };
  } finally {
    await postgres?.end();
    if (variant.noQueuing) await setNoQueuing(kind, false);
  }
}

// ---- report ----

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const ratio = (value: number) => (Number.isFinite(value) ? value.toPrecision(value < 1 ? 2 : 3) : '–');
const counts = (values: Record<string, number>) =>
  Object.entries(values)
    .map(([key, count]) => `${key}×${count}`)
    .join(' ') || '–';

function deliveryTable(results: readonly DeliveryResult[]): string {
  const lines = [
    '| database | worker processes | mails | caught | delivered twice (by Message-ID) | SENT in the outbox | tried more than once | start → first mail s | first → last mail s | mails/s (first → last) | mails/s (from start) | worker CPU ms/mail | catcher CPU ms/mail | PG CPU ms/mail | load average |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.database} | ${r.processes} | ${r.mails} | ${r.caught} | ${r.deliveredTwice} | ${r.sent} | ${r.triedMoreThanOnce} | ` +
        `${(r.startToFirstMs / 1000).toFixed(2)} | ${(r.firstToLastMs / 1000).toFixed(2)} | ${r.mailsPerSecond.toFixed(0)} | ` +
        `${r.mailsPerSecondFromStart.toFixed(0)} | ${ms(r.workerCpuMsPerMail)} | ${ms(r.catcherCpuMsPerMail)} | ` +
        `${r.postgresCpuMsPerMail === null ? '–' : ms(r.postgresCpuMsPerMail)} | ${r.load.before} → ${r.load.after} |`,
    );
  }
  return lines.join('\n');
}

function registrationTable(results: readonly VariantResult[]): string {
  const lines = [
    '| database | variant | route | requests | req/s | answers by status | errors | p50 ms | p95 ms | p99 ms | max ms | × static p95 | × static req/s | server CPU ms/req | PG CPU ms/req | accounts made | mails queued | mails caught during the run |',
    '|---|---|---|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  const row = (database: string, variant: string, route: string, f: Figures, rest: string) =>
    `| ${database} | ${variant} | ${route} | ${f.requests} | ${f.requestsPerSecond.toFixed(0)} | ${counts(f.statuses)} | ${f.errors} | ` +
    `${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${ms(f.max)} | ${rest} |`;
  for (const r of results) {
    lines.push(row(r.database, r.variant, 'GET /api/site (static JSON)', r.site, '1.00 | 1.00 | – | – | – | – | –'));
    lines.push(
      row(
        r.database,
        r.variant,
        'POST /api/user/register',
        r.register,
        `${ratio(r.p95Ratio)} | ${ratio(r.throughputRatio)} | ${r.serverCpuMsPerRegistration === null ? '–' : ms(r.serverCpuMsPerRegistration)} | ` +
          `${r.postgresCpuMsPerRegistration === null ? '–' : ms(r.postgresCpuMsPerRegistration)} | ${r.accountsMade} | ${r.mailsQueued} | ${r.mailsCaughtDuringRun}`,
      ),
    );
  }
  return lines.join('\n');
}

/**
 * What registering costs before any database work, each timed here alone, one at a time: the argon2id hash of the
 * password and the strength check (zxcvbn) it passes first.
 */
async function registrationWorkMs(): Promise<{ hash: number; strengthCheck: number }> {
  const random = createRandom(SEED, 'timing');
  const hashes: number[] = [];
  const checks: number[] = [];
  for (let n = 0; n < WORK_SAMPLES; n += 1) {
    const person = personAt(random, 'timing.example.com.au', n);
    const password = `${random.pick(STREET_NAMES)}-${random.pick(STREET_NAMES)}-${random.int(1000, 9999)}`.toLowerCase();
    let startedAt = performance.now();
    weakPasswordReason(password, person);
    checks.push(performance.now() - startedAt);
    startedAt = performance.now();
    await hashPassword(password);
    hashes.push(performance.now() - startedAt);
  }
  return { hash: median(hashes) ?? Number.NaN, strengthCheck: median(checks) ?? Number.NaN };
}

async function benchDatabase(kind: DatabaseKind) {
  await migrate(kind);
  const catcher = await startMailCatcher();
  try {
    const delivery = [await deliveryRun(kind, catcher, 1)];
    // The embedded database is one process's: a second worker could not open it.
    if (kind.name === 'PostgreSQL') delivery.push(await deliveryRun(kind, catcher, 2));
    const registration: VariantResult[] = [];
    for (const [index, variant] of VARIANTS.entries()) {
      console.log(`${kind.name}: registrations, ${variant.name}…`);
      registration.push(await variantRun(kind, catcher, variant, index));
    }
    return { delivery, registration };
  } finally {
    await catcher.stop();
  }
}

async function main(): Promise<void> {
  const code = await productFingerprint();
  const work = await registrationWorkMs();
  const facts =
    `mail ${new Date().toISOString()}: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}; ` +
    `${MAILS} mails, ${REGISTRATIONS} registrations per variant at ${CONNECTIONS} connections, static route ${STATIC_SECONDS} s; ` +
    `product code ${code}; alone, one at a time: argon2id hash ${work.hash.toFixed(1)} ms, password strength check ${work.strengthCheck.toFixed(1)} ms (medians); load average ${loadAverage()}`;
  console.log(facts);
  const kinds = [await pgliteKind(), ...(POSTGRES_URL ? [await postgresKind(POSTGRES_URL)] : [])];
  const delivery: DeliveryResult[] = [];
  const registration: VariantResult[] = [];
  try {
    for (const kind of kinds) {
      console.log(`${kind.name}: delivering ${MAILS} mails…`);
      const results = await benchDatabase(kind);
      delivery.push(...results.delivery);
      registration.push(...results.registration);
    }
  } finally {
    for (const kind of kinds) await kind.remove();
  }
  const codeAfter = await productFingerprint();
  const warning = codeAfter === code ? [] : [`WARNING: the product code changed during this run (${code} → ${codeAfter})`];
  console.log(['', facts, '', deliveryTable(delivery), '', registrationTable(registration), ...warning].join('\n'));

  await fs.mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `mail-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}.json`);
  const settings = { mails: MAILS, registrations: REGISTRATIONS, connections: CONNECTIONS, staticSeconds: STATIC_SECONDS };
  await fs.writeFile(file, `${JSON.stringify({ settings, code, work, delivery, registration }, null, 2)}\n`);
  console.log(`\nraw results: ${path.relative(REPO_ROOT, file)}`);
  const wrong = delivery.some((r) => r.deliveredTwice > 0 || r.caught !== r.mails || r.sent !== r.mails);
  if (wrong) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
