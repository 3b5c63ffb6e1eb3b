import { MESSAGES } from '@churchtrades/shared/messages';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, outboxMails, trades } from '../../db/schema';
import { createAccount, createOwner, createTrade } from '../../../test/factories';
import { malleableTwinOf } from '../../../test/malleable-token';
import { createTestApp, outboxMailService, testSessionLimits } from '../../../test/test-app';
import { type TestBrowser, testBrowser } from '../../../test/test-browser';
import { createSessionRepo } from '../sessions/repo';
import { createSessionService } from '../sessions/service';
import { stillTradingJob, stillTradingServiceOf } from './job';
import { stillTradingLinks } from './link';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
// Twelve months from any day of this file's timeline (February 2027 on), leap days aside.
const TWELVE_MONTHS_MS = 365 * DAY_MS;

// The fake clock only moves forward: every business of the file answers to one timeline.
let now = new Date('2027-02-01T00:00:00.000Z');
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

const { app, database, config } = await createTestApp({ backgroundWork: false }, { clock });
const db = database.db;
const job = stillTradingJob(stillTradingServiceOf(db, config, clock, outboxMailService(db, config.mailFrom)));
const sessions = createSessionService(createSessionRepo(db), clock, testSessionLimits);

/** A month back on the calendar, as PostgreSQL counts months. */
function monthsBefore(date: Date, months: number): Date {
  const moved = new Date(date);
  moved.setUTCMonth(moved.getUTCMonth() - months);
  return moved;
}

async function loggedIn(userId: string): Promise<TestBrowser> {
  const browser = testBrowser(app);
  const session = await sessions.start(userId, 'ACTIVE', { address: browser.address, userAgent: 'test' });
  browser.sessionToken = session.token;
  return browser;
}

let businesses = 0;

/** A listed business approved `approvedMonthsAgo` months (and a day) before the clock's time. */
async function listedBusiness(approvedMonthsAgo = 12, extraMs = DAY_MS) {
  businesses += 1;
  const owner = await createOwner(db, { firstName: 'Tess', email: `still.trading.${businesses}.${Date.now()}@example.com.au` });
  const trade = await createTrade(db, {
    ownerId: owner.id,
    name: `Still Trading Plumbing ${businesses}`,
    moderatedAt: new Date(monthsBefore(now, approvedMonthsAgo).getTime() - extraMs),
  });
  return { owner, trade };
}

async function stored(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

async function mailsTo(email: string) {
  return db.select().from(outboxMails).where(eq(outboxMails.recipient, email)).orderBy(asc(outboxMails.createdAt));
}

function tokenIn(text: string | null): string {
  const match = /\/still-trading\?token=([^\s)]+)/.exec(text ?? '');
  if (!match) throw new Error('no still-trading link in the mail');
  return decodeURIComponent(match[1]!);
}

async function searchedNames(name: string): Promise<string[]> {
  const response = await app.inject({ method: 'GET', url: `/api/trades/clientFilter?searchText=${encodeURIComponent(name)}` });
  return response.json().data.trades.content.map((card: { name: string }) => card.name);
}

const visitor = () => testBrowser(app);

describe('the still-trading question', () => {
  it('asks the owner a period after approval, not before, once, with a one-click yes and a way to their details', async () => {
    const { owner, trade } = await listedBusiness(12, -HOUR_MS);

    await job.run();
    expect(await mailsTo(owner.email)).toHaveLength(0);
    expect((await stored(trade.id)).tradingCheckSentAt).toBeNull();

    advance(2 * HOUR_MS);
    await job.run();
    await job.run();

    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Is ${trade.name} still trading?`);
    expect(mails[0]!.textBody).toContain(`Is ${trade.name} still trading, and are its details right?`);
    expect(mails[0]!.textBody).toContain('Yes, still trading: http://localhost:3000/still-trading?token=');
    expect(mails[0]!.textBody).toContain('Update my details: http://localhost:3000/trade/profile');
    expect(mails[0]!.htmlBody).toContain('Yes, still trading</a>');
    expect((await stored(trade.id)).tradingCheckSentAt).toEqual(now);
  });

  it('sends one question per business when two processes run the job together', async () => {
    const { owner } = await listedBusiness();

    await Promise.all([job.run(), job.run()]);

    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it('asks at most its number of questions per run, and the rest at the next runs', async () => {
    await job.run();
    const owners = await Promise.all([listedBusiness(), listedBusiness(), listedBusiness()].map(async (made) => (await made).owner));
    const capped = stillTradingJob(
      stillTradingServiceOf(db, config, clock, outboxMailService(db, config.mailFrom), { questionsPerRun: 2 }),
    );
    const asked = async () => (await Promise.all(owners.map((owner) => mailsTo(owner.email)))).filter((mails) => mails.length > 0);

    await capped.run();
    expect(await asked()).toHaveLength(2);

    await capped.run();
    expect(await asked()).toHaveLength(3);
  });

  it('reminds at 30 days, expires at 60 days out of the directory, and tells the owner each time once', async () => {
    const { owner, trade } = await listedBusiness();
    await job.run();
    const askedAt = now;

    advance(29 * DAY_MS);
    await job.run();
    expect(await mailsTo(owner.email)).toHaveLength(1);

    advance(DAY_MS);
    await job.run();
    await job.run();
    const reminded = await mailsTo(owner.email);
    expect(reminded.map((mail) => mail.subject)).toEqual([`Is ${trade.name} still trading?`, `Reminder: is ${trade.name} still trading?`]);
    const expiresOn = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Sydney' }).format(
      new Date(askedAt.getTime() + 60 * DAY_MS),
    );
    expect(reminded[1]!.textBody).toContain(`it leaves the ChurchTrades directory on ${expiresOn}.`);
    expect(tokenIn(reminded[1]!.textBody)).toBe(tokenIn(reminded[0]!.textBody));
    expect(await searchedNames(trade.name)).toEqual([trade.name]);

    advance(29 * DAY_MS);
    await job.run();
    expect((await stored(trade.id)).expired).toBe(false);

    advance(DAY_MS);
    await job.run();
    await job.run();

    const expired = await stored(trade.id);
    expect(expired).toMatchObject({ expired: true, expiredForNoAnswer: true, listed: false, tradingCheckSentAt: askedAt });
    expect(await searchedNames(trade.name)).toEqual([]);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(3);
    expect(mails[2]!.subject).toBe(`${trade.name} left the ChurchTrades directory`);
  });
});

describe('the one-click link', () => {
  async function expiredBusiness() {
    const business = await listedBusiness();
    await job.run();
    advance(60 * DAY_MS);
    await job.run();
    const mails = await mailsTo(business.owner.email);
    return { ...business, token: tokenIn(mails.at(-1)!.textBody) };
  }

  it('names the business when opened and confirms nothing until the owner presses yes', async () => {
    const { trade, token } = await expiredBusiness();

    const opened = await visitor().get(`/api/trades/stillTrading?token=${encodeURIComponent(token)}`);

    expect(opened.json()).toMatchObject({ statusCode: 200, data: { question: { tradeName: trade.name, expired: true } } });
    expect(await stored(trade.id)).toMatchObject({ expired: true, listed: false });
  });

  it('puts an expired business back in the directory, once: the same link again is refused clearly', async () => {
    const { trade, token } = await expiredBusiness();

    const confirmed = await visitor().post('/api/trades/stillTrading', { token });

    expect(confirmed.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.stillTradingConfirmedListedAgain,
      data: { stillTrading: { tradeName: trade.name, listed: true, listedAgain: true } },
    });
    expect(await stored(trade.id)).toMatchObject({
      expired: false,
      expiredForNoAnswer: false,
      listed: true,
      tradingConfirmedAt: now,
      tradingCheckSentAt: null,
      tradingReminderSentAt: null,
    });
    expect(await searchedNames(trade.name)).toEqual([trade.name]);

    const again = await visitor().post('/api/trades/stillTrading', { token });
    expect(again.json()).toMatchObject({ statusCode: 409, status: 'CONFLICT', message: MESSAGES.stillTradingLinkUsed });
    const reopened = await visitor().get(`/api/trades/stillTrading?token=${encodeURIComponent(token)}`);
    expect(reopened.json()).toMatchObject({ statusCode: 409, message: MESSAGES.stillTradingLinkUsed });
  });

  it('keeps a business listed when its owner answers before the expiry, and asks again a period after the answer', async () => {
    const { owner, trade } = await listedBusiness();
    await job.run();
    advance(10 * DAY_MS);
    const token = tokenIn((await mailsTo(owner.email))[0]!.textBody);

    const confirmed = await visitor().post('/api/trades/stillTrading', { token });

    expect(confirmed.json()).toMatchObject({ message: MESSAGES.stillTradingConfirmed, data: { stillTrading: { listedAgain: false } } });
    advance(60 * DAY_MS);
    await job.run();
    expect(await stored(trade.id)).toMatchObject({ expired: false, listed: true, tradingCheckSentAt: null });
    expect(await mailsTo(owner.email)).toHaveLength(1);

    advance(TWELVE_MONTHS_MS - 60 * DAY_MS + DAY_MS);
    await job.run();
    expect(await mailsTo(owner.email)).toHaveLength(2);
  });

  it("refuses a forged link, another server's link, a malformed one and a twin of a good one, changing nothing", async () => {
    const { trade, token } = await expiredBusiness();
    const [id, round, signature] = token.split('.');
    const flipped = `${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    const otherServers = stillTradingLinks('another-secret-of-another-server').tokenFor({ tradeId: id!, askedAt: new Date(Number.parseInt(round!, 36)) });

    const twins = [malleableTwinOf(token), `${token}=`];
    for (const forged of [`${id}.${round}.${flipped}`, otherServers, 'not-a-token', `${id}.${round}`, `${id}.zzzzzzzzzzzzz.${signature}`, ...twins]) {
      const answer = await visitor().post('/api/trades/stillTrading', { token: forged });
      expect(answer.json()).toMatchObject({ statusCode: 404, status: 'NOT_FOUND', message: MESSAGES.stillTradingLinkInvalid });
    }
    expect(await stored(trade.id)).toMatchObject({ expired: true, listed: false });
  });

  it("refuses an earlier round's link once a newer question was sent", async () => {
    const { owner, trade } = await listedBusiness();
    await job.run();
    const firstToken = tokenIn((await mailsTo(owner.email))[0]!.textBody);
    const browser = await loggedIn(owner.id);
    await browser.patch('/api/trades/stillTrading/own', { tradeId: trade.id });
    advance(TWELVE_MONTHS_MS + DAY_MS);
    await job.run();
    expect(await mailsTo(owner.email)).toHaveLength(2);

    const answer = await visitor().post('/api/trades/stillTrading', { token: firstToken });

    expect(answer.json()).toMatchObject({ statusCode: 409, message: MESSAGES.stillTradingLinkUsed });
    expect((await stored(trade.id)).tradingCheckSentAt).toEqual(now);
  });
});

describe("the owner's yes from the dashboard", () => {
  it('shows the open question on the dashboard and closes it with a yes', async () => {
    const { owner, trade } = await listedBusiness();
    await job.run();
    const browser = await loggedIn(owner.id);

    const dashboard = await browser.get(`/api/trades/byUser/${owner.id}`);
    expect(dashboard.json().data.trade.stillTrading).toEqual({
      askedAt: now.toISOString(),
      expiresOn: new Date(now.getTime() + 60 * DAY_MS).toISOString(),
      expiredForNoAnswer: false,
    });

    const confirmed = await browser.patch('/api/trades/stillTrading/own', { tradeId: trade.id });

    expect(confirmed.json()).toMatchObject({ statusCode: 200, message: MESSAGES.stillTradingConfirmed });
    expect(await stored(trade.id)).toMatchObject({ tradingConfirmedAt: now, tradingCheckSentAt: null });
    const again = await browser.patch('/api/trades/stillTrading/own', { tradeId: trade.id });
    expect(again.json()).toMatchObject({ statusCode: 409, message: MESSAGES.noStillTradingQuestion });
  });

  it("refuses another owner's business", async () => {
    const { trade } = await listedBusiness();
    await job.run();
    const other = await listedBusiness(1);
    const browser = await loggedIn(other.owner.id);

    const answer = await browser.patch('/api/trades/stillTrading/own', { tradeId: trade.id });

    expect(answer.json()).toMatchObject({ statusCode: 403, message: MESSAGES.notYourTrade });
    expect((await stored(trade.id)).tradingCheckSentAt).not.toBeNull();
  });
});

describe("an administrator's toggleExpired", () => {
  it('expires a business whatever the round, and an old link cannot lift it', async () => {
    const { owner, trade } = await listedBusiness();
    await job.run();
    const token = tokenIn((await mailsTo(owner.email))[0]!.textBody);
    const admin = await loggedIn((await createAccount(db, { role: 'ADMIN' })).id);

    const flipped = await admin.patch(`/api/trades/toggleExpired?key=${trade.id}`);

    expect(flipped.json()).toMatchObject({ statusCode: 200, data: { trade: { expired: true } } });
    expect(await stored(trade.id)).toMatchObject({ expired: true, expiredForNoAnswer: false, tradingCheckSentAt: null, listed: false });
    const answer = await visitor().post('/api/trades/stillTrading', { token });
    expect(answer.json()).toMatchObject({ statusCode: 409 });
    advance(90 * DAY_MS);
    await job.run();
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect((await stored(trade.id)).expired).toBe(true);
  });

  it("lifts an expiry for no answer, and the next question comes a period later", async () => {
    const { owner, trade } = await listedBusiness();
    await job.run();
    advance(60 * DAY_MS);
    await job.run();
    expect((await stored(trade.id)).expiredForNoAnswer).toBe(true);
    const admin = await loggedIn((await createAccount(db, { role: 'ADMIN' })).id);

    await admin.patch(`/api/trades/toggleExpired?key=${trade.id}`);

    expect(await stored(trade.id)).toMatchObject({ expired: false, listed: true, tradingCheckSentAt: null, tradingConfirmedAt: now });
    advance(DAY_MS);
    await job.run();
    expect(await mailsTo(owner.email)).toHaveLength(3);
  });

  it('is still refused to an owner', async () => {
    const { owner, trade } = await listedBusiness();
    const browser = await loggedIn(owner.id);

    const answer = await browser.patch(`/api/trades/toggleExpired?key=${trade.id}`);

    expect(answer.statusCode).toBe(403);
    expect((await stored(trade.id)).expired).toBe(false);
  });
});

describe('the still-trading period', () => {
  it('is 12 months until an administrator sets it, audited; the next questions follow it', async () => {
    const admin = await createAccount(db, { role: 'ADMIN', firstName: 'Ada', lastName: 'Admin' });
    const browser = await loggedIn(admin.id);
    expect((await browser.get('/api/settings/stillTrading')).json()).toMatchObject({
      data: { setting: { months: 12, updatedAt: null, updatedByName: null } },
    });
    const { owner } = await listedBusiness(6);

    const saved = await browser.request({ method: 'PUT', url: '/api/settings/stillTrading', payload: { months: 6 } });

    expect(saved.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.stillTradingSettingSaved,
      data: { setting: { months: 6, updatedAt: now.toISOString(), updatedByName: 'Ada Admin' } },
    });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setting.change'), eq(auditLog.actorId, admin.id)));
    expect(entry).toMatchObject({ subjectType: 'SETTING', before: { months: 12 }, after: { months: 6 } });
    await job.run();
    expect(await mailsTo(owner.email)).toHaveLength(1);
    await browser.request({ method: 'PUT', url: '/api/settings/stillTrading', payload: { months: 12 } });
  });

  it('refuses a period out of bounds or not whole', async () => {
    const browser = await loggedIn((await createAccount(db, { role: 'SUPER' })).id);
    for (const months of [2, 37, 6.5, '12', null]) {
      const answer = await browser.request({ method: 'PUT', url: '/api/settings/stillTrading', payload: { months } });
      expect(answer.json()).toMatchObject({ statusCode: 400, message: MESSAGES.stillTradingMonthsRange });
    }
  });

  it('is refused to moderators and owners', async () => {
    for (const role of ['MODERATOR', 'GOVERNOR', 'TRADER'] as const) {
      const browser = await loggedIn((await createAccount(db, { role })).id);
      expect((await browser.get('/api/settings/stillTrading')).statusCode).toBe(403);
      const answer = await browser.request({ method: 'PUT', url: '/api/settings/stillTrading', payload: { months: 6 } });
      expect(answer.statusCode).toBe(403);
    }
  });
});

describe("the moderators' About to expire", () => {
  it('lists the businesses asked and not yet answered, with the day they expire', async () => {
    const { trade } = await listedBusiness();
    const quiet = await listedBusiness(1);
    await job.run();
    const admin = await loggedIn((await createAccount(db, { role: 'ADMIN' })).id);

    const answer = await admin.get(`/api/moderation/trades?aboutToExpire=true&name=${encodeURIComponent('Still Trading Plumbing')}&size=100`);

    const listed = answer.json().data.trades.content as { id: string; stillTradingExpiresOn: string | null }[];
    expect(listed.find((row) => row.id === trade.id)?.stillTradingExpiresOn).toBe(new Date(now.getTime() + 60 * DAY_MS).toISOString());
    expect(listed.map((row) => row.id)).not.toContain(quiet.trade.id);
    expect(listed.every((row) => row.stillTradingExpiresOn !== null)).toBe(true);
  });
});
