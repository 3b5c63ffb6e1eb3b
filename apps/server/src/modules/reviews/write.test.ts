import { CONVERSATION_LINK_DAYS } from '@churchtrades/shared/enquiries';
import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blockedSenders, churchMembers, enquiries, outboxMails, reviews, trades } from '../../db/schema';
import { createAccount, createChurch, createTrade, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowsersOn, type TestBrowser, testBrowser } from '../../../test/test-browser';
import { conversationLinks } from '../enquiries/conversation-link';
import { createEnquiry } from '../enquiry-inbox/enquiry-factory';
import { createAnsweredEnquiry, createReview, reviewTotalsOf, storedReview } from './review-factory';
import { REVIEW_WRITES_PER_NETWORK } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;
const LONG_MS = 365 * DAY_MS;
let now = Date.parse('2026-11-27T01:00:00Z');
const clock = () => new Date(now);
const sessionLimits = { idleMs: LONG_MS, lifetimeMs: LONG_MS };
const { app, database, config } = await createTestApp({ backgroundWork: false, sessionLimits }, { clock });
const db = database.db;
const browserOf = loggedInBrowsersOn(app, db, clock, sessionLimits);
const links = conversationLinks(config.sessionSecret);

/** A listed business of a church, with its owner. */
async function business(fields: Partial<typeof trades.$inferInsert> = {}) {
  const church = await createChurch(db);
  const owner = await createAccount(db, { role: 'TRADER' });
  const trade = await createTrade(db, { churchId: church.id, ownerId: owner.id, ...fields });
  return { church, owner, trade };
}

/** A visitor's account, a year old, and their browser. */
async function visitor(fields: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(db, { role: 'TRADER', firstName: 'Vera', createdAt: new Date(now - LONG_MS), ...fields });
  return { account, browser: await browserOf(account.id) };
}

/** The visitor's enquiry to the business, answered `answeredDaysAgo` days ago (8 unless said). */
function accountEnquiry(tradeId: string, account: { id: string; email: string }, answeredDaysAgo = 8) {
  return createAnsweredEnquiry(db, { tradeId, senderUserId: account.id, senderEmail: account.email, at: new Date(now), answeredDaysAgo });
}

/** An enquiry sent without an account, answered 8 days ago, and its conversation link's token. */
async function linkEnquiry(tradeId: string, fields: Omit<Parameters<typeof createAnsweredEnquiry>[1], 'tradeId'> = {}) {
  const enquiry = await createAnsweredEnquiry(db, { tradeId, at: new Date(now), ...fields });
  return { enquiry, token: links.tokenFor({ enquiryId: enquiry.id, version: enquiry.linkVersion }) };
}

/** The owner's own change of their login e-mail, through the profile form and the link mailed to the new address. */
async function changeLoginEmail(account: { id: string; firstName: string; lastName: string }, email: string): Promise<void> {
  const profile = { firstName: account.firstName, lastName: account.lastName, bio: 'Plumber of the parish.', phone: '0400 222 333', email, password: TEST_PASSWORD };
  expect((await (await browserOf(account.id)).patch('/api/user/update', profile)).statusCode).toBe(200);
  const [mail] = await db.select({ textBody: outboxMails.textBody }).from(outboxMails).where(eq(outboxMails.recipient, email));
  const key = /\/verify\/email\?key=([^\s)]+)/.exec(mail?.textBody ?? '')?.[1];
  expect((await testBrowser(app).get(`/api/user/verify/email?key=${key}`)).statusCode).toBe(200);
}

let written = 0;
/** A review's fields, its words new each time so that no two reviews share a text. */
function reviewText(extra = ''): string {
  written += 1;
  return `They fixed the leaking tap in an hour and charged what they quoted, job ${written}. ${extra}`.trim();
}

function payload(proof: { enquiryId?: string; token?: string }, fields: Record<string, unknown> = {}) {
  return { ...proof, relation: 'CUSTOMER', stars: 5, body: reviewText(), ...fields };
}

/** A business whose owner logged in with their password `daysAgo` days ago, and the network they did it from. */
async function ownerLoggedIn(daysAgo: number) {
  const { trade, owner } = await business();
  const browser = testBrowser(app);
  now -= daysAgo * DAY_MS;
  try {
    expect((await browser.post('/api/user/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  } finally {
    now += daysAgo * DAY_MS;
  }
  return { trade, ownersNetwork: browser.address };
}

const eligibility = (browser: TestBrowser, query: string) => browser.get(`/api/reviews/eligibility?${query}`);
const write = (browser: TestBrowser, body: object) => browser.post('/api/reviews', body);
const edit = (browser: TestBrowser, id: string, body: object) => browser.request({ method: 'PUT', url: `/api/reviews/${id}`, payload: body });

function refusal(response: { statusCode: number; json(): { message: string } }) {
  return [response.statusCode, response.json().message];
}

describe('GET /api/reviews/eligibility', () => {
  it('tells a logged-in sender it is too soon 6 days after the answer, and eligible at 7', async () => {
    const { trade } = await business();
    const { account, browser } = await visitor();
    const enquiry = await accountEnquiry(trade.id, account, 6);

    const early = await eligibility(browser, `enquiryId=${enquiry.id}`);

    expect(early.statusCode).toBe(200);
    expect(early.headers['cache-control']).toBe('no-store');
    expect(early.json().data.eligibility).toEqual({
      state: 'TOO_SOON',
      tradeId: trade.id,
      tradeName: trade.name,
      eligibleFrom: new Date(enquiry.firstAnsweredAt!.getTime() + 7 * DAY_MS).toISOString(),
      review: null,
    });
    now += DAY_MS;
    try {
      const later = await eligibility(browser, `enquiryId=${enquiry.id}`);
      expect(later.json().data.eligibility).toMatchObject({ state: 'ELIGIBLE', eligibleFrom: null });
    } finally {
      now -= DAY_MS;
    }
  });

  it('answers anyone holding the conversation link, without a login', async () => {
    const { trade } = await business();
    const { token } = await linkEnquiry(trade.id);

    const response = await eligibility(testBrowser(app), `token=${encodeURIComponent(token)}`);

    expect(response.json().data.eligibility).toMatchObject({ state: 'ELIGIBLE', tradeId: trade.id });
  });

  it('says an enquiry not answered, or not delivered, is not answered', async () => {
    const { trade } = await business();
    const { account, browser } = await visitor();
    const unanswered = await createEnquiry(db, { tradeId: trade.id, senderUserId: account.id, senderEmail: account.email });
    const held = await accountEnquiry(trade.id, account);
    await db.update(enquiries).set({ delivery: 'HELD' }).where(eq(enquiries.id, held.id));

    for (const enquiry of [unanswered, held]) {
      const response = await eligibility(browser, `enquiryId=${enquiry.id}`);
      expect(response.json().data.eligibility.state).toBe('NOT_ANSWERED');
    }
  });

  it('shows the person their review once written, whichever of their enquiries they come from', async () => {
    const { trade } = await business();
    const { account, browser } = await visitor();
    const first = await accountEnquiry(trade.id, account);
    const second = await accountEnquiry(trade.id, account);
    const review = await createReview(db, { tradeId: trade.id, enquiryId: first.id, reviewerUserId: account.id, reviewerEmailKey: first.senderEmailKey, createdAt: new Date(now) });

    const response = await eligibility(browser, `enquiryId=${second.id}`);

    expect(response.json().data.eligibility).toMatchObject({
      state: 'REVIEWED',
      review: { id: review.id, stars: 5, status: 'PUBLISHED', editableUntil: new Date(now + 30 * DAY_MS).toISOString() },
    });
  });

  it("tells the owner it is their own business, by account, login e-mail or the business's public e-mail", async () => {
    const { trade, owner } = await business({ publicEmail: 'Hello@Parish-Plumbing.example' });
    const byAccount = await accountEnquiry(trade.id, owner);
    const byLogin = await linkEnquiry(trade.id, { senderEmail: owner.email.toUpperCase() });
    const byPublic = await linkEnquiry(trade.id, { senderEmail: 'hello@parish-plumbing.example' });

    const ownerBrowser = await browserOf(owner.id);
    expect((await eligibility(ownerBrowser, `enquiryId=${byAccount.id}`)).json().data.eligibility.state).toBe('OWN_BUSINESS');
    for (const { token } of [byLogin, byPublic]) {
      const response = await eligibility(testBrowser(app), `token=${encodeURIComponent(token)}`);
      expect(response.json().data.eligibility.state).toBe('OWN_BUSINESS');
    }
  });

  it("refuses someone else's enquiry as not found, and an enquiry id without a login", async () => {
    const { trade } = await business();
    const { account } = await visitor();
    const enquiry = await accountEnquiry(trade.id, account);
    const stranger = await visitor();

    expect(refusal(await eligibility(stranger.browser, `enquiryId=${enquiry.id}`))).toEqual([404, MESSAGES.enquiryNotFound]);
    expect(refusal(await eligibility(testBrowser(app), `enquiryId=${enquiry.id}`))).toEqual([401, MESSAGES.notLoggedIn]);
  });

  it('checks the link as the conversation page does: signed, current, not stopped, not lapsed', async () => {
    const { trade } = await business();
    const { enquiry, token } = await linkEnquiry(trade.id);
    const forged = `${enquiry.id}.1.${'A'.repeat(43)}`;
    const anonymous = testBrowser(app);

    expect(refusal(await eligibility(anonymous, `token=${encodeURIComponent(forged)}`))).toEqual([404, MESSAGES.enquiryLinkInvalid]);
    await anonymous.post('/api/enquiries/conversation/revoke', { token });
    expect(refusal(await eligibility(anonymous, `token=${encodeURIComponent(token)}`))).toEqual([409, MESSAGES.enquiryLinkRevoked]);

    const quiet = await linkEnquiry(trade.id);
    now += (CONVERSATION_LINK_DAYS + 1) * DAY_MS;
    try {
      expect(refusal(await eligibility(anonymous, `token=${encodeURIComponent(quiet.token)}`))).toEqual([410, MESSAGES.enquiryLinkLapsed]);
      expect(refusal(await write(anonymous, payload({ token: quiet.token })))).toEqual([410, MESSAGES.enquiryLinkLapsed]);
    } finally {
      now -= (CONVERSATION_LINK_DAYS + 1) * DAY_MS;
    }
  });

  it('refuses an enquiry to a business no longer listed, and a query with both proofs or none', async () => {
    const { trade } = await business();
    const { account, browser } = await visitor();
    const enquiry = await accountEnquiry(trade.id, account);
    await db.update(trades).set({ moderationStatus: 'UNLISTED' }).where(eq(trades.id, trade.id));

    expect(refusal(await eligibility(browser, `enquiryId=${enquiry.id}`))).toEqual([404, MESSAGES.enquiryBusinessUnavailable]);
    expect(refusal(await eligibility(browser, ''))).toEqual([400, MESSAGES.reviewProofRequired]);
    expect(refusal(await eligibility(browser, `enquiryId=${enquiry.id}&token=abc`))).toEqual([400, MESSAGES.reviewProofRequired]);
  });
});

describe('POST /api/reviews', () => {
  it("publishes the review with the reviewer's details taken from the enquiry, and adds it to the business's totals", async () => {
    const { trade } = await business();
    const { account, browser } = await visitor();
    const enquiry = await accountEnquiry(trade.id, account);

    const response = await write(browser, payload({ enquiryId: enquiry.id }, { stars: 4, workSuburb: 'Epping', workMonth: '2026-10' }));

    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(MESSAGES.reviewPublished);
    const { review } = response.json().data;
    expect(review).toMatchObject({ tradeId: trade.id, stars: 4, status: 'PUBLISHED', holdReasons: [], workSuburb: 'Epping', workMonth: '2026-10', editedAt: null });
    expect(await storedReview(db, review.id)).toMatchObject({
      enquiryId: enquiry.id,
      reviewerUserId: account.id,
      reviewerEmailKey: enquiry.senderEmailKey,
      reviewerName: 'Vera V.',
      reviewerNetwork: browser.address,
      sameChurch: false,
      flags: [],
      createdAt: new Date(now),
    });
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 1, stars: 4 });
  });

  it('takes a review through the conversation link without an account', async () => {
    const { trade } = await business();
    const { enquiry, token } = await linkEnquiry(trade.id);

    const response = await write(testBrowser(app), payload({ token }));

    expect(response.statusCode).toBe(201);
    expect(await storedReview(db, response.json().data.review.id)).toMatchObject({ enquiryId: enquiry.id, reviewerUserId: null, reviewerName: 'Vera V.' });
  });

  it('takes one review per person and business: again, or from another enquiry of the same inbox, is refused', async () => {
    const { trade } = await business();
    const { enquiry, token } = await linkEnquiry(trade.id, { senderEmail: 'vera.citizen@gmail.com' });
    const others = await Promise.all(
      ['Vera.Citizen@Gmail.com ', 'vera.citizen+reviews@gmail.com', 'veracitizen@googlemail.com'].map((senderEmail) => linkEnquiry(trade.id, { senderEmail })),
    );
    expect((await write(testBrowser(app), payload({ token }))).statusCode).toBe(201);

    expect(refusal(await write(testBrowser(app), payload({ token })))).toEqual([409, MESSAGES.reviewAlreadyWritten]);
    for (const other of others) {
      expect(refusal(await write(testBrowser(app), payload({ token: other.token })))).toEqual([409, MESSAGES.reviewAlreadyWritten]);
    }
    const [only, ...more] = await db.select().from(reviews).where(eq(reviews.tradeId, trade.id));
    expect([only?.enquiryId, more]).toEqual([enquiry.id, []]);
  });

  it('lets one of two writes at once through and answers the other 409', async () => {
    const { trade } = await business();
    const { token } = await linkEnquiry(trade.id);

    const answers = await Promise.all([write(testBrowser(app), payload({ token })), write(testBrowser(app), payload({ token }))]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it("refuses the business's owner: by account, by login e-mail, by the business's public e-mail", async () => {
    const { trade, owner } = await business({ publicEmail: 'hello@parish-plumbing.example' });
    const byAccount = await accountEnquiry(trade.id, owner);
    const byLogin = await linkEnquiry(trade.id, { senderEmail: owner.email });
    const byPublic = await linkEnquiry(trade.id, { senderEmail: 'hello@parish-plumbing.example' });

    expect(refusal(await write(await browserOf(owner.id), payload({ enquiryId: byAccount.id })))).toEqual([403, MESSAGES.reviewOwnBusiness]);
    for (const { token } of [byLogin, byPublic]) {
      expect(refusal(await write(testBrowser(app), payload({ token })))).toEqual([403, MESSAGES.reviewOwnBusiness]);
    }
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 0, stars: 0 });
  });

  it("refuses the owner under a sub-address or another spelling of any address of theirs, earlier login e-mails included", async () => {
    const owner = await createAccount(db, { role: 'TRADER', email: `olive.owner.${written}@gmail.com` });
    const trade = await createTrade(db, { churchId: (await createChurch(db)).id, ownerId: owner.id, publicEmail: 'hello@parish-plumbing.example' });
    const ownersChange = `olive.${written}@example.com.au`;
    const administratorsChange = `olive.parish.${written}@example.com.au`;
    await changeLoginEmail(owner, ownersChange);
    const administrator = await browserOf((await createAccount(db, { role: 'ADMIN' })).id);
    const profile = { userId: owner.id, firstName: owner.firstName, lastName: owner.lastName, email: administratorsChange, phone: '0400 222 333' };
    expect((await administrator.patch('/api/masterUser/updateMasterUser', profile)).statusCode).toBe(200);
    const addresses = [
      owner.email.replace('olive.owner', 'OliveOwner').replace('@gmail.com', '+reviews@googlemail.com'),
      ownersChange.replace('@', '+shop@'),
      administratorsChange.replace('@', '+x@'),
      'Hello+Reviews@Parish-Plumbing.example',
    ];

    for (const senderEmail of addresses) {
      const { token } = await linkEnquiry(trade.id, { senderEmail });
      expect(refusal(await write(testBrowser(app), payload({ token }))), senderEmail).toEqual([403, MESSAGES.reviewOwnBusiness]);
    }
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 0, stars: 0 });
  });

  it('refuses family and employees', async () => {
    const { trade } = await business();
    const { token } = await linkEnquiry(trade.id);

    for (const relation of ['FAMILY', 'EMPLOYEE']) {
      expect(refusal(await write(testBrowser(app), payload({ token }, { relation })))).toEqual([400, MESSAGES.reviewRelationRefused]);
    }
  });

  it('refuses an enquiry not answered, one answered less than 7 days ago, and a blocked sender', async () => {
    const { trade } = await business();
    const { account, browser } = await visitor();
    const unanswered = await createEnquiry(db, { tradeId: trade.id, senderUserId: account.id, senderEmail: account.email });
    const recent = await accountEnquiry(trade.id, account, 6);
    const blocked = await linkEnquiry(trade.id, { senderEmail: 'blocked@example.com.au' });
    await db.insert(blockedSenders).values({ emailKey: 'blocked@example.com.au', reason: 'Spam' });

    expect(refusal(await write(browser, payload({ enquiryId: unanswered.id })))).toEqual([403, MESSAGES.reviewNotAnswered]);
    expect(refusal(await write(browser, payload({ enquiryId: recent.id })))).toEqual([403, MESSAGES.reviewTooSoon]);
    expect(refusal(await write(testBrowser(app), payload({ token: blocked.token })))).toEqual([403, MESSAGES.enquirySenderBlocked]);
  });

  it.each([
    ['LINK', 'Better ones at https://rival.example if you ask me.'],
    ['CONTACT_DETAILS', 'Ring me on 0412 345 678 to hear more.'],
    ['CONTACT_DETAILS', 'Mail vera@example.com to hear more.'],
    ['PROFANITY', 'But the shit they left behind took a day to clean.'],
  ])('holds a review for a moderator when its words hold %s', async (reason, extra) => {
    const { trade } = await business();
    const { token } = await linkEnquiry(trade.id);

    const response = await write(testBrowser(app), payload({ token }, { body: reviewText(extra) }));

    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(MESSAGES.reviewHeld);
    expect(response.json().data.review).toMatchObject({ status: 'HELD', holdReasons: [reason] });
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 0, stars: 0 });
  });

  it('holds the fourth review of a business within 24 hours', async () => {
    const { trade } = await business();
    for (const hoursAgo of [1, 5, 23]) await createReview(db, { tradeId: trade.id, createdAt: new Date(now - hoursAgo * 3_600_000) });
    await createReview(db, { tradeId: trade.id, createdAt: new Date(now - 25 * 3_600_000) });
    const { token } = await linkEnquiry(trade.id);

    const response = await write(testBrowser(app), payload({ token }));

    expect(response.json().data.review).toMatchObject({ status: 'HELD', holdReasons: ['BURST'] });
  });

  it('publishes the third review of a day', async () => {
    const { trade } = await business();
    for (const hoursAgo of [1, 2]) await createReview(db, { tradeId: trade.id, createdAt: new Date(now - hoursAgo * 3_600_000) });
    const { token } = await linkEnquiry(trade.id);

    expect((await write(testBrowser(app), payload({ token }))).json().data.review.status).toBe('PUBLISHED');
  });

  it('flags many reviews from one network, a new account and a text another review has, and holds none of them', async () => {
    const { trade } = await business();
    const { account, browser } = await visitor({ createdAt: new Date(now - 3 * DAY_MS) });
    for (const daysAgo of [2, 10, 29]) {
      await createReview(db, { tradeId: trade.id, reviewerNetwork: browser.address, createdAt: new Date(now - daysAgo * DAY_MS) });
    }
    const body = reviewText();
    const elsewhere = await business();
    await createReview(db, { tradeId: elsewhere.trade.id, body, createdAt: new Date(now - 80 * DAY_MS) });
    const enquiry = await accountEnquiry(trade.id, account);

    const response = await write(browser, payload({ enquiryId: enquiry.id }, { body: body.toUpperCase() }));

    expect(response.json().data.review.status).toBe('PUBLISHED');
    expect((await storedReview(db, response.json().data.review.id)).flags).toEqual(['SAME_NETWORK', 'NEW_ACCOUNT', 'SAME_TEXT']);
  });

  it('flags nothing for two reviews from the network, or a text last seen more than 90 days ago', async () => {
    const { trade } = await business();
    const { token } = await linkEnquiry(trade.id);
    const browser = testBrowser(app);
    for (const daysAgo of [2, 31]) {
      await createReview(db, { tradeId: trade.id, reviewerNetwork: browser.address, createdAt: new Date(now - daysAgo * DAY_MS) });
    }
    await createReview(db, { tradeId: trade.id, reviewerNetwork: browser.address, createdAt: new Date(now - 5 * DAY_MS) });
    const body = reviewText();
    await createReview(db, { tradeId: (await business()).trade.id, body, createdAt: new Date(now - 91 * DAY_MS) });

    const response = await write(browser, payload({ token }, { body }));

    expect((await storedReview(db, response.json().data.review.id)).flags).toEqual([]);
  });

  it("marks \"same church\" when the reviewer says so, serves the business's church, or has a business there", async () => {
    const { trade, church } = await business();
    const said = await linkEnquiry(trade.id);
    const moderator = await visitor();
    await db.insert(churchMembers).values({ churchId: church.id, userId: moderator.account.id, churchRole: 'MODERATOR' });
    const neighbour = await visitor();
    await createTrade(db, { churchId: church.id, ownerId: neighbour.account.id });
    const stranger = await visitor();

    const sameChurch = async (browser: TestBrowser, proof: object, relation = 'CUSTOMER') =>
      (await storedReview(db, (await write(browser, payload(proof, { relation }))).json().data.review.id)).sameChurch;

    expect(await sameChurch(testBrowser(app), { token: said.token }, 'SAME_CHURCH')).toBe(true);
    expect(await sameChurch(moderator.browser, { enquiryId: (await accountEnquiry(trade.id, moderator.account)).id })).toBe(true);
    expect(await sameChurch(neighbour.browser, { enquiryId: (await accountEnquiry(trade.id, neighbour.account)).id })).toBe(true);
    expect(await sameChurch(stranger.browser, { enquiryId: (await accountEnquiry(trade.id, stranger.account)).id })).toBe(false);
  });

  it("holds a review from a network the business's owner logged in from in 30 days, telling only moderators why, and an edit keeps it", async () => {
    const { trade, ownersNetwork } = await ownerLoggedIn(29);
    const { token } = await linkEnquiry(trade.id);
    const reviewer = testBrowser(app, { address: ownersNetwork });

    const response = await write(reviewer, payload({ token }));

    expect(response.json().message).toBe(MESSAGES.reviewHeld);
    const { review } = response.json().data;
    expect(review).toMatchObject({ status: 'HELD', holdReasons: [] });
    const moderator = await browserOf((await createAccount(db, { role: 'ADMIN' })).id);
    const waiting = (await moderator.get('/api/moderation/reviews')).json().data.reviews as { id: string }[];
    expect(waiting.find((item) => item.id === review.id)).toMatchObject({ status: 'HELD', holdReasons: ['OWNER_NETWORK'] });
    const edited = await edit(reviewer, review.id, { token, relation: 'CUSTOMER', stars: 4, body: reviewText('Edited.') });
    expect(edited.json().data.review).toMatchObject({ status: 'HELD', holdReasons: [] });
  });

  it("publishes a review from a network the owner last logged in from more than 30 days ago", async () => {
    const { trade, ownersNetwork } = await ownerLoggedIn(31);
    const { token } = await linkEnquiry(trade.id);

    const response = await write(testBrowser(app, { address: ownersNetwork }), payload({ token }));

    expect(response.json().data.review.status).toBe('PUBLISHED');
  });

  it('limits the writes of one network, refused ones included', async () => {
    const browser = testBrowser(app);
    for (let attempt = 0; attempt < REVIEW_WRITES_PER_NETWORK.limit; attempt++) {
      expect((await write(browser, payload({ token: 'nonsense' }))).statusCode).toBe(404);
    }

    const response = await write(browser, payload({ token: 'nonsense' }));

    expect(response.statusCode).toBe(429);
  });
});

describe('PUT /api/reviews/:id', () => {
  async function writtenReview(extra = '') {
    const { trade } = await business();
    const { account, browser } = await visitor();
    const enquiry = await accountEnquiry(trade.id, account);
    const response = await write(browser, payload({ enquiryId: enquiry.id }, { body: reviewText(extra) }));
    expect(response.statusCode).toBe(201);
    return { trade, browser, enquiry, review: response.json().data.review };
  }

  const change = (fields: Record<string, unknown> = {}) => ({ relation: 'CUSTOMER', stars: 2, body: reviewText('Then the tap dripped again.'), ...fields });

  it('lets the reviewer change their review within 30 days, marked as edited, and the totals follow', async () => {
    const { trade, browser, review } = await writtenReview();
    now += 29 * DAY_MS;
    try {
      const response = await edit(browser, review.id, change());

      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe(MESSAGES.reviewEdited);
      expect(response.json().data.review).toMatchObject({ stars: 2, status: 'PUBLISHED', editedAt: new Date(now).toISOString() });
      expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 1, stars: 2 });
    } finally {
      now -= 29 * DAY_MS;
    }
  });

  it('refuses an edit after 30 days', async () => {
    const { browser, review } = await writtenReview();
    now += 30 * DAY_MS + 1000;
    try {
      expect(refusal(await edit(browser, review.id, change()))).toEqual([403, MESSAGES.reviewEditClosed]);
    } finally {
      now -= 30 * DAY_MS + 1000;
    }
  });

  it('takes the edit of a reviewer without an account through their link, and refuses anyone else', async () => {
    const { trade } = await business();
    const { token } = await linkEnquiry(trade.id);
    const other = await linkEnquiry(trade.id);
    const review = (await write(testBrowser(app), payload({ token }))).json().data.review;
    const stranger = await visitor();

    expect((await edit(testBrowser(app), review.id, change({ token }))).statusCode).toBe(200);
    expect(refusal(await edit(testBrowser(app), review.id, change({ token: other.token })))).toEqual([403, MESSAGES.reviewNotYours]);
    expect(refusal(await edit(testBrowser(app), review.id, change()))).toEqual([403, MESSAGES.reviewNotYours]);
    expect(refusal(await edit(stranger.browser, review.id, change()))).toEqual([403, MESSAGES.reviewNotYours]);
  });

  it('refuses to change a removed review, and answers an unknown one 404', async () => {
    const { browser, review } = await writtenReview();
    await db.update(reviews).set({ status: 'REMOVED', removedAt: new Date(now), removedReason: 'Not a customer' }).where(eq(reviews.id, review.id));

    expect(refusal(await edit(browser, review.id, change()))).toEqual([409, MESSAGES.reviewAlreadyRemoved]);
    expect(refusal(await edit(browser, '00000000-0000-4000-8000-000000000000', change()))).toEqual([404, MESSAGES.reviewNotFound]);
  });

  it('publishes a review held for its words once the words are clean, and holds one whose new words are not', async () => {
    const held = await writtenReview('See https://rival.example for better.');
    const published = await writtenReview();

    expect((await edit(held.browser, held.review.id, change())).json().data.review).toMatchObject({ status: 'PUBLISHED', holdReasons: [] });
    const dirty = change({ body: reviewText('Call 0412 345 678.') });
    expect((await edit(published.browser, published.review.id, dirty)).json().data.review).toMatchObject({ status: 'HELD', holdReasons: ['CONTACT_DETAILS'] });
  });

  it("never lifts a burst's hold or a church moderator's hold", async () => {
    const burst = await writtenReview('See https://rival.example for better.');
    await db.update(reviews).set({ holdReasons: ['BURST', 'LINK'] }).where(eq(reviews.id, burst.review.id));
    const churchHeld = await writtenReview('See https://rival.example for better.');
    await db.update(reviews).set({ churchHeldAt: new Date(now), churchHoldUntil: new Date(now + 48 * 3_600_000) }).where(eq(reviews.id, churchHeld.review.id));

    expect((await edit(burst.browser, burst.review.id, change())).json().data.review).toMatchObject({ status: 'HELD', holdReasons: ['BURST'] });
    expect((await edit(churchHeld.browser, churchHeld.review.id, change())).json().data.review).toMatchObject({ status: 'HELD', holdReasons: [] });
  });
});
