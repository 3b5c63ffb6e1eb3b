import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type KillReport, type OutageReport, RECOVERY_BOUND_MS, REQUEST_BOUND_MS, runKill, runOutage } from '../apps/server/test/fault-runs';
import type { Summary } from '../apps/server/test/fetch-load';
import { type LoadKind, logInOwners, prepareLoadDatabase, type WriteCheck } from '../apps/server/test/load-mix';
import { exitOnSignals, type PrivatePostgres, startPrivatePostgres } from '../apps/server/test/private-postgres';
import { launchServer, prepareServerSetup, type RunningServer } from '../apps/server/test/production-server';
import { loadAverage, productFingerprint, REPO_ROOT, requireWebBuild, RESULTS_DIR } from './load';

/**
 * Fault runs at full length (test/faults.test.ts runs short ones in `npm test`), on a PostgreSQL of their own:
 *
 * (a) the soak's mix of requests at BENCH_FAULTS_CONNECTIONS connections for BENCH_FAULTS_SECONDS, and a few
 *     connections adding website entries (a transaction); a third of the way in, PostgreSQL stops (fast
 *     shutdown) for BENCH_FAULTS_OUTAGE_SECONDS and starts again. /readyz is polled every 100 ms. The server
 *     must stay up, answer 503 in the envelope while the database is away, be ready again within 5 s of its
 *     return, and keep every acknowledged write.
 * (b) writers doing profile updates, website entries and registrations; the server is killed with SIGKILL after
 *     BENCH_FAULTS_KILL_AFTER_SECONDS, started again, and the writers go on for as long again. Every
 *     acknowledged write must be there, and nothing half-done.
 *
 *   npm run bench:faults
 *   BENCH_FAULTS_SECONDS=60 BENCH_FAULTS_CONNECTIONS=100 BENCH_FAULTS_OUTAGE_SECONDS=5 BENCH_FAULTS_KILL_AFTER_SECONDS=10
 */
const env = process.env;
const SECONDS = Number(env.BENCH_FAULTS_SECONDS ?? 60);
const CONNECTIONS = Number(env.BENCH_FAULTS_CONNECTIONS ?? 100);
const OUTAGE_SECONDS = Number(env.BENCH_FAULTS_OUTAGE_SECONDS ?? 5);
const KILL_AFTER_SECONDS = Number(env.BENCH_FAULTS_KILL_AFTER_SECONDS ?? 10);
const LOGINS_PER_SECOND = Number(env.BENCH_FAULTS_LOGINS_PER_SECOND ?? 5);
const SHARES: Record<LoadKind, number> = {
  search: 0.45,
  'business page': 0.15,
  'business (API)': 0.15,
  login: 0.05,
  'profile update': 0.2,
};
const WRITERS_PER_CONNECTION = 3;
/** Connections adding website entries during the outage run, beside the mix: a write in a transaction. */
const OUTAGE_WEBSITE_WRITERS = 5;

const connections = Object.fromEntries(
  Object.entries(SHARES).map(([kind, share]) => [kind, Math.max(1, Math.round(CONNECTIONS * share))]),
) as Record<LoadKind, number>;

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '–');
const counts = (values: Record<string, number>) =>
  Object.entries(values)
    .map(([key, count]) => `${key}×${count}`)
    .join(' ') || '–';

function summaryTable(label: string, rows: Record<string, Summary>): string {
  const lines = [
    `| ${label} | requests | answers by status | no answer | 5xx not in the envelope | p50 ms | p95 ms | p99 ms | max ms |`,
    '|---|--:|---|---|--:|--:|--:|--:|--:|',
  ];
  for (const [name, summary] of Object.entries(rows)) {
    lines.push(
      `| ${name} | ${summary.requests} | ${counts(summary.statuses)} | ${counts(summary.failures)} | ${summary.bare5xx} | ` +
        `${ms(summary.p50)} | ${ms(summary.p95)} | ${ms(summary.p99)} | ${ms(summary.max)} |`,
    );
  }
  return lines.join('\n');
}

function writeLine(check: WriteCheck): string {
  return (
    `${check.kind}: ${check.attempts} sent, ${check.acknowledged} acknowledged, ${check.refused} refused, ` +
    `${check.unanswered} unanswered (${check.unacknowledgedDone} of the unacknowledged found done); ` +
    `lost ${check.lost.length}, half-done ${check.halfDone.length}` +
    (check.notes.length > 0 ? `; notes: ${check.notes.slice(0, 3).join('; ')}` : '')
  );
}

function verdict(problems: readonly string[]): string {
  return problems.length === 0 ? 'MET' : `NOT MET:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`;
}

function outageLines(report: OutageReport, load: { before: string; after: string }): string[] {
  const { timeline, readiness } = report;
  const seconds = (value: number) => (value / 1000).toFixed(1);
  return [
    `## (a) PostgreSQL restarted under load: ${CONNECTIONS} connections, ${SECONDS} s, load average ${load.before} → ${load.after}`,
    '',
    `timeline (s from the start of the load): stop asked ${seconds(timeline.stopAsked)}, down ${seconds(timeline.down)}, ` +
      `start asked ${seconds(timeline.startAsked)}, accepting again ${seconds(timeline.up)}, end ${seconds(timeline.end)}`,
    `/readyz while the database was down: ${readiness.pollsWhileDown} polls, ${readiness.notReadyWhileDown} answered 503 in the envelope (${readiness.whileDown}); ` +
      `200 again ${readiness.readyAgainMs === null ? 'never' : `${readiness.readyAgainMs} ms`} after the database accepted connections (bound ${RECOVERY_BOUND_MS} ms)`,
    '',
    summaryTable('phase', report.byPhase),
    '',
    summaryTable('kind', report.byKind),
    '',
    `phases: before = answered before the stop; outage = running at the stop or sent until the database accepted connections again; ` +
      `recovery = the ${RECOVERY_BOUND_MS / 1000} s after; after = the rest. Requests are bounded at ${REQUEST_BOUND_MS / 1000} s.`,
    ...report.writes.map(writeLine),
    `server alive: ${report.serverAlive}; error lines in its log: ${report.serverErrorLines}`,
    `verdict: ${verdict(report.problems)}`,
  ];
}

function killLines(report: KillReport, load: { before: string; after: string }): string[] {
  return [
    `## (b) SIGKILL during writes, load average ${load.before} → ${load.after}`,
    '',
    `writes acknowledged before the kill: ${report.acknowledgedBeforeKill}, after the restart: ${report.acknowledgedAfterRestart}; ` +
      `the new process answered /readyz ${report.restartMs} ms after the kill`,
    '',
    summaryTable('kind', report.byKind),
    '',
    ...report.writes.map(writeLine),
    `verdict: ${verdict(report.problems)}`,
  ];
}

async function main(): Promise<void> {
  exitOnSignals();
  requireWebBuild();
  const code = await productFingerprint();
  console.log(
    `faults ${new Date().toISOString()}: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}; ` +
      `product code ${code}; load average ${loadAverage()}`,
  );
  let cluster: PrivatePostgres | undefined;
  let server: RunningServer | undefined;
  let setup: Awaited<ReturnType<typeof prepareServerSetup>> | undefined;
  const log = (line: string) => console.log(`  ${line}`);
  try {
    cluster = await startPrivatePostgres();
    const fixture = await prepareLoadDatabase(await cluster.createDatabase('churchtrades_faults'));
    setup = await prepareServerSetup(fixture.databaseUrl);
    server = await launchServer(setup);
    const writerCount = connections['profile update'] * WRITERS_PER_CONNECTION;
    const signedIn = await logInOwners(server.baseUrl, fixture.owners.slice(0, writerCount + 80));
    console.log(`database: ${fixture.businessApi.length} listed businesses, ${fixture.owners.length} owners; ${signedIn.length} logged in`);

    console.log(`(a) load for ${SECONDS} s, PostgreSQL stopped for ${OUTAGE_SECONDS} s…`);
    const outageLoad = { before: loadAverage(), after: '' };
    const outage = await runOutage({
      server,
      cluster,
      fixture,
      writers: signedIn.slice(0, writerCount),
      websiteOwners: signedIn.slice(writerCount, writerCount + 20),
      plan: {
        connections,
        loginsPerSecond: LOGINS_PER_SECOND,
        loadMs: SECONDS * 1000,
        outageAfterMs: (SECONDS * 1000) / 3,
        outageMs: OUTAGE_SECONDS * 1000,
        websiteWriters: OUTAGE_WEBSITE_WRITERS,
      },
      log,
    });
    outageLoad.after = loadAverage();

    console.log(`(b) writes for ${KILL_AFTER_SECONDS} s, SIGKILL, restart, writes for ${KILL_AFTER_SECONDS} s more…`);
    const killLoad = { before: loadAverage(), after: '' };
    const killed = await runKill({
      setup,
      server,
      fixture,
      profileWriters: signedIn.slice(writerCount + 20, writerCount + 60),
      websiteWriters: signedIn.slice(writerCount + 60),
      plan: {
        profileWriters: 10,
        websiteWriters: 8,
        registrationWriters: 2,
        registrationsPerSecond: 4,
        writeMsBeforeKill: KILL_AFTER_SECONDS * 1000,
        writeMsAfterRestart: KILL_AFTER_SECONDS * 1000,
      },
      log,
    });
    server = killed.server;
    killLoad.after = loadAverage();

    const codeAfter = await productFingerprint();
    const lines = [
      ...outageLines(outage, outageLoad),
      '',
      ...killLines(killed.report, killLoad),
      ...(codeAfter === code ? [] : [`WARNING: the product code changed during this run (${code} → ${codeAfter})`]),
    ];
    console.log(`\n${lines.join('\n')}`);

    await fs.mkdir(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `faults-${new Date().toISOString().replaceAll(':', '-').slice(0, 19)}.json`);
    const settings = { connections, seconds: SECONDS, outageSeconds: OUTAGE_SECONDS, killAfterSeconds: KILL_AFTER_SECONDS };
    await fs.writeFile(file, `${JSON.stringify({ settings, code, outage, outageLoad, kill: killed.report, killLoad }, null, 2)}\n`);
    console.log(`\nraw results: ${path.relative(REPO_ROOT, file)}`);
    if (outage.problems.length > 0 || killed.report.problems.length > 0) process.exitCode = 1;
  } finally {
    await server?.stop();
    setup?.remove();
    await cluster?.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
