import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runKill, runOutage } from './fault-runs';
import { type LoadFixture, logInOwners, prepareLoadDatabase, type SignedInOwner } from './load-mix';
import { POSTGRES_BIN_DIR, postgresBinariesPresent, type PrivatePostgres, startPrivatePostgres } from './private-postgres';
import { launchServer, prepareServerSetup, type RunningServer, type ServerSetup } from './production-server';

/**
 * Short versions of the fault runs of bench/faults.ts (see bench/RESULTS.md for the full ones): the real server
 * in production mode on a PostgreSQL of its own, which is stopped under load, then the server killed with
 * SIGKILL during writes. It uses no test database, so it runs once, in the embedded-database project.
 */
const hasPostgres = postgresBinariesPresent();
const onceOnly = inject('testDatabase').kind === 'pglite';
if (!hasPostgres) console.warn(`faults.test.ts skipped: no PostgreSQL server binaries (initdb, pg_ctl) in ${POSTGRES_BIN_DIR}`);

describe.skipIf(!hasPostgres || !onceOnly)('faults under load', () => {
  let cluster: PrivatePostgres;
  let setup: ServerSetup & { remove(): void };
  let server: RunningServer;
  let fixture: LoadFixture;
  let outageWriters: SignedInOwner[];
  let outageWebsiteOwners: SignedInOwner[];
  let killWriters: SignedInOwner[];
  let websiteWriters: SignedInOwner[];

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    fixture = await prepareLoadDatabase(await cluster.createDatabase('churchtrades_faults'));
    setup = await prepareServerSetup(fixture.databaseUrl);
    server = await launchServer(setup);
    const signedIn = await logInOwners(server.baseUrl, fixture.owners.slice(0, 64));
    outageWriters = signedIn.slice(0, 32);
    outageWebsiteOwners = signedIn.slice(32, 40);
    killWriters = signedIn.slice(40, 56);
    websiteWriters = signedIn.slice(56);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    setup?.remove();
    await cluster?.remove();
  }, 60_000);

  it('answers 503 in the envelope while PostgreSQL restarts under load, is ready again within 5 s, and keeps every acknowledged write', async () => {
    const report = await runOutage({
      server,
      cluster,
      fixture,
      writers: outageWriters,
      websiteOwners: outageWebsiteOwners,
      plan: {
        // No business pages here: they are index.html with the business's head, and `npm test` runs this before
        // the web app is built (bench/faults.ts, run after a build, includes them).
        connections: { search: 20, 'business page': 0, 'business (API)': 16, login: 4, 'profile update': 10 },
        loginsPerSecond: 2,
        loadMs: 10_000,
        outageAfterMs: 3000,
        outageMs: 3000,
        websiteWriters: 4,
      },
    });

    expect(report.problems, JSON.stringify(report, null, 1)).toEqual([]);
    expect(report.readiness.pollsWhileDown).toBeGreaterThan(0);
    expect(report.byPhase.outage.statuses['503']).toBeGreaterThan(0);
    for (const check of report.writes) expect(check.acknowledged, check.kind).toBeGreaterThan(0);
  }, 90_000);

  it('keeps every acknowledged write, and nothing half-done, when the server is killed with SIGKILL mid-write', async () => {
    const { report, server: restarted } = await runKill({
      setup,
      server,
      fixture,
      profileWriters: killWriters,
      websiteWriters,
      plan: {
        profileWriters: 4,
        websiteWriters: 4,
        registrationWriters: 1,
        registrationsPerSecond: 2,
        writeMsBeforeKill: 3000,
        writeMsAfterRestart: 3000,
      },
    });
    server = restarted;

    expect(report.problems, JSON.stringify(report, null, 1)).toEqual([]);
    for (const check of report.writes) expect(check.acknowledged, check.kind).toBeGreaterThan(0);
  }, 150_000);
});
