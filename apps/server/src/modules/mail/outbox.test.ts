import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@churchtrades/shared/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { auditLog, outboxMails } from '../../db/schema';
import { transactionalDatabase } from '../../db/transactions';
import { createAuditRepo } from '../audit/repo';
import { createAuditService } from '../audit/service';
import { createOutboxRepo } from './repo';
import { createMailService } from './service';
import { createAccount } from '../../../test/factories';
import { keyIn, type MailCatcher, startMailCatcher } from '../../../test/mail-catcher';
import { parseExposition, sampleValue } from '../../../test/prometheus-text';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';

let catcher: MailCatcher = await startMailCatcher();
afterAll(() => catcher.stop());
const port = Number(new URL(catcher.url).port);
const RETRIES = { maxTries: 3, firstDelayMs: 150 };
const { app, database, config } = await createTestApp({ smtpUrl: catcher.url, mailRetries: RETRIES });
const db = database.db;

// A registration of an address starting "doomed." fails when its transaction commits, after every statement of
// it, the mail's included, has run: the latest a change can fail.
await db.execute(
  sql.raw(`CREATE FUNCTION refuse_doomed_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.email LIKE 'doomed.%' THEN RAISE EXCEPTION 'refused at commit by the test'; END IF;
      RETURN NULL;
    END;
  $$`),
);
await db.execute(
  sql.raw(`CREATE CONSTRAINT TRIGGER refuse_doomed_at_commit AFTER INSERT ON users
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_doomed_at_commit()`),
);

function emailStarting(prefix: string): string {
  return `${prefix}.${randomUUID().slice(0, 8)}@example.com.au`;
}

function register(email: string) {
  return testBrowser(app).post('/api/user/register', { firstName: 'Lydia', lastName: 'Purple', email, password: 'fig-tree-harvest' });
}

async function outboxRowsTo(email: string) {
  return db.select().from(outboxMails).where(eq(outboxMails.recipient, email));
}

async function outboxRowTo(email: string) {
  const [row] = await outboxRowsTo(email);
  if (!row) throw new Error(`no mail to ${email} in the outbox`);
  return row;
}

async function administrator() {
  return loggedInBrowser(app, db, (await createAccount(db, { role: 'ADMIN' })).id);
}

/** Waits until the worker has settled the mail: it is no longer waiting for its first or next try. */
async function settled(email: string, state: 'SENT' | 'FAILED') {
  await vi.waitFor(async () => expect((await outboxRowTo(email)).state).toBe(state), { timeout: 5000, interval: 50 });
  return outboxRowTo(email);
}

describe('a mail queued by a registration', () => {
  it('is sent once the mail server takes it, and its body, with the link’s key, is not kept', async () => {
    const email = emailStarting('kept');

    expect((await register(email)).statusCode).toBe(200);

    const mail = await catcher.waitForMail(email, { subject: 'Verify' });
    const row = await settled(email, 'SENT');
    expect(mail.messageId).toBe(row.messageId);
    expect(row.messageId).toMatch(/^<[0-9a-f-]{36}@churchtrades\.au>$/);
    expect(row).toMatchObject({ tries: 1, textBody: null, htmlBody: null, claimedUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    keyIn(mail, '/verify/account');
  });

  it('is not written, nor sent, when the registration’s transaction fails as it commits', async () => {
    const email = emailStarting('doomed');

    expect((await register(email)).statusCode).toBe(500);

    expect(await outboxRowsTo(email)).toEqual([]);
    const sentinel = emailStarting('sentinel');
    await register(sentinel);
    await catcher.waitForMail(sentinel);
    expect(catcher.mailsTo(email)).toEqual([]);
  });

  it('waits while the mail server is away and arrives once, when it is back', async () => {
    await catcher.stop();
    const email = emailStarting('patient');

    expect((await register(email)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await outboxRowTo(email)).lastError).toMatch(/ECONNREFUSED/), { timeout: 5000 });
    catcher = await startMailCatcher({ port });

    await catcher.waitForMail(email, { subject: 'Verify', timeoutMs: 5000 });
    const row = await settled(email, 'SENT');
    expect(row.tries).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(catcher.mailsTo(email)).toHaveLength(1);
  });
});

describe('a mail the mail server keeps refusing', () => {
  it('is tried again after a wait, then given up after its last try, its body kept to send again', async () => {
    catcher.refuseWith(451);
    const email = emailStarting('refused');

    await register(email);

    const row = await settled(email, 'FAILED');
    catcher.refuseWith(undefined);
    expect(row.tries).toBe(RETRIES.maxTries);
    expect(row.lastError).toMatch(/451/);
    expect(row.textBody).toContain('/verify/account');
    expect(catcher.mailsTo(email)).toEqual([]);
  });

  it('is given up at once when the server refuses it for good', async () => {
    catcher.refuseWith(550);
    const email = emailStarting('unknown');

    await register(email);

    const row = await settled(email, 'FAILED');
    catcher.refuseWith(undefined);
    expect(row.tries).toBe(1);
    expect(row.lastError).toMatch(/550/);
  });
});

describe('a mail to many people', () => {
  it('carries a one-click List-Unsubscribe link (RFC 8058), which mails a person asked for do not', async () => {
    const { db: repoDb, transactions } = transactionalDatabase(db);
    const audit = createAuditService(createAuditRepo(repoDb));
    const mail = createMailService({ repo: createOutboxRepo(repoDb), transactions, audit, from: config.mailFrom });
    const to = emailStarting('reader');
    const unsubscribeUrl = 'http://localhost:3000/unsubscribe?key=reader-key';

    await mail.queue({ to, subject: 'News from ChurchTrades', text: 'News', html: '<p>News</p>', unsubscribeUrl });

    const caught = await catcher.waitForMail(to);
    expect(caught.raw).toContain(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(caught.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const registered = emailStarting('asked');
    await register(registered);
    expect((await catcher.waitForMail(registered)).raw).not.toContain('List-Unsubscribe');
  });
});

describe('the failed mails of the administrators’ page', () => {
  async function failedRegistration(): Promise<string> {
    catcher.refuseWith(550);
    const email = emailStarting('bounced');
    await register(email);
    await settled(email, 'FAILED');
    catcher.refuseWith(undefined);
    return email;
  }

  it('lists a failed mail with its address, subject, error and tries, never its body or link', async () => {
    const email = await failedRegistration();
    const row = await outboxRowTo(email);

    const response = await (await administrator()).get('/api/mails/failed?size=100');

    expect(response.statusCode).toBe(200);
    const listed = response.json().data.mails.content.find((mail: { to: string }) => mail.to === email);
    expect(listed).toEqual({
      id: row.id,
      to: email,
      subject: 'Verify your ChurchTrades account',
      lastError: row.lastError,
      tries: 1,
      queuedAt: row.createdAt.toISOString(),
      failedAt: row.failedAt!.toISOString(),
    });
    expect(response.body).not.toContain('/verify/account');
  });

  it('sends a failed mail again, once, with its Message-ID, and writes down who did', async () => {
    const email = await failedRegistration();
    const row = await outboxRowTo(email);
    const admin = await administrator();

    const response = await admin.post(`/api/mails/failed/${row.id}/resend`);

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.failedMailResent);
    const mail = await catcher.waitForMail(email, { subject: 'Verify' });
    expect(mail.messageId).toBe(row.messageId);
    expect(await settled(email, 'SENT')).toMatchObject({ tries: 1, lastError: null });
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'mail.resend'), eq(auditLog.subjectId, row.id)));
    expect(entry).toMatchObject({ subjectType: 'MAIL', before: { state: 'FAILED' }, after: { state: 'QUEUED' } });
    expect(entry!.subjectName).toContain(email);
  });

  it('answers 404 for a mail that is not failed any more, and sends nothing more', async () => {
    const email = await failedRegistration();
    const row = await outboxRowTo(email);
    const admin = await administrator();
    await admin.post(`/api/mails/failed/${row.id}/resend`);
    await catcher.waitForMail(email);

    const again = await admin.post(`/api/mails/failed/${row.id}/resend`);

    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MESSAGES.failedMailNotFound);
    expect(catcher.mailsTo(email)).toHaveLength(1);
  });
});

describe('the outbox in /metrics', () => {
  it('shows how many mails are queued, retrying, failed and sent, and how deliveries went', async () => {
    const response = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });

    const samples = parseExposition(response.body);
    const [counts] = await db
      .select({ failed: sql<number>`count(*) filter (where state = 'FAILED')`.mapWith(Number) })
      .from(outboxMails);
    expect(sampleValue(samples, 'outbox_mails', { state: 'failed' })).toBe(counts!.failed);
    expect(sampleValue(samples, 'outbox_mails', { state: 'sent' })).toBeGreaterThan(0);
    expect(sampleValue(samples, 'outbox_mails', { state: 'queued' })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'outbox_mails', { state: 'retrying' })).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'mail_deliveries_total', { outcome: 'sent' })).toBeGreaterThan(0);
    expect(sampleValue(samples, 'mail_deliveries_total', { outcome: 'retry' })).toBeGreaterThan(0);
    expect(sampleValue(samples, 'mail_deliveries_total', { outcome: 'failed' })).toBeGreaterThan(0);
    expect(sampleValue(samples, 'scheduled_job_runs_total', { job: 'housekeeping', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
  });
});
