import { ENQUIRY_LIMITS } from '@churchtrades/shared/enquiries';
import { inboxKey } from '@churchtrades/shared/inbox-key';
import { MESSAGES } from '@churchtrades/shared/messages';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  blockedSenders,
  churchMembers,
  enquiries,
  enquiryConfirmations,
  enquiryDailyCounts,
  enquiryMessages,
  outboxMails,
  spentProofsOfWork,
} from '../../db/schema';
import { housekeepingJob } from '../../housekeeping';
import { createAccount, createChurch, createTrade } from '../../../test/factories';
import { malleableTwinOf } from '../../../test/malleable-token';
import { solvedProofOfWork, widgetPayload } from '../../../test/proof-of-work';
import { createTestApp, testSessionLimits } from '../../../test/test-app';
import { testBrowser, type TestBrowser } from '../../../test/test-browser';
import { createSessionRepo } from '../sessions/repo';
import { createSessionService } from '../sessions/service';
import { sydneyDay } from './repo';
import { textHashOf } from './service';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

// The clock starts at the real time (the widget's challenges expire by it too) and only moves forward.
let now = new Date();
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

const { app, database } = await createTestApp({ backgroundWork: false }, { clock });
const db = database.db;
const sessions = createSessionService(createSessionRepo(db), clock, testSessionLimits);

/** A browser logged in as the user on the file's clock, from `address` (a new one unless given). */
async function loggedIn(userId: string, address?: string): Promise<TestBrowser> {
  const browser = testBrowser(app, address ? { address } : {});
  const session = await sessions.start(userId, 'ACTIVE', { address: browser.address, userAgent: 'test' });
  browser.sessionToken = session.token;
  return browser;
}

let sent = 0;

/** A message no other test sends, so the same-text rule counts only this test's sends. */
function freshMessage(): string {
  sent += 1;
  return `Could you quote for fixing a leaking tap in the kitchen? Request number ${sent}.`;
}

function form(tradeIds: string[], fields: Record<string, unknown> = {}) {
  return {
    tradeIds,
    name: 'Vera Visitor',
    email: `vera.${sent}.${Date.now()}@example.com.au`,
    phone: '0400 111 222',
    suburb: 'Ryde',
    message: freshMessage(),
    ...fields,
  };
}

async function listedBusiness(fields: Parameters<typeof createTrade>[1] = {}) {
  const owner = await createAccount(db, { role: 'TRADER', firstName: 'Olive' });
  const trade = await createTrade(db, { ownerId: owner.id, ...fields });
  return { owner, trade };
}

async function mailsTo(email: string) {
  return db.select().from(outboxMails).where(eq(outboxMails.recipient, email)).orderBy(asc(outboxMails.createdAt));
}

async function enquiriesOf(tradeId: string) {
  return db.select().from(enquiries).where(eq(enquiries.tradeId, tradeId));
}

function keyIn(text: string | null): string {
  const match = /\/enquiries\/confirm\?key=([^\s)]+)/.exec(text ?? '');
  if (!match) throw new Error('no confirmation link in the mail');
  return decodeURIComponent(match[1]!);
}

async function anonymousSend(tradeIds: string[], fields: Record<string, unknown> = {}, browser: TestBrowser = testBrowser(app)) {
  const payload = form(tradeIds, fields);
  const response = await browser.post('/api/enquiries', { ...payload, proofOfWork: await solvedProofOfWork(browser) });
  return { response, payload };
}

async function loggedInSender() {
  const account = await createAccount(db, { firstName: 'Sam', email: `sam.${Date.now()}.${Math.random()}@example.com.au` });
  return { account, browser: await loggedIn(account.id) };
}

describe('the proof of work', () => {
  it('hands out a signed PBKDF2 challenge that expires, and no cache keeps it', async () => {
    const response = await testBrowser(app).get('/api/enquiries/challenge');

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { challenge } = response.json().data;
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000 });
    expect(challenge.parameters.expiresAt * 1000).toBeGreaterThan(now.getTime() + 9 * MINUTE_MS);
    expect(challenge.signature).toEqual(expect.any(String));
  });

  it('refuses a send without a proof, with a forged one, or with the widget\'s test payload', async () => {
    const { trade } = await listedBusiness();
    const browser = testBrowser(app);
    const testPayload = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64');

    for (const proofOfWork of [undefined, 'bm90IGEgcHJvb2Y=', testPayload]) {
      const response = await browser.post('/api/enquiries', { ...form([trade.id]), ...(proofOfWork ? { proofOfWork } : {}) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.proofOfWorkFailed);
    }
    expect(await enquiriesOf(trade.id)).toEqual([]);
  });

  it('refuses a solution whose counter is wrong', async () => {
    const { trade } = await listedBusiness();
    const browser = testBrowser(app);
    const challenge = (await browser.get('/api/enquiries/challenge')).json().data.challenge;

    const response = await browser.post('/api/enquiries', {
      ...form([trade.id]),
      proofOfWork: widgetPayload(challenge, { counter: 1, derivedKey: '00'.repeat(32) }),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.proofOfWorkFailed);
  });

  it('accepts each solution once', async () => {
    const { trade } = await listedBusiness();
    const browser = testBrowser(app);
    const proofOfWork = await solvedProofOfWork(browser);

    const first = await browser.post('/api/enquiries', { ...form([trade.id]), proofOfWork });
    const second = await browser.post('/api/enquiries', { ...form([trade.id]), proofOfWork });

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(MESSAGES.proofOfWorkUsed);
  });

  it('refuses a solution sent after its challenge expired, and housekeeping forgets spent ones then', async () => {
    const { trade } = await listedBusiness();
    const browser = testBrowser(app);
    const proofOfWork = await solvedProofOfWork(browser);
    const spentBefore = await db.select().from(spentProofsOfWork);

    advance(11 * MINUTE_MS);
    const response = await browser.post('/api/enquiries', { ...form([trade.id]), proofOfWork });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.proofOfWorkFailed);
    await housekeepingJob(db, HOUR_MS, clock).run();
    expect(spentBefore.length).toBeGreaterThan(0);
    expect(await db.select().from(spentProofsOfWork).where(sql`${spentProofsOfWork.expiresAt} <= ${now.toISOString()}::timestamptz`)).toEqual([]);
  });
});

describe('a send without an account', () => {
  it('waits for the e-mailed confirmation, then delivers to every business and mails each owner', async () => {
    const first = await listedBusiness();
    const second = await listedBusiness();

    const { response, payload } = await anonymousSend([first.trade.id, second.trade.id]);

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.enquiryAwaitingConfirmation);
    expect(response.json().data.enquiry).toEqual({ outcome: 'AWAITING_CONFIRMATION', tradeNames: [first.trade.name, second.trade.name] });
    const waiting = [...(await enquiriesOf(first.trade.id)), ...(await enquiriesOf(second.trade.id))];
    expect(waiting.map((row) => row.delivery)).toEqual(['UNCONFIRMED', 'UNCONFIRMED']);
    expect(waiting[0]!.sendId).toBe(waiting[1]!.sendId);
    expect(waiting[0]!.textHash).toBe(textHashOf(payload.message));
    expect(await mailsTo(first.owner.email)).toEqual([]);

    const [confirmation] = await mailsTo(payload.email);
    expect(confirmation!.subject).toBe('Confirm your enquiry on ChurchTrades');
    expect(confirmation!.textBody).toContain(first.trade.name);
    expect(confirmation!.textBody).toContain(second.trade.name);
    expect(confirmation!.textBody).not.toContain(payload.message);
    expect(confirmation!.textBody).not.toContain(payload.name);
    const key = keyIn(confirmation!.textBody);
    expect(await db.select().from(enquiryConfirmations).where(eq(enquiryConfirmations.keyHash, key))).toEqual([]);

    const confirmed = await testBrowser(app).post('/api/enquiries/confirm', { key });

    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().message).toBe(MESSAGES.enquiryConfirmed);
    expect(confirmed.json().data.enquiry.outcome).toBe('SENT');
    const [delivered] = await enquiriesOf(first.trade.id);
    expect(delivered).toMatchObject({ delivery: 'DELIVERED', folder: 'NEW', deliveredAt: now, senderConfirmedAt: now, readAt: null });
    const [ownerMail] = await mailsTo(first.owner.email);
    expect(ownerMail!.subject).toBe(`New enquiry for ${first.trade.name} from Vera Visitor`);
    expect(ownerMail!.textBody).toContain(payload.message);
    expect(ownerMail!.textBody).toContain('Vera Visitor from Ryde');
    expect(ownerMail!.textBody).toContain(`E-mail: ${payload.email}`);
    expect(ownerMail!.textBody).toContain('Phone: 0400 111 222');
    expect(ownerMail!.textBody).toContain(`http://localhost:3000/trade/enquiries/${delivered!.id}`);
    expect(await mailsTo(second.owner.email)).toHaveLength(1);
    const [count] = await db.select().from(enquiryDailyCounts).where(eq(enquiryDailyCounts.tradeId, first.trade.id));
    expect(count).toMatchObject({ day: sydneyDay(now), received: 1, answered: 0 });
    const [message] = await db.select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, delivered!.id));
    expect(message).toMatchObject({ author: 'VISITOR', body: payload.message });
  });

  it('refuses a confirmation key used twice, one it never sent, and one that expired', async () => {
    const { trade, owner } = await listedBusiness();
    const { payload } = await anonymousSend([trade.id]);
    const key = keyIn((await mailsTo(payload.email))[0]!.textBody);
    await testBrowser(app).post('/api/enquiries/confirm', { key });

    const twice = await testBrowser(app).post('/api/enquiries/confirm', { key });
    const unknown = await testBrowser(app).post('/api/enquiries/confirm', { key: 'not-a-key-we-sent' });
    for (const twin of [malleableTwinOf(key), `${key}=`, ` ${key}`]) {
      const answer = await testBrowser(app).post('/api/enquiries/confirm', { key: twin });
      expect([answer.statusCode, answer.json().message]).toEqual([404, MESSAGES.enquiryLinkInvalid]);
    }

    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MESSAGES.enquiryLinkUsed);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.enquiryLinkInvalid);
    expect(await mailsTo(owner.email)).toHaveLength(1);

    const late = await listedBusiness();
    const { payload: latePayload } = await anonymousSend([late.trade.id]);
    const lateKey = keyIn((await mailsTo(latePayload.email))[0]!.textBody);
    advance(49 * HOUR_MS);
    const expired = await testBrowser(app).post('/api/enquiries/confirm', { key: lateKey });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(MESSAGES.enquiryLinkUsed);

    await housekeepingJob(db, HOUR_MS, clock).run();
    const [dropped] = await enquiriesOf(late.trade.id);
    expect(dropped!.delivery).toBe('DROPPED');

    // A late click is still told "used or expired" for a week; then housekeeping forgets the key.
    advance(8 * 24 * HOUR_MS);
    await housekeepingJob(db, HOUR_MS, clock).run();
    expect(await db.select().from(enquiryConfirmations).where(eq(enquiryConfirmations.sendId, dropped!.sendId))).toEqual([]);
  });

  it('refuses a filled honeypot', async () => {
    const { trade } = await listedBusiness();
    const browser = testBrowser(app);

    const response = await browser.post('/api/enquiries', { ...form([trade.id]), homepage: 'http://spam.example', proofOfWork: 'x' });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.formRefused);
  });

  it('drops the send when its address was blocked before the confirmation', async () => {
    const { trade, owner } = await listedBusiness();
    const { payload } = await anonymousSend([trade.id]);
    const key = keyIn((await mailsTo(payload.email))[0]!.textBody);
    await db.insert(blockedSenders).values({ emailKey: inboxKey(payload.email), reason: 'Sends spam' });

    const response = await testBrowser(app).post('/api/enquiries/confirm', { key });

    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.enquirySenderBlocked);
    expect((await enquiriesOf(trade.id))[0]!.delivery).toBe('DROPPED');
    expect(await mailsTo(owner.email)).toEqual([]);
  });
});

describe('a send from a logged-in user', () => {
  it('goes at once from the account\'s address, with the name the form gives, and needs no proof of work', async () => {
    const { trade, owner } = await listedBusiness();
    const { account, browser } = await loggedInSender();

    const response = await browser.post('/api/enquiries', form([trade.id], { email: 'someone.else@example.com.au', name: 'Samuel S.' }));

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.enquirySent);
    expect(response.json().data.enquiry).toEqual({ outcome: 'SENT', tradeNames: [trade.name] });
    const [row] = await enquiriesOf(trade.id);
    expect(row).toMatchObject({ delivery: 'DELIVERED', senderEmail: account.email, senderName: 'Samuel S.', senderUserId: account.id });
    expect(await mailsTo('someone.else@example.com.au')).toEqual([]);
    expect((await mailsTo(owner.email))[0]!.textBody).toContain(`E-mail: ${account.email}`);
  });

  it('stores the name and suburb without control or bidirectional characters, as the form sends them', async () => {
    const { trade, owner } = await listedBusiness();
    const { browser } = await loggedInSender();

    const response = await browser.post('/api/enquiries', form([trade.id], { name: 'Sam \u202Egpj.exe\u202C\u2066 Smith\u0085', suburb: 'Ry\u200Fde\n\u0007' }));

    expect(response.statusCode).toBe(200);
    const [row] = await enquiriesOf(trade.id);
    expect(row).toMatchObject({ senderName: 'Sam gpj.exe Smith', senderSuburb: 'Ryde' });
    expect((await mailsTo(owner.email))[0]!.subject).toBe(`New enquiry for ${trade.name} from Sam gpj.exe Smith`);
  });

  it('may not ask their own business, nor one out of the directory or unknown', async () => {
    const own = await listedBusiness();
    const unlisted = await listedBusiness({ moderationStatus: 'PENDING' });
    const browser = await loggedIn(own.owner.id);

    const toOwn = await browser.post('/api/enquiries', form([own.trade.id]));
    const toUnlisted = await browser.post('/api/enquiries', form([unlisted.trade.id]));
    const toUnknown = await browser.post('/api/enquiries', form(['00000000-0000-4000-8000-000000000000']));

    expect([toOwn.statusCode, toOwn.json().message]).toEqual([403, MESSAGES.enquiryOwnBusiness]);
    expect([toUnlisted.statusCode, toUnlisted.json().message]).toEqual([409, MESSAGES.enquiryBusinessUnavailable]);
    expect([toUnknown.statusCode, toUnknown.json().message]).toEqual([404, MESSAGES.enquiryBusinessUnavailable]);
  });

  it('refuses a blocked address, and every sub-address and spelling of its inbox', async () => {
    const { trade } = await listedBusiness();
    const { account, browser } = await loggedInSender();
    await db.insert(blockedSenders).values({ emailKey: inboxKey(account.email), reason: 'Sends spam' });
    const local = `spam.sender.${Date.now()}`;
    await db.insert(blockedSenders).values({ emailKey: inboxKey(`${local}@gmail.com`), reason: 'Sends spam' });
    const variants = [account.email.replace('@', '+shop@'), `${local.replaceAll('.', '')}+offers@googlemail.com`];

    const responses = [await browser.post('/api/enquiries', form([trade.id]))];
    for (const email of variants) responses.push(await (await loggedIn((await createAccount(db, { email })).id)).post('/api/enquiries', form([trade.id])));

    for (const response of responses) expect([response.statusCode, response.json().message]).toEqual([403, MESSAGES.enquirySenderBlocked]);
    expect(await enquiriesOf(trade.id)).toEqual([]);
  });

  it('is limited per sender address, with the time to wait', async () => {
    const { trade } = await listedBusiness();
    const { browser } = await loggedInSender();
    for (let send = 0; send < ENQUIRY_LIMITS.perAddressPerHour; send += 1) {
      expect((await browser.post('/api/enquiries', form([trade.id]))).statusCode).toBe(200);
    }

    const refused = await browser.post('/api/enquiries', form([trade.id]));

    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
  });

  it('counts the sub-addresses and spellings of one inbox as one sender address', async () => {
    const { trade } = await listedBusiness();
    const local = `sam.sender.${Date.now()}`;
    const spellings = Array.from({ length: ENQUIRY_LIMITS.perAddressPerHour }, (_, send) =>
      send % 2 === 0 ? `${local}+${send}@gmail.com` : `${local.toUpperCase()}+${send}@googlemail.com`,
    );
    const senders = [...spellings, `${local.replaceAll('.', '')}@gmail.com`];
    const accounts = await Promise.all(senders.map((email) => createAccount(db, { email })));
    const answers = [];
    for (const account of accounts) answers.push((await (await loggedIn(account.id)).post('/api/enquiries', form([trade.id]))).statusCode);

    expect(answers).toEqual([...spellings.map(() => 200), 429]);
  });

  it('is limited per network, whichever addresses send', async () => {
    const { trade } = await listedBusiness();
    const address = '2001:db8:77:1::1';
    for (let send = 0; send < ENQUIRY_LIMITS.perNetworkPerHour; send += 1) {
      const { account } = await loggedInSender();
      const browser = await loggedIn(account.id, `2001:db8:77:1::${send + 2}`);
      expect((await browser.post('/api/enquiries', form([trade.id]))).statusCode).toBe(200);
    }
    const { account } = await loggedInSender();
    const last = await loggedIn(account.id, address);

    const refused = await last.post('/api/enquiries', form([trade.id]));

    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('lets a business receive so many a day, and tells the sender to try tomorrow', async () => {
    const { trade } = await listedBusiness();
    const rows = Array.from({ length: ENQUIRY_LIMITS.perBusinessPerDay }, (_, index) => ({
      tradeId: trade.id,
      sendId: crypto.randomUUID(),
      senderName: 'Earlier Visitor',
      senderEmail: `earlier.${index}@example.com.au`,
      senderEmailKey: `earlier.${index}@example.com.au`,
      senderSuburb: 'Ryde',
      senderNetwork: `10.99.0.${index}`,
      textHash: `earlier-${index}`,
      delivery: 'DELIVERED' as const,
      createdAt: new Date(now.getTime() - HOUR_MS),
    }));
    await db.insert(enquiries).values(rows);
    const { browser } = await loggedInSender();

    const refused = await browser.post('/api/enquiries', form([trade.id]));

    expect([refused.statusCode, refused.json().message]).toEqual([429, MESSAGES.enquiryBusinessBusy]);
    expect(Number(refused.headers['retry-after'])).toBe(23 * 3600);
  });
});

describe('the same text sent to many businesses', () => {
  it('is held for a moderator once it went to more than three, and a moderator of the church releases it', async () => {
    const church = await createChurch(db);
    const businesses = [];
    for (let index = 0; index < 4; index += 1) businesses.push(await listedBusiness({ churchId: church.id }));
    const { browser } = await loggedInSender();
    const message = freshMessage();
    const firstThree = await browser.post('/api/enquiries', form(businesses.slice(0, 3).map(({ trade }) => trade.id), { message }));
    const { browser: another } = await loggedInSender();

    const fourth = await another.post('/api/enquiries', form([businesses[3]!.trade.id], { message: `  ${message.toUpperCase()} ` }));

    expect(firstThree.json().data.enquiry.outcome).toBe('SENT');
    expect(fourth.statusCode).toBe(200);
    expect(fourth.json().message).toBe(MESSAGES.enquiryHeld);
    expect(fourth.json().data.enquiry.outcome).toBe('HELD');
    const [held] = await enquiriesOf(businesses[3]!.trade.id);
    expect(held).toMatchObject({ delivery: 'HELD', deliveredAt: null });
    expect(await mailsTo(businesses[3]!.owner.email)).toEqual([]);

    const otherModerator = await createAccount(db, { role: 'MODERATOR' });
    await db.insert(churchMembers).values({ churchId: (await createChurch(db)).id, userId: otherModerator.id, churchRole: 'MODERATOR' });
    const refused = await (await loggedIn(otherModerator.id)).post(`/api/moderation/enquiries/${held!.id}/release`);
    expect([refused.statusCode, refused.json().message]).toEqual([403, MESSAGES.notYourChurchsEnquiry]);

    const moderator = await createAccount(db, { role: 'MODERATOR' });
    await db.insert(churchMembers).values({ churchId: church.id, userId: moderator.id, churchRole: 'MODERATOR' });
    const moderatorBrowser = await loggedIn(moderator.id);
    const released = await moderatorBrowser.post(`/api/moderation/enquiries/${held!.id}/release`);
    const again = await moderatorBrowser.post(`/api/moderation/enquiries/${held!.id}/release`);

    expect([released.statusCode, released.json().message]).toEqual([200, MESSAGES.heldEnquiryReleased]);
    expect((await enquiriesOf(businesses[3]!.trade.id))[0]).toMatchObject({ delivery: 'DELIVERED', deliveredAt: now });
    expect(await mailsTo(businesses[3]!.owner.email)).toHaveLength(1);
    expect([again.statusCode, again.json().message]).toEqual([409, MESSAGES.enquiryNotHeld]);
  });

  it('counts sends still waiting for their confirmation, and holds those when confirmed', async () => {
    const businesses = [];
    for (let index = 0; index < 4; index += 1) businesses.push(await listedBusiness());
    const message = freshMessage();
    const { payload } = await anonymousSend([businesses[0]!.trade.id], { message });
    const { browser } = await loggedInSender();
    const loggedInSend = await browser.post('/api/enquiries', form(businesses.slice(1).map(({ trade }) => trade.id), { message }));

    const confirmed = await testBrowser(app).post('/api/enquiries/confirm', { key: keyIn((await mailsTo(payload.email))[0]!.textBody) });

    expect(confirmed.json().data.enquiry.outcome).toBe('HELD');
    expect((await enquiriesOf(businesses[0]!.trade.id))[0]).toMatchObject({ delivery: 'HELD', senderConfirmedAt: now });
    expect(loggedInSend.json().data.enquiry.outcome).toBe('HELD');
    expect(await db.select().from(enquiries).where(and(eq(enquiries.textHash, textHashOf(message)), eq(enquiries.delivery, 'HELD')))).toHaveLength(4);
  });
});
