import { CONVERSATION_LINK_DAYS } from '@churchtrades/shared/enquiries';
import { MESSAGES } from '@churchtrades/shared/messages';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { trades } from '../../db/schema';
import { blockedSenders, enquiries, outboxMails } from '../../db/schema';
import { createAccount, createChurch, createTrade } from '../../../test/factories';
import { createTestApp, outboxMailService } from '../../../test/test-app';
import { loggedInBrowsersOn, testBrowser } from '../../../test/test-browser';
import { conversationLinks } from '../enquiries/conversation-link';
import { createEnquiry } from '../enquiry-inbox/enquiry-factory';
import { reviewInvitationsOf } from './invitations';
import { createAnsweredEnquiry, createReview } from './review-factory';

const DAY_MS = 24 * 60 * 60 * 1000;
const LONG_MS = 365 * DAY_MS;
let now = Date.parse('2026-11-27T01:00:00Z');
const clock = () => new Date(now);
const sessionLimits = { idleMs: LONG_MS, lifetimeMs: LONG_MS };
const { app, database, config } = await createTestApp({ backgroundWork: false, sessionLimits }, { clock });
const db = database.db;
const browserOf = loggedInBrowsersOn(app, db, clock, sessionLimits);
const mail = outboxMailService(db, config.mailFrom);

function invitations(invitationsPerRun?: number) {
  return reviewInvitationsOf(db, config, clock, mail, invitationsPerRun === undefined ? {} : { invitationsPerRun });
}

let senders = 0;
/** A new address, so that each test reads only its own mails. */
function newAddress(): string {
  senders += 1;
  return `invited-${senders}-${Date.now()}@example.com.au`;
}

async function business(fields: Partial<typeof trades.$inferInsert> = {}) {
  const church = await createChurch(db);
  const owner = await createAccount(db, { role: 'TRADER' });
  const trade = await createTrade(db, { churchId: church.id, ownerId: owner.id, ...fields });
  return { owner, trade };
}

/** An enquiry to the business the owner first answered `daysAgo` days ago. */
function answered(tradeId: string, daysAgo: number, fields: Omit<Parameters<typeof createAnsweredEnquiry>[1], 'tradeId'> = {}) {
  return createAnsweredEnquiry(db, { tradeId, senderEmail: newAddress(), at: new Date(now), answeredDaysAgo: daysAgo, ...fields });
}

function mailsTo(...emails: string[]) {
  return db.select().from(outboxMails).where(inArray(outboxMails.recipient, emails)).orderBy(asc(outboxMails.createdAt));
}

async function stored(id: string) {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
  return row!;
}

/** The link of the mail's "Write a review" button. */
function writeLink(textBody: string | null): URL {
  return new URL(/Write a review: (\S+)/.exec(textBody ?? '')![1]!);
}

const review = { relation: 'CUSTOMER', stars: 5, body: 'They fixed the leaking tap in an hour and charged what they quoted.' };

describe('the invitation to review', () => {
  it('goes once, 14 days after the first answer, and its link lets a sender without an account review', async () => {
    const { trade } = await business();
    const enquiry = await answered(trade.id, 13);

    await invitations().runInvitations();
    expect(await mailsTo(enquiry.senderEmail)).toEqual([]);

    now += DAY_MS;
    try {
      await invitations().runInvitations();
      await invitations().runInvitations();
    } finally {
      now -= DAY_MS;
    }

    const mails = await mailsTo(enquiry.senderEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`How was ${trade.name}?`);
    expect((await stored(enquiry.id)).reviewInvitedAt).toEqual(new Date(now + DAY_MS));
    const link = writeLink(mails[0]!.textBody);
    expect(`${link.origin}${link.pathname}`).toBe(`${config.appOrigin}/reviews/write`);
    const token = link.searchParams.get('token')!;
    const anonymous = testBrowser(app);
    const eligibility = await anonymous.get(`/api/reviews/eligibility?token=${encodeURIComponent(token)}`);
    expect(eligibility.json().data.eligibility.state).toBe('ELIGIBLE');
    expect((await anonymous.post('/api/reviews', { ...review, token })).statusCode).toBe(201);
  });

  it('gives a sender with an account the page of their enquiry, through the login', async () => {
    const { trade } = await business();
    const account = await createAccount(db, { createdAt: new Date(now - LONG_MS) });
    const enquiry = await answered(trade.id, 15, { senderUserId: account.id, senderEmail: account.email });

    await invitations().runInvitations();

    const [invitation] = await mailsTo(account.email);
    const link = writeLink(invitation!.textBody);
    expect(link.searchParams.get('enquiry')).toBe(enquiry.id);
    expect(link.searchParams.has('token')).toBe(false);
    const browser = await browserOf(account.id);
    expect((await browser.post('/api/reviews', { ...review, enquiryId: link.searchParams.get('enquiry') })).statusCode).toBe(201);
  });

  it('mails a stopped link anew, as the next answer would: the stopped one stays dead', async () => {
    const { trade } = await business();
    const enquiry = await answered(trade.id, 14);
    const stopped = conversationLinks(config.sessionSecret).tokenFor({ enquiryId: enquiry.id, version: 1 });
    expect((await testBrowser(app).post('/api/enquiries/conversation/revoke', { token: stopped })).statusCode).toBe(200);

    await invitations().runInvitations();

    const [invitation] = await mailsTo(enquiry.senderEmail);
    const token = writeLink(invitation!.textBody).searchParams.get('token')!;
    expect(token).not.toBe(stopped);
    expect((await testBrowser(app).get(`/api/reviews/eligibility?token=${encodeURIComponent(token)}`)).json().data.eligibility.state).toBe('ELIGIBLE');
    const old = await testBrowser(app).get(`/api/enquiries/conversation?token=${encodeURIComponent(stopped)}`);
    expect([old.statusCode, old.json().message]).toEqual([409, MESSAGES.enquiryLinkRevoked]);
  });

  it('asks no owner, blocked sender, reviewer, sender to an unlisted business, sender whose enquiry was not delivered, or whose link lapsed', async () => {
    const { trade, owner } = await business({ publicEmail: `public-${Date.now()}@parish.example` });
    const fromOwner = await answered(trade.id, 20, { senderEmail: owner.email.replace('@', '+reviews@') });
    const fromPublic = await answered(trade.id, 20, { senderEmail: trade.publicEmail!.toUpperCase() });
    const byOwnerAccount = await answered(trade.id, 20, { senderUserId: owner.id });
    const blocked = await answered(trade.id, 20);
    await db.insert(blockedSenders).values({ emailKey: blocked.senderEmailKey, reason: 'Spam' });
    const reviewed = await answered(trade.id, 20);
    await createReview(db, { tradeId: trade.id, enquiryId: reviewed.id, reviewerEmailKey: reviewed.senderEmailKey });
    const held = await answered(trade.id, 20, { delivery: 'HELD' });
    const unlisted = await business({ moderationStatus: 'UNLISTED' });
    const toUnlisted = await answered(unlisted.trade.id, 20);
    const unanswered = await createEnquiry(db, { tradeId: trade.id, senderEmail: newAddress(), at: new Date(now - 30 * DAY_MS) });
    const lapsed = await answered(trade.id, CONVERSATION_LINK_DAYS + 1);
    const withAccount = await createAccount(db);
    const lapsedWithAccount = await answered(trade.id, CONVERSATION_LINK_DAYS + 1, { senderUserId: withAccount.id, senderEmail: withAccount.email });

    await invitations().runInvitations();

    expect(await mailsTo(lapsedWithAccount.senderEmail)).toHaveLength(1);
    const skipped = [fromOwner, fromPublic, byOwnerAccount, blocked, reviewed, held, toUnlisted, unanswered, lapsed];
    expect(await mailsTo(...skipped.map((enquiry) => enquiry.senderEmail))).toEqual([]);
    for (const enquiry of skipped) expect((await stored(enquiry.id)).reviewInvitedAt).toBeNull();
  });

  it('asks a person once per business, however many of their enquiries it answered, from whichever sub-address', async () => {
    const { trade } = await business();
    const senderEmail = newAddress();
    const subAddress = senderEmail.replace('@', '+quotes@');
    const first = await answered(trade.id, 20, { senderEmail });
    const second = await answered(trade.id, 16, { senderEmail: subAddress });

    await invitations().runInvitations();
    const third = await answered(trade.id, 15, { senderEmail: subAddress });
    await invitations().runInvitations();

    expect(await mailsTo(senderEmail, subAddress)).toHaveLength(1);
    expect((await stored(first.id)).reviewInvitedAt).not.toBeNull();
    expect((await stored(second.id)).reviewInvitedAt).not.toBeNull();
    expect((await stored(third.id)).reviewInvitedAt).toBeNull();
  });

  it('never mails twice when two runs claim at once', async () => {
    const { trade } = await business();
    const due = [];
    for (let n = 0; n < 6; n++) due.push(await answered(trade.id, 15 + n));

    await Promise.all([invitations().runInvitations(), invitations().runInvitations()]);

    const mails = await mailsTo(...due.map((enquiry) => enquiry.senderEmail));
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(due.map((enquiry) => enquiry.senderEmail).sort());
  });

  it('sends at most its share per run, the earliest answers first, and the rest on the next run', async () => {
    const { trade } = await business();
    const due = [await answered(trade.id, 30), await answered(trade.id, 20), await answered(trade.id, 25)];
    const emails = due.map((enquiry) => enquiry.senderEmail);
    // Enquiries of other tests answered earlier still wait; they are invited first.
    await invitations().runInvitations();
    await db.delete(outboxMails).where(inArray(outboxMails.recipient, emails));
    await db.update(enquiries).set({ reviewInvitedAt: null }).where(inArray(enquiries.id, due.map((enquiry) => enquiry.id)));

    await invitations(2).runInvitations();
    expect((await mailsTo(...emails)).map((mail) => mail.recipient)).toEqual([due[0]!.senderEmail, due[2]!.senderEmail]);

    await invitations(2).runInvitations();
    expect(await mailsTo(...emails)).toHaveLength(3);
  });
});
