import { CONVERSATION_LINK_DAYS } from '@churchtrades/shared/enquiries';
import { MESSAGES } from '@churchtrades/shared/messages';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { churchMembers, enquiries, enquiryMessages, outboxMails, trades } from '../../db/schema';
import { createAccount, createChurch, createTrade } from '../../../test/factories';
import { malleableTwinOf } from '../../../test/malleable-token';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowsersOn, testBrowser } from '../../../test/test-browser';
import { conversationLinks } from './conversation-link';
import { VISITOR_MESSAGES_PER_HOUR } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;

// The clock starts at the real time and only moves forward: every conversation of the file answers to one timeline.
let now = Date.now();
const clock = () => new Date(now);

const { app, database, config } = await createTestApp({ backgroundWork: false }, { clock });
const db = database.db;
const links = conversationLinks(config.sessionSecret);
const loggedInBrowser = loggedInBrowsersOn(app, db, clock);

let sends = 0;

/** A listed business and an enquiry delivered to it by a logged-in visitor, with the token of its private link. */
async function deliveredEnquiry() {
  sends += 1;
  const church = await createChurch(db);
  const owner = await createAccount(db, { role: 'TRADER' });
  const trade = await createTrade(db, { ownerId: owner.id, churchId: church.id });
  const visitor = await createAccount(db, { firstName: 'Vera' });
  const message = `Do you service ducted air conditioners in Epping? Conversation ${sends}.`;
  const response = await (await loggedInBrowser(visitor.id)).post('/api/enquiries', {
    tradeIds: [trade.id],
    name: 'Vera Visitor',
    email: visitor.email,
    suburb: 'Epping',
    message,
  });
  expect(response.statusCode).toBe(200);
  const [enquiry] = await db.select().from(enquiries).where(eq(enquiries.tradeId, trade.id));
  return { church, owner, trade, message, enquiry: enquiry!, token: links.tokenFor({ enquiryId: enquiry!.id, version: 1 }) };
}

async function stored(id: string) {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
  return row!;
}

async function mailsTo(email: string) {
  return db.select().from(outboxMails).where(eq(outboxMails.recipient, email)).orderBy(asc(outboxMails.createdAt));
}

const conversationUrl = (token: string) => `/api/enquiries/conversation?token=${encodeURIComponent(token)}`;

describe('the conversation through the private link', () => {
  it('shows the visitor the business and the messages, kept by no cache and leaked by no Referer', async () => {
    const { trade, message, token } = await deliveredEnquiry();

    const response = await testBrowser(app).get(conversationUrl(token));

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const { conversation } = response.json().data;
    expect(conversation).toMatchObject({ tradeName: trade.name, tradeId: trade.id, senderName: 'Vera Visitor' });
    expect(conversation.messages).toEqual([{ id: expect.any(String), author: 'VISITOR', body: message, sentAt: expect.any(String) }]);
  });

  it('names no business page once the business left the directory', async () => {
    const { trade, token } = await deliveredEnquiry();
    await db.update(trades).set({ moderationStatus: 'UNLISTED' }).where(eq(trades.id, trade.id));

    const response = await testBrowser(app).get(conversationUrl(token));

    expect(response.json().data.conversation).toMatchObject({ tradeName: trade.name, tradeId: null });
  });

  it('refuses a twin of its token, written otherwise for the same bytes, as one it did not sign', async () => {
    const { token } = await deliveredEnquiry();

    for (const tried of [malleableTwinOf(token), `${token}=`]) {
      const response = await testBrowser(app).get(conversationUrl(tried));
      expect([response.statusCode, response.json().message]).toEqual([404, MESSAGES.enquiryLinkInvalid]);
    }
  });

  it('refuses a token it did not sign, and a link to an enquiry not delivered', async () => {
    const { enquiry, token } = await deliveredEnquiry();
    await db.update(enquiries).set({ delivery: 'HELD' }).where(eq(enquiries.id, enquiry.id));
    const forged = `${enquiry.id}.1.${'A'.repeat(43)}`;

    for (const tried of [forged, 'nonsense', token]) {
      const response = await testBrowser(app).get(conversationUrl(tried));
      expect([response.statusCode, response.json().message]).toEqual([404, MESSAGES.enquiryLinkInvalid]);
    }
  });

  it('lets the visitor write back, answering the conversation as it now stands: the enquiry is new and unread again, and its owner is mailed', async () => {
    const { owner, trade, enquiry, token } = await deliveredEnquiry();
    await db.update(enquiries).set({ folder: 'ARCHIVED', readAt: new Date(now) }).where(eq(enquiries.id, enquiry.id));
    now += 60 * 1000;

    const response = await testBrowser(app).post('/api/enquiries/conversation/messages', { token, body: 'Also, are you free on Saturday?' });

    expect([response.statusCode, response.json().message]).toEqual([200, MESSAGES.enquiryAnswerSent]);
    expect(response.json().data.conversation.messages.at(-1)).toMatchObject({ author: 'VISITOR', body: 'Also, are you free on Saturday?' });
    const row = await stored(enquiry.id);
    expect(row).toMatchObject({ folder: 'NEW', readAt: null });
    expect(row.lastMessageAt.getTime()).toBeGreaterThan(enquiry.lastMessageAt.getTime());
    const messages = await db.select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, enquiry.id)).orderBy(asc(enquiryMessages.createdAt));
    expect(messages.map((message) => [message.author, message.body])).toEqual([
      ['VISITOR', messages[0]!.body],
      ['VISITOR', 'Also, are you free on Saturday?'],
    ]);
    const mails = await mailsTo(owner.email);
    expect(mails.at(-1)!.subject).toBe(`Vera Visitor answered about ${trade.name}`);
    expect(mails.at(-1)!.textBody).toContain('Also, are you free on Saturday?');
    expect(mails.at(-1)!.textBody).toContain(`http://localhost:3000/trade/enquiries/${enquiry.id}`);
  });

  it('keeps an enquiry filed as spam there, without mailing its owner', async () => {
    const { owner, enquiry, token } = await deliveredEnquiry();
    await db.update(enquiries).set({ folder: 'SPAM' }).where(eq(enquiries.id, enquiry.id));
    const mailsBefore = (await mailsTo(owner.email)).length;

    await testBrowser(app).post('/api/enquiries/conversation/messages', { token, body: 'Hello again' });

    expect((await stored(enquiry.id)).folder).toBe('SPAM');
    expect(await mailsTo(owner.email)).toHaveLength(mailsBefore);
  });

  it('takes so many answers an hour through one link', async () => {
    const { token } = await deliveredEnquiry();
    const browser = testBrowser(app);
    for (let answer = 0; answer < VISITOR_MESSAGES_PER_HOUR.limit; answer += 1) {
      expect((await browser.post('/api/enquiries/conversation/messages', { token, body: `Answer ${answer}` })).statusCode).toBe(200);
    }

    const refused = await browser.post('/api/enquiries/conversation/messages', { token, body: 'One too many' });

    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('stops working once the visitor revokes it, until the next answer brings a new one', async () => {
    const { enquiry, token } = await deliveredEnquiry();

    const revoked = await testBrowser(app).post('/api/enquiries/conversation/revoke', { token });

    expect([revoked.statusCode, revoked.json().message]).toEqual([200, MESSAGES.enquiryLinkStopped]);
    expect(await stored(enquiry.id)).toMatchObject({ linkVersion: 2, linkRevokedAt: expect.any(Date) });
    for (const response of [
      await testBrowser(app).get(conversationUrl(token)),
      await testBrowser(app).post('/api/enquiries/conversation/messages', { token, body: 'Still there?' }),
      await testBrowser(app).post('/api/enquiries/conversation/revoke', { token }),
    ]) {
      expect([response.statusCode, response.json().message]).toEqual([409, MESSAGES.enquiryLinkRevoked]);
    }

    // The owner's next answer clears the stop and mails the link of the new version.
    await db.update(enquiries).set({ linkRevokedAt: null }).where(eq(enquiries.id, enquiry.id));
    const renewed = await testBrowser(app).get(conversationUrl(links.tokenFor({ enquiryId: enquiry.id, version: 2 })));
    expect(renewed.statusCode).toBe(200);
    expect((await testBrowser(app).get(conversationUrl(token))).statusCode).toBe(409);
  });
});

describe('the lapse of a conversation link', () => {
  it(`stops working ${CONVERSATION_LINK_DAYS} days after the last message of either side, until the business answers again`, async () => {
    const { owner, enquiry, token } = await deliveredEnquiry();
    now += 100 * DAY_MS;
    expect((await testBrowser(app).post('/api/enquiries/conversation/messages', { token, body: 'Are you still taking work?' })).statusCode).toBe(200);
    now += (CONVERSATION_LINK_DAYS - 1) * DAY_MS;
    expect((await testBrowser(app).get(conversationUrl(token))).statusCode).toBe(200);

    now += 2 * DAY_MS;

    for (const response of [
      await testBrowser(app).get(conversationUrl(token)),
      await testBrowser(app).post('/api/enquiries/conversation/messages', { token, body: 'Hello?' }),
      await testBrowser(app).post('/api/enquiries/conversation/revoke', { token }),
    ]) {
      expect(response.json()).toMatchObject({ statusCode: 410, status: 'GONE', message: MESSAGES.enquiryLinkLapsed });
    }
    expect(await stored(enquiry.id)).toMatchObject({ linkVersion: 1, linkRevokedAt: null });
    const answered = await (await loggedInBrowser(owner.id)).post(`/api/enquiries/received/${enquiry.id}/replies`, { body: 'Yes, we are.' });
    expect(answered.statusCode).toBe(200);
    const mailed = (await mailsTo(enquiry.senderEmail)).at(-1)!.textBody;
    expect(mailed).toContain(encodeURIComponent(token));
    expect(mailed).toContain(`It stops working ${CONVERSATION_LINK_DAYS} days after the conversation's last message`);
    expect((await testBrowser(app).get(conversationUrl(token))).statusCode).toBe(200);
  });
});

describe('the privacy of a conversation', () => {
  it('is not read without the link by another owner, the church\'s moderator, an administrator, nor the business\'s owner', async () => {
    const { church, owner, enquiry, message } = await deliveredEnquiry();
    const otherOwner = await createAccount(db, { role: 'TRADER' });
    await createTrade(db, { ownerId: otherOwner.id });
    const moderator = await createAccount(db, { role: 'MODERATOR' });
    await db.insert(churchMembers).values({ churchId: church.id, userId: moderator.id, churchRole: 'MODERATOR' });
    const administrator = await createAccount(db, { role: 'ADMIN' });
    const guessed = [`${enquiry.id}.1.${'A'.repeat(43)}`, `${enquiry.id}.1`, enquiry.id];

    for (const account of [otherOwner, moderator, administrator, owner]) {
      const browser = await loggedInBrowser(account.id);
      const answers = [await browser.get('/api/enquiries/conversation'), ...(await Promise.all(guessed.map((token) => browser.get(conversationUrl(token)))))];
      for (const response of answers) {
        expect([400, 404]).toContain(response.statusCode);
        expect(response.body).not.toContain(message);
      }
      const written = await browser.post('/api/enquiries/conversation/messages', { token: guessed[0], body: 'Let me in' });
      expect(written.statusCode).toBe(404);
    }
    expect(await db.select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, enquiry.id))).toHaveLength(1);
  });
});
