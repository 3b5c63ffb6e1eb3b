import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createOutboxRepo } from '../src/modules/mail/repo';
import { createJobRunRepo } from '../src/modules/jobs/repo';
import { startMailCatcher } from './mail-catcher';
import { launchServer, launchWorker, prepareServerSetup, type RunningServer } from './production-server';
import { createPostgresTestDatabase } from './test-database';

/**
 * The outbox and the scheduler as production runs them: compiled processes, killed without warning, several on
 * one PostgreSQL database. The embedded database is opened by one process at a time (its data directory is
 * locked), so the runs of several processes are PostgreSQL's alone.
 */
const template = inject('testDatabase');

const launched: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(launched.map((running) => running.kill()));
});

async function started(launch: Promise<RunningServer>): Promise<RunningServer> {
  const running = await launch;
  launched.push(running);
  return running;
}

/** A database for the processes: a fresh PostgreSQL one this file can read too, or the embedded one in their data directory. */
async function processDatabase() {
  if (template.kind !== 'postgres') return undefined;
  const database = await createPostgresTestDatabase(template.serverUrl, template.template);
  afterAll(() => database.close());
  return database;
}

const postgresOnly = template.kind === 'postgres' ? describe : describe.skip;

describe('a registration acknowledged just before the server is killed', () => {
  it('has its mail delivered once the server runs again', async () => {
    const catcher = await startMailCatcher();
    const port = Number(new URL(catcher.url).port);
    // The mail server is away: the mail cannot have left before the kill.
    await catcher.stop();
    const database = await processDatabase();
    const setup = await prepareServerSetup(database?.url);
    afterAll(() => setup.remove());
    const withMail = { ...setup, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_SECONDS: '0.2' } };
    const email = `killed.${randomUUID().slice(0, 8)}@example.com.au`;
    const server = await started(launchServer(withMail));

    const answer = await fetch(`${setup.baseUrl}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: setup.baseUrl },
      body: JSON.stringify({ firstName: 'Tabitha', lastName: 'Joppa', email, password: 'fig-tree-harvest' }),
    });
    expect(answer.status).toBe(200);
    await server.kill();
    const back = await startMailCatcher({ port });
    afterAll(() => back.stop());
    await started(launchServer(withMail));

    const mail = await back.waitForMail(email, { subject: 'Verify', timeoutMs: 45_000 });
    expect(mail.text).toContain('/verify/account?key=');
  }, 120_000);
});

postgresOnly('two worker processes on one PostgreSQL database', () => {
  it('deliver 200 queued mails, none twice and none missing', async () => {
    const database = (await processDatabase())!;
    const catcher = await startMailCatcher();
    afterAll(() => catcher.stop());
    const outbox = createOutboxRepo(database.db);
    const messageIds = Array.from({ length: 200 }, () => `<${randomUUID()}@churchtrades.test>`);
    for (const [index, messageId] of messageIds.entries()) {
      const text = `Mail ${index} of the outbox test.`;
      await outbox.insert({ messageId, recipient: `reader.${index}@example.com.au`, subject: `Mail ${index}`, textBody: text, htmlBody: `<p>${text}</p>`, headers: {} });
    }
    const { port } = new URL(catcher.url);
    const setups = await Promise.all([prepareServerSetup(database.url), prepareServerSetup(database.url)]);
    afterAll(() => setups.forEach((setup) => setup.remove()));

    await Promise.all(
      setups.map((setup, index) =>
        started(launchWorker({ ...setup, env: { SMTP_URL: `smtp://worker${index}:secret@127.0.0.1:${port}` } })),
      ),
    );

    const deadline = Date.now() + 60_000;
    while (catcher.mails.length < messageIds.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    // Time for a second delivery of any mail to show.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const delivered = catcher.mails.map((mail) => mail.messageId);
    expect(delivered).toHaveLength(messageIds.length);
    expect(new Set(delivered)).toEqual(new Set(messageIds));
    expect(new Set(catcher.mails.map((mail) => mail.login))).toEqual(new Set(['worker0', 'worker1']));
    expect((await outbox.counts()).sent).toBe(messageIds.length);
  }, 120_000);

  it('run the housekeeping job once per period', async () => {
    const database = (await processDatabase())!;
    const setups = await Promise.all([prepareServerSetup(database.url), prepareServerSetup(database.url)]);
    afterAll(() => setups.forEach((setup) => setup.remove()));
    const env = { HOUSEKEEPING_INTERVAL_SECONDS: '1' };

    const workers = await Promise.all(setups.map((setup) => started(launchWorker({ ...setup, env }))));
    await new Promise((resolve) => setTimeout(resolve, 4500));
    await Promise.all(workers.map((worker) => worker.stop()));

    const ran = workers.flatMap((worker) =>
      worker
        .output()
        .filter((line) => line.includes('scheduled job ran'))
        .map((line) => JSON.parse(line) as { job: string; periodStart: string })
        // The hourly jobs run once at start too, with periods of their own.
        .filter((run) => run.job === 'housekeeping')
        .map((run) => run.periodStart),
    );
    const runs = await createJobRunRepo(database.db).runsOf('housekeeping');
    expect(ran.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ran).size).toBe(ran.length);
    expect(runs.map((run) => run.periodStart.toISOString()).sort()).toEqual([...ran].sort());
    expect(runs.every((run) => run.error === null && run.finishedAt !== null)).toBe(true);
  }, 60_000);
});
