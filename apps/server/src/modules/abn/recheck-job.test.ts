import { ABN_RECHECK_DAYS } from '@churchtrades/shared/verification';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { churchMembers, outboxMails, trades } from '../../db/schema';
import { startAbrRegister, TEST_ABNS } from '../../../test/abr-register';
import { createAccount, createTrade } from '../../../test/factories';
import { outboxMailService, testConfig } from '../../../test/test-app';
import { createTestDatabase } from '../../../test/test-database';
import { abnRecheckJob, abnServiceOf } from './recheck-job';

const [STILL_ACTIVE, CANCELLED_LATER, WAITING, RENAMED_LATER] = TEST_ABNS;
const DAY_MS = 24 * 60 * 60 * 1000;

const register = await startAbrRegister({
  records: [
    { abn: STILL_ACTIVE, status: 'Active', entityName: 'Steady Hands Carpentry' },
    { abn: CANCELLED_LATER, status: 'Active', entityName: 'Fading Lights Electrical' },
    { abn: WAITING, status: 'Active', entityName: 'Patient Painters' },
    { abn: RENAMED_LATER, status: 'Active', entityName: 'Old Name Roofing' },
  ],
});
const database = await createTestDatabase();
afterAll(async () => {
  await register.stop();
  await database.close();
});
const db = database.db;
const config = testConfig('/tmp', { abr: { guid: register.guid, url: register.url, timeoutMs: 1000 } });

let now = new Date('2026-03-02T09:00:00Z');
const clock = () => now;
const mail = outboxMailService(db, config.mailFrom);
const abn = abnServiceOf(db, config, clock, mail);
const job = abnRecheckJob(abn);

async function tradeWith(abnDigits: string, name: string) {
  const owner = await createAccount(db, { emailVerifiedAt: new Date() });
  const trade = await createTrade(db, { name, ownerId: owner.id, ...abn.enteredState(abnDigits) });
  await abn.check(trade.id);
  return { trade, owner };
}

async function stored(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

const askedAbout = (digits: string) => register.asked.filter((asked) => asked === digits).length;

function daysLater(days: number) {
  now = new Date(now.getTime() + days * DAY_MS);
}

describe('the ABN re-check', () => {
  const start = now;

  it(`asks the register again ${ABN_RECHECK_DAYS} days after its last answer, not before`, async () => {
    now = start;
    const { trade } = await tradeWith(STILL_ACTIVE, 'Steady Hands Carpentry');
    const first = await stored(trade.id);
    expect(first.abnStatus).toBe('ACTIVE');

    daysLater(ABN_RECHECK_DAYS - 1);
    await job.run();
    expect(askedAbout(STILL_ACTIVE)).toBe(1);
    expect((await stored(trade.id)).abnCheckedAt).toEqual(first.abnCheckedAt);

    daysLater(1);
    await job.run();
    expect(askedAbout(STILL_ACTIVE)).toBe(2);
    expect(await stored(trade.id)).toMatchObject({ abnStatus: 'ACTIVE', abnCheckedAt: now });
  });

  it('takes the badge off an ABN cancelled since, and tells the owner and the moderators why', async () => {
    now = start;
    const { trade, owner } = await tradeWith(CANCELLED_LATER, 'Fading Lights Electrical');
    const moderator = await createAccount(db, { role: 'MODERATOR', enabled: true });
    await db.insert(churchMembers).values({ churchId: trade.churchId, userId: moderator.id, churchRole: 'MODERATOR' });
    register.hold({ abn: CANCELLED_LATER, status: 'Cancelled', entityName: 'Fading Lights Electrical' });

    daysLater(ABN_RECHECK_DAYS);
    await job.run();

    expect(await stored(trade.id)).toMatchObject({ abnStatus: 'CANCELLED', verifiedUntil: null });
    const mails = await db
      .select({ to: outboxMails.recipient, subject: outboxMails.subject, text: outboxMails.textBody })
      .from(outboxMails)
      .where(inArray(outboxMails.recipient, [owner.email, moderator.email]));
    expect(mails.map((sent) => sent.to).sort()).toEqual([owner.email, moderator.email].sort());
    for (const sent of mails) {
      expect(sent.subject).toBe('The ABN of Fading Lights Electrical is no longer verified');
      expect(sent.text).toContain('lists ABN 95 471 173 493 as cancelled');
    }
  });

  it('asks again about an ABN the register could not be asked about', async () => {
    now = start;
    const owner = await createAccount(db);
    const trade = await createTrade(db, { name: 'Patient Painters', ownerId: owner.id, ...abn.enteredState(WAITING) });
    expect((await stored(trade.id)).abnStatus).toBe('UNCHECKED');

    await job.run();

    expect((await stored(trade.id)).abnStatus).toBe('ACTIVE');
  });

  it('tells nobody when an ABN that was not verified stays so', async () => {
    now = start;
    const { trade, owner } = await tradeWith(RENAMED_LATER, 'New Name Roofing');
    expect((await stored(trade.id)).abnStatus).toBe('MISMATCH');

    daysLater(ABN_RECHECK_DAYS);
    await job.run();

    expect(askedAbout(RENAMED_LATER)).toBe(2);
    expect(await db.select().from(outboxMails).where(eq(outboxMails.recipient, owner.email))).toEqual([]);
  });
});
