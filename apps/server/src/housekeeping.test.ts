import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount, createFailedMail } from '../test/factories';
import { createTestDatabase } from '../test/test-database';
import { jobRuns, loginNetworks, oneTimeKeys, outboxMails, rateLimitCounters, sessions } from './db/schema';
import { FAILED_MAILS_KEPT_MS, housekeepingJob, JOB_RUNS_KEPT_MS, SENT_MAILS_KEPT_MS } from './housekeeping';
import { LOGIN_NETWORKS_KEPT_MS } from './modules/sessions/service';

const database = await createTestDatabase();
afterAll(() => database.close());
const db = database.db;
const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

async function sentMail(sentAt: Date) {
  const mail = await createFailedMail(db, { state: 'SENT', sentAt, failedAt: null, textBody: null, htmlBody: null });
  return mail.id;
}

describe('the housekeeping job', () => {
  it('deletes what has served its time and keeps the rest', async () => {
    const account = await createAccount(db);
    const session = (expiresAt: Date) => ({ tokenHash: randomUUID(), userId: account.id, stage: 'ACTIVE' as const, expiresAt });
    await db.insert(sessions).values([session(ago(1000)), session(new Date(Date.now() + DAY_MS))]);
    await db.insert(loginNetworks).values([
      { userId: account.id, network: '203.0.113.1', lastLoginAt: ago(LOGIN_NETWORKS_KEPT_MS + 1000) },
      { userId: account.id, network: '203.0.113.2', lastLoginAt: ago(LOGIN_NETWORKS_KEPT_MS - DAY_MS) },
    ]);
    const key = (expiresAt: Date) => ({ keyHash: randomUUID(), userId: account.id, purpose: 'RESET_PASSWORD' as const, expiresAt });
    await db.insert(oneTimeKeys).values([key(ago(1000)), key(new Date(Date.now() + DAY_MS))]);
    await db.insert(rateLimitCounters).values([
      { key: `ended-${randomUUID()}`, hits: 3, resetsAt: ago(1000) },
      { key: `running-${randomUUID()}`, hits: 3, resetsAt: new Date(Date.now() + DAY_MS) },
    ]);
    const oldSent = await sentMail(ago(SENT_MAILS_KEPT_MS + DAY_MS));
    const recentSent = await sentMail(ago(DAY_MS));
    const oldFailed = (await createFailedMail(db, { failedAt: ago(FAILED_MAILS_KEPT_MS + DAY_MS) })).id;
    const recentFailed = (await createFailedMail(db, { failedAt: ago(DAY_MS) })).id;
    const queued = (await createFailedMail(db, { state: 'QUEUED', failedAt: null, createdAt: ago(FAILED_MAILS_KEPT_MS * 2) })).id;
    await db.insert(jobRuns).values([
      { job: 'old', periodStart: ago(JOB_RUNS_KEPT_MS + DAY_MS), runBy: 'test', claimedUntil: ago(JOB_RUNS_KEPT_MS) },
      { job: 'recent', periodStart: ago(DAY_MS), runBy: 'test', claimedUntil: ago(DAY_MS) },
    ]);

    await housekeepingJob(db, 3_600_000).run();

    expect(await db.select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(1);
    expect((await db.select().from(loginNetworks).where(eq(loginNetworks.userId, account.id))).map((row) => row.network)).toEqual(['203.0.113.2']);
    expect(await db.select().from(oneTimeKeys).where(eq(oneTimeKeys.userId, account.id))).toHaveLength(1);
    const counters = (await db.select().from(rateLimitCounters)).map((counter) => counter.key);
    expect(counters.some((name) => name.startsWith('ended-'))).toBe(false);
    expect(counters.some((name) => name.startsWith('running-'))).toBe(true);
    const mails = (await db.select({ id: outboxMails.id }).from(outboxMails)).map((mail) => mail.id);
    expect(mails).toEqual(expect.arrayContaining([recentSent, recentFailed, queued]));
    expect(mails).not.toContain(oldSent);
    expect(mails).not.toContain(oldFailed);
    expect((await db.select().from(jobRuns)).map((run) => run.job)).toEqual(['recent']);
  });

  it('does every chore when one fails, then fails the run', async () => {
    const account = await createAccount(db);
    await db.insert(sessions).values({ tokenHash: randomUUID(), userId: account.id, stage: 'ACTIVE', expiresAt: ago(1000) });
    await db.execute(sql.raw('ALTER TABLE job_runs RENAME TO job_runs_away'));

    const run = housekeepingJob(db, 3_600_000).run();

    await expect(run).rejects.toThrow('1 housekeeping chore(s) failed');
    await db.execute(sql.raw('ALTER TABLE job_runs_away RENAME TO job_runs'));
    expect(await db.select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
  });
});
