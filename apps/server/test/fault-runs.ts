import { describeCounts, type Lane, type Sample, send, startLoad, summarise, type Summary } from './fetch-load';
import {
  type LoadFixture,
  type LoadKind,
  loginSource,
  pathSource,
  ProfileWrites,
  Registrations,
  type SignedInOwner,
  WebsiteEntries,
  type WriteCheck,
} from './load-mix';
import type { PrivatePostgres } from './private-postgres';
import { launchServer, type RunningServer, type ServerSetup } from './production-server';

/**
 * The two fault runs of bench/faults.ts (full length) and test/faults.test.ts (short): PostgreSQL restarted
 * under load, and the server killed with SIGKILL during writes. Each returns its figures and the list of
 * what went wrong, empty when the server behaved.
 */

/** The database must be usable again through the server within this time of its return. */
export const RECOVERY_BOUND_MS = 5000;
/** No request may go unanswered for longer than this, outage or not. */
export const REQUEST_BOUND_MS = 10_000;
const READINESS_EVERY_MS = 100;
const READINESS_TIMEOUT_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface OutagePlan {
  /** Connections per kind of request. */
  connections: Record<LoadKind, number>;
  loginsPerSecond: number;
  loadMs: number;
  /** When the database stops, from the start of the load. */
  outageAfterMs: number;
  /** How long it stays stopped. */
  outageMs: number;
  /** Connections adding website entries besides: a write in a transaction, which the restart may cut. */
  websiteWriters: number;
}

interface Poll {
  at: number;
  ms: number;
  status: number | null;
  envelope: boolean;
}

/**
 * GET /readyz every 100 ms until stopped, each poll on its own (a slow answer under load does not delay the
 * next one), each bounded by READINESS_TIMEOUT_MS.
 */
function pollReadiness(baseUrl: string) {
  const polls: Poll[] = [];
  const inFlight = new Set<Promise<void>>();
  const poll = () => {
    const planned = { kind: 'readiness', method: 'GET', path: '/readyz', headers: {}, settle: () => undefined } as const;
    const done = send(baseUrl, planned, READINESS_TIMEOUT_MS).then((sample) => {
      polls.push({ at: sample.startedAt, ms: sample.ms, status: sample.status, envelope: sample.envelope });
      inFlight.delete(done);
    });
    inFlight.add(done);
  };
  const timer = setInterval(poll, READINESS_EVERY_MS);
  return {
    polls,
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      polls.sort((a, b) => a.at - b.at);
    },
  };
}

/** "503 envelope×48": what the polls answered. */
function countPolls(polls: readonly Poll[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const poll of polls) {
    const key = poll.status === null ? 'no answer' : `${poll.status}${poll.envelope ? ' envelope' : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export type Phase = 'before' | 'outage' | 'recovery' | 'after';

export interface OutageReport {
  /** Milliseconds from the start of the load. */
  timeline: { stopAsked: number; down: number; startAsked: number; up: number; end: number };
  readiness: {
    pollsWhileDown: number;
    /** Polls while the database was down answered 503 in the envelope. */
    notReadyWhileDown: number;
    whileDown: string;
    /** From the database accepting connections again to the first 200 of /readyz. */
    readyAgainMs: number | null;
  };
  byPhase: Record<Phase, Summary>;
  byKind: Record<string, Summary>;
  writes: WriteCheck[];
  fillerReads: number;
  serverAlive: boolean;
  serverErrorLines: number;
  problems: string[];
}

/** A request still running when the database was told to stop belongs to the outage: it may fail with it. */
function phaseOf(sample: Sample, times: { stopAsked: number; up: number }): Phase {
  if (sample.startedAt + sample.ms < times.stopAsked) return 'before';
  if (sample.startedAt < times.up) return 'outage';
  if (sample.startedAt < times.up + RECOVERY_BOUND_MS) return 'recovery';
  return 'after';
}

function groupBy<K extends string>(samples: readonly Sample[], keyOf: (sample: Sample) => K, keys: readonly K[]) {
  const groups = new Map<K, Sample[]>(keys.map((key) => [key, []]));
  for (const sample of samples) {
    const key = keyOf(sample);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(sample);
  }
  return Object.fromEntries([...groups].map(([key, group]) => [key, summarise(group)])) as Record<K, Summary>;
}

/**
 * What the answers of a phase must not contain: no reset or timeout ever, no 5xx but the 503 envelope, no refusal
 * but the limits' (logins too often, a business's entries all used).
 */
function answerProblems(phase: Phase, samples: readonly Sample[]): string[] {
  const problems: string[] = [];
  const unanswered = samples.filter((sample) => sample.status === null);
  if (unanswered.length > 0) {
    const why = describeCounts(summarise(unanswered).failures);
    problems.push(`${phase}: ${unanswered.length} requests got no answer within ${REQUEST_BOUND_MS} ms (${why})`);
  }
  const mayBeUnavailable = phase === 'outage' || phase === 'recovery';
  const wrong = samples.filter((sample) => {
    if (sample.status === null || (sample.status >= 200 && sample.status < 300)) return false;
    if (sample.status === 429 && sample.kind === 'login') return false;
    // A business holds at most SOCIAL_MEDIA_PER_TRADE entries: on a fast machine its writers reach that, and are refused.
    if (sample.status === 409 && sample.kind === 'website entry') return false;
    return !(sample.status === 503 && sample.envelope && mayBeUnavailable);
  });
  if (wrong.length > 0) {
    const summary = summarise(wrong);
    const bare = summary.bare5xx > 0 ? `, ${summary.bare5xx} 5xx not in the envelope` : '';
    problems.push(`${phase}: ${wrong.length} answers were not expected (${describeCounts(summary.statuses)}${bare})`);
  }
  return problems;
}

function lanesFor(fixture: LoadFixture, origin: string, plan: OutagePlan, writes: ProfileWrites, websites: WebsiteEntries): Lane[] {
  const websiteLane: Lane = { kind: 'website entry', next: () => websites.next(), connections: plan.websiteWriters };
  const lanes: [LoadKind, () => ReturnType<Lane['next']>][] = [
    ['search', pathSource('search', fixture.searchPaths).next],
    ['business page', pathSource('business page', fixture.businessPages).next],
    ['business (API)', pathSource('business (API)', fixture.businessApi, 7).next],
    ['login', loginSource(origin, fixture.owners).next],
    ['profile update', writes.source().next],
  ];
  const mix = lanes.map(([kind, next]): Lane => ({
    kind,
    next,
    connections: plan.connections[kind],
    ...(kind === 'login' ? { perSecond: plan.loginsPerSecond } : {}),
  }));
  return [...mix, websiteLane].filter((lane) => lane.connections > 0);
}

/**
 * The load of the soak on `server`, and owners adding website entries; in the middle PostgreSQL stops (fast
 * shutdown: every session ends, transactions in progress too) for `outageMs` and starts again. Then every
 * acknowledged write is read back.
 */
export async function runOutage(options: {
  server: RunningServer;
  cluster: PrivatePostgres;
  fixture: LoadFixture;
  writers: readonly SignedInOwner[];
  websiteOwners: readonly SignedInOwner[];
  plan: OutagePlan;
  log?: (line: string) => void;
}): Promise<OutageReport> {
  const { server, cluster, fixture, plan, log = () => undefined } = options;
  const writes = new ProfileWrites(options.writers, server.baseUrl, 'Outage run');
  const websites = new WebsiteEntries(options.websiteOwners, server.baseUrl, 'outage-run');
  const start = performance.now();
  const readiness = pollReadiness(server.baseUrl);
  const load = startLoad(server.baseUrl, lanesFor(fixture, server.baseUrl, plan, writes, websites), REQUEST_BOUND_MS);

  await sleep(plan.outageAfterMs);
  const stopAsked = performance.now();
  log(`stopping PostgreSQL at ${((stopAsked - start) / 1000).toFixed(1)} s`);
  await cluster.stop('fast');
  const down = performance.now();
  await sleep(plan.outageMs);
  const startAsked = performance.now();
  await cluster.start();
  const up = performance.now();
  log(`PostgreSQL down for ${((up - down) / 1000).toFixed(1)} s, accepting connections again at ${((up - start) / 1000).toFixed(1)} s`);
  // The run lasts its length, and at least long enough to see the recovery and some load after it.
  await sleep(Math.max(start + plan.loadMs - performance.now(), RECOVERY_BOUND_MS + 3000));
  const samples = await load.stop();
  await readiness.stop();
  const end = performance.now();

  const times = { stopAsked, up };
  // Polls sent and answered while the database was stopped (neither stopping nor starting).
  const whileDown = readiness.polls.filter((poll) => poll.at >= down && poll.at + poll.ms < startAsked);
  const firstReady = readiness.polls.find((poll) => poll.at >= up && poll.status === 200);
  const notReady = whileDown.filter((poll) => poll.status === 503 && poll.envelope).length;
  const byPhase = groupBy(samples, (sample) => phaseOf(sample, times), ['before', 'outage', 'recovery', 'after']);
  const checks = [await writes.check(fixture.databaseUrl), await websites.check(fixture.databaseUrl)];

  const problems: string[] = [];
  if (!server.isAlive()) problems.push('the server process died');
  if (whileDown.length === 0) problems.push('no readiness poll ran while the database was down');
  const seenWhileDown = describeCounts(countPolls(whileDown));
  if (notReady < whileDown.length) {
    problems.push(`/readyz answered other than 503 in the envelope while the database was down (${seenWhileDown})`);
  }
  const readyAgainMs = firstReady ? Math.max(0, firstReady.at - up) : null;
  if (readyAgainMs === null || readyAgainMs > RECOVERY_BOUND_MS) {
    problems.push(`/readyz was not 200 again within ${RECOVERY_BOUND_MS} ms of the database's return`);
  }
  for (const phase of ['before', 'outage', 'recovery', 'after'] as const) {
    problems.push(...answerProblems(phase, samples.filter((sample) => phaseOf(sample, times) === phase)));
  }
  if (byPhase.after.requests === 0) problems.push('no request ran after the recovery window');
  problems.push(...checks.flatMap((check) => [...check.lost, ...check.halfDone]));
  if (server.errorLines() > 0) problems.push(`the server logged ${server.errorLines()} errors`);

  const relative = (time: number) => Math.round(time - start);
  return {
    timeline: { stopAsked: relative(stopAsked), down: relative(down), startAsked: relative(startAsked), up: relative(up), end: relative(end) },
    readiness: {
      pollsWhileDown: whileDown.length,
      notReadyWhileDown: notReady,
      whileDown: seenWhileDown,
      readyAgainMs: readyAgainMs === null ? null : Math.round(readyAgainMs),
    },
    byPhase,
    byKind: groupBy(samples, (sample) => sample.kind, []),
    writes: checks,
    fillerReads: writes.fillerReads,
    serverAlive: server.isAlive(),
    serverErrorLines: server.errorLines(),
    problems,
  };
}

export interface KillPlan {
  /** Connections writing profile updates, website entries and registrations. */
  profileWriters: number;
  websiteWriters: number;
  registrationWriters: number;
  registrationsPerSecond: number;
  writeMsBeforeKill: number;
  writeMsAfterRestart: number;
}

export interface KillReport {
  /** From the SIGKILL to the new process answering /readyz 200. */
  restartMs: number;
  byKind: Record<string, Summary>;
  acknowledgedBeforeKill: number;
  acknowledgedAfterRestart: number;
  writes: WriteCheck[];
  problems: string[];
}

/**
 * Writers doing acknowledged writes of three kinds; the server is killed with SIGKILL mid-way and started again
 * (same port, data directory and secret), the writers carry on, and then every write is read back.
 * Answers the report and the server now running.
 */
export async function runKill(options: {
  setup: ServerSetup;
  server: RunningServer;
  fixture: LoadFixture;
  profileWriters: readonly SignedInOwner[];
  websiteWriters: readonly SignedInOwner[];
  plan: KillPlan;
  log?: (line: string) => void;
}): Promise<{ report: KillReport; server: RunningServer }> {
  const { setup, fixture, plan, log = () => undefined } = options;
  const origin = setup.baseUrl;
  const profiles = new ProfileWrites(options.profileWriters, origin, 'Kill run');
  const websites = new WebsiteEntries(options.websiteWriters, origin, 'kill-run');
  const registrations = new Registrations(origin, 'kill-run');
  const load = startLoad(
    origin,
    [
      { kind: 'profile update', next: () => profiles.next(), connections: plan.profileWriters },
      { kind: 'website entry', next: () => websites.next(), connections: plan.websiteWriters },
      {
        kind: 'registration',
        next: () => registrations.next(),
        connections: plan.registrationWriters,
        perSecond: plan.registrationsPerSecond,
      },
    ],
    REQUEST_BOUND_MS,
  );

  await sleep(plan.writeMsBeforeKill);
  const killedAt = performance.now();
  await options.server.kill();
  log(`killed the server (pid ${options.server.pid}) with SIGKILL; starting it again`);
  const server = await launchServer(setup);
  const restartedAt = performance.now();
  log(`the new server (pid ${server.pid}) is ready ${((restartedAt - killedAt) / 1000).toFixed(1)} s after the kill`);
  await sleep(plan.writeMsAfterRestart);
  const samples = await load.stop();

  const writes = [
    await profiles.check(fixture.databaseUrl),
    await websites.check(fixture.databaseUrl),
    await registrations.check(fixture.databaseUrl),
  ];
  const acknowledged = (sample: Sample) => sample.status !== null && sample.status >= 200 && sample.status < 300;
  const acknowledgedBeforeKill = samples.filter((sample) => acknowledged(sample) && sample.startedAt < killedAt).length;
  const acknowledgedAfterRestart = samples.filter((sample) => acknowledged(sample) && sample.startedAt >= restartedAt).length;
  const problems = writes.flatMap((check) => [...check.lost, ...check.halfDone]);
  if (acknowledgedBeforeKill === 0) problems.push('no write was acknowledged before the kill');
  if (acknowledgedAfterRestart === 0) problems.push('no write was acknowledged after the restart');
  if (!server.isAlive()) problems.push('the restarted server died');
  if (server.errorLines() > 0) problems.push(`the restarted server logged ${server.errorLines()} errors`);
  return {
    report: {
      restartMs: Math.round(restartedAt - killedAt),
      byKind: groupBy(samples, (sample) => sample.kind, []),
      acknowledgedBeforeKill,
      acknowledgedAfterRestart,
      writes,
      problems,
    },
    server,
  };
}
