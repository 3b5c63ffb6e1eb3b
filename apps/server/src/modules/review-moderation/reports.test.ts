import { MESSAGES } from '@churchtrades/shared/messages';
import { REVIEW_CHECKS } from '@churchtrades/shared/reviews';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { churchMembers, reviewReports } from '../../db/schema';
import { createAccount, createChurch, createOwner, createTrade } from '../../../test/factories';
import { solvedProofOfWork } from '../../../test/proof-of-work';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, type TestBrowser, testBrowser } from '../../../test/test-browser';
import { createReview, createReviewReport, reviewTotalsOf, storedReview } from '../reviews/review-factory';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const { app, database } = await createTestApp({ backgroundWork: false });
const db = database.db;

const browserOf = (userId: string) => loggedInBrowser(app, db, userId);

async function memberOf(churchId: string, role: 'MODERATOR' | 'GOVERNOR' | 'ADMIN' = 'MODERATOR', churchRole: 'MODERATOR' | 'PRIEST' = 'MODERATOR') {
  const account = await createAccount(db, { role, governedState: role === 'GOVERNOR' ? 'NSW' : null });
  await db.insert(churchMembers).values({ churchId, userId: account.id, churchRole });
  return browserOf(account.id);
}

/** A business of a new church, with a moderator of that church. */
async function scene() {
  const church = await createChurch(db, { stateType: 'NSW' });
  const trade = await createTrade(db, { churchId: church.id, stateType: 'NSW' });
  return { church, trade, moderator: await memberOf(church.id) };
}

const report = (browser: TestBrowser, reviewId: string, payload: object) => browser.post(`/api/reviews/${reviewId}/reports`, payload);

interface Listed {
  id: string;
  status: string;
  mayDecide: boolean;
  mayHold: boolean;
  openReports: { reason: string; timesReported: number }[];
}

async function waiting(browser: TestBrowser): Promise<Listed[]> {
  const response = await browser.get('/api/moderation/reviews');
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return response.json().data.reviews;
}

const itemOf = async (browser: TestBrowser, id: string) => (await waiting(browser)).find((item) => item.id === id);

const reportsOf = (reviewId: string) =>
  db.select().from(reviewReports).where(eq(reviewReports.reviewId, reviewId)).orderBy(asc(reviewReports.reportedAt), asc(reviewReports.id));

/** A logged-in account of its own, reporting from the address: no proof of work to solve. */
async function reporterOn(address: string): Promise<TestBrowser> {
  const browser = await browserOf((await createOwner(db)).id);
  browser.address = address;
  return browser;
}

const FLOOD = 20;

describe('POST /api/reviews/:id/reports', () => {
  it('accepts an anonymous report with its reason and a proof of work, from its network, and the review stays published', async () => {
    const { trade } = await scene();
    const review = await createReview(db, { tradeId: trade.id });
    const visitor = testBrowser(app, { address: '2001:db8:77:1::5' });

    const response = await report(visitor, review.id, { reason: 'The business owner wrote this about himself', proofOfWork: await solvedProofOfWork(visitor) });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: MESSAGES.reviewReported, data: {} });
    expect(await reportsOf(review.id)).toEqual([
      expect.objectContaining({
        reporterUserId: null,
        reporterNetwork: '2001:db8:77:1::/64',
        reporterEmailKey: null,
        reason: 'The business owner wrote this about himself',
        timesReported: 1,
        decision: null,
      }),
    ]);
    expect((await storedReview(db, review.id)).status).toBe('PUBLISHED');
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 1, stars: 5 });
  });

  it('refuses an anonymous report without a proof of work, with a forged one, or with one spent already', async () => {
    const { trade } = await scene();
    const review = await createReview(db, { tradeId: trade.id });
    const visitor = testBrowser(app);
    const proofOfWork = await solvedProofOfWork(visitor);
    const other = await createReview(db, { tradeId: trade.id });
    expect((await report(visitor, other.id, { reason: 'Fake review', proofOfWork })).statusCode).toBe(201);

    for (const [payload, message] of [
      [{ reason: 'Fake review' }, MESSAGES.proofOfWorkFailed],
      [{ reason: 'Fake review', proofOfWork: 'bm90IGEgcHJvb2Y=' }, MESSAGES.proofOfWorkFailed],
      [{ reason: 'Fake review', proofOfWork }, MESSAGES.proofOfWorkUsed],
    ] as const) {
      const refused = await report(visitor, review.id, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
      expect(refused.json().data.errors).toEqual([{ field: 'proofOfWork', message }]);
    }
    expect(await reportsOf(review.id)).toEqual([]);
  });

  it("names the logged-in reporter and their account's address, asks them no proof of work, and takes reports of a held review", async () => {
    const { trade } = await scene();
    const review = await createReview(db, { tradeId: trade.id, status: 'HELD', holdReasons: ['LINK'] });
    const account = await createOwner(db, { email: 'Rhoda.Reporter@Example.com.au' });

    const response = await report(await browserOf(account.id), review.id, { reason: 'Advertises another business' });

    expect(response.statusCode).toBe(201);
    expect(await reportsOf(review.id)).toEqual([
      expect.objectContaining({ reporterUserId: account.id, reporterEmailKey: 'rhoda.reporter@example.com.au', timesReported: 1 }),
    ]);
  });

  it('refuses a report without a reason, naming the field', async () => {
    const { trade } = await scene();
    const review = await createReview(db, { tradeId: trade.id });

    const response = await report(testBrowser(app), review.id, { reason: '   ' });

    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toEqual([{ field: 'reason', message: MESSAGES.reviewReportReasonRequired }]);
    expect(await reportsOf(review.id)).toEqual([]);
  });

  it('refuses a report whose hidden field a robot filled', async () => {
    const { trade } = await scene();
    const review = await createReview(db, { tradeId: trade.id });

    const response = await report(testBrowser(app), review.id, { reason: 'Fake', homepage: 'http://spam.example' });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.formRefused);
    expect(await reportsOf(review.id)).toEqual([]);
  });

  it('answers an unknown review not found, and a removed one removed already', async () => {
    const { trade } = await scene();
    const review = await createReview(db, { tradeId: trade.id, status: 'REMOVED', removedAt: new Date(), removedReason: 'Abusive words' });
    const reporter = await browserOf((await createOwner(db)).id);

    const unknown = await report(reporter, crypto.randomUUID(), { reason: 'Fake review' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.reviewNotFound);
    const removed = await report(reporter, review.id, { reason: 'Fake review' });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(MESSAGES.reviewAlreadyRemoved);
  });

  it('merges a flood from one network into one open report counting it, answered as a first report, and the review stays published', async () => {
    const { trade } = await scene();
    const review = await createReview(db, { tradeId: trade.id });
    const reviewer = await memberOf((await createChurch(db, { stateType: 'VIC' })).id);
    // Twenty accounts on addresses of one IPv6 /64: one network, whoever is logged in.
    const flood = await Promise.all(Array.from({ length: FLOOD }, (_, index) => reporterOn(`2001:db8:44:7::${index + 1}`)));

    const answers = [];
    for (const [index, browser] of flood.entries()) answers.push(await report(browser, review.id, { reason: `Fake review, says robot ${index}` }));

    const answered = answers.map((answer) => {
      const { timeStamp: _at, ...body } = answer.json();
      return { statusCode: answer.statusCode, body };
    });
    expect(answered).toEqual(Array(FLOOD).fill({ statusCode: 201, body: { statusCode: 201, status: 'CREATED', message: MESSAGES.reviewReported, data: {} } }));
    expect(await reportsOf(review.id)).toEqual([
      expect.objectContaining({ reporterNetwork: '2001:db8:44:7::/64', reason: 'Fake review, says robot 0', timesReported: FLOOD, decision: null }),
    ]);
    expect((await storedReview(db, review.id)).status).toBe('PUBLISHED');
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 1, stars: 5 });

    for (const address of ['2001:db8:45:1::1', '203.0.113.9']) {
      expect((await report(await reporterOn(address), review.id, { reason: `From ${address}` })).statusCode).toBe(201);
    }
    const listed = await itemOf(reviewer, review.id);
    expect(listed?.status).toBe('PUBLISHED');
    expect(listed?.openReports.map((open) => [open.reason, open.timesReported])).toEqual([
      ['Fake review, says robot 0', FLOOD],
      ['From 2001:db8:45:1::1', 1],
      ['From 203.0.113.9', 1],
    ]);
  });

  it("merges a logged-in reporter's repeats from other networks by their account's address", async () => {
    const { trade } = await scene();
    const review = await createReview(db, { tradeId: trade.id });
    const account = await createOwner(db);

    for (const address of ['198.51.100.21', '198.51.100.22', '198.51.100.23']) {
      const browser = await browserOf(account.id);
      browser.address = address;
      expect((await report(browser, review.id, { reason: `Seen from ${address}` })).statusCode).toBe(201);
    }

    expect(await reportsOf(review.id)).toEqual([expect.objectContaining({ reporterNetwork: '198.51.100.21', reason: 'Seen from 198.51.100.21', timesReported: 3 })]);
  });

  it('opens a new report once the open one is decided', async () => {
    const { trade } = await scene();
    const review = await createReview(db, { tradeId: trade.id });
    const reporter = await reporterOn('198.51.100.31');
    await createReviewReport(db, review, { reporterNetwork: '198.51.100.31', decision: 'KEPT', decidedAt: new Date() });

    expect((await report(reporter, review.id, { reason: 'Still fake' })).statusCode).toBe(201);

    expect((await reportsOf(review.id)).map((row) => [row.decision, row.timesReported])).toEqual([
      ['KEPT', 1],
      [null, 1],
    ]);
  });

  it("refuses a network's new reports beyond the hour's limit, and then its repeats, with Retry-After, and takes another network's", async () => {
    const { trade } = await scene();
    const reviews = await Promise.all(
      Array.from({ length: REVIEW_CHECKS.reportsPerNetworkPerHour + 1 }, () => createReview(db, { tradeId: trade.id })),
    );
    const [first, ...others] = reviews;
    const sameNetwork = await reporterOn('2001:db8:99:5::1');
    // A repeat does not count: it adds to the open report.
    for (let sent = 0; sent < 3; sent += 1) expect((await report(sameNetwork, first!.id, { reason: `Repeat ${sent}` })).statusCode).toBe(201);
    for (const review of others.slice(0, -1)) {
      expect((await report(await reporterOn('2001:db8:99:5::2'), review.id, { reason: 'Fake review' })).statusCode).toBe(201);
    }

    for (const review of [others.at(-1)!, first!]) {
      const refused = await report(sameNetwork, review.id, { reason: 'One too many' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(MESSAGES.reviewReportsTooMany);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await reportsOf(others.at(-1)!.id)).toEqual([]);
    expect((await reportsOf(first!.id)).map((row) => row.timesReported)).toEqual([3]);
    expect((await report(await reporterOn('2001:db8:99:6::1'), others.at(-1)!.id, { reason: 'From elsewhere' })).statusCode).toBe(201);
  });
});

describe('GET /api/moderation/reviews', () => {
  it('lists reported, held and flagged reviews of every church, those waiting longest first, with their open reports', async () => {
    const { church, trade } = await scene();
    const elsewhere = await scene();
    const reader = await memberOf((await createChurch(db, { stateType: 'VIC' })).id);
    const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE_MS);
    const reported = await createReview(db, { tradeId: trade.id, createdAt: ago(3 * 24 * 60) });
    const oldReport = await createReviewReport(db, reported, { reportedAt: ago(50), reason: 'Written by a competitor' });
    await createReviewReport(db, reported, { reportedAt: ago(45), decision: 'KEPT' });
    const held = await createReview(db, { tradeId: elsewhere.trade.id, status: 'HELD', holdReasons: ['LINK'], createdAt: ago(40) });
    const flagged = await createReview(db, { tradeId: trade.id, flags: ['SAME_NETWORK'], createdAt: ago(30) });
    const weighed = await createReview(db, { tradeId: trade.id, flags: ['NEW_ACCOUNT'], checkedAt: new Date() });
    const quiet = await createReview(db, { tradeId: trade.id });
    const decided = await createReview(db, { tradeId: trade.id });
    await createReviewReport(db, decided, { decision: 'KEPT' });
    const removed = await createReview(db, { tradeId: trade.id, status: 'REMOVED', flags: ['SAME_TEXT'], removedReason: 'Abuse' });

    const listed = await waiting(reader);
    const ids = listed.map((item) => item.id);

    const expected = [reported.id, held.id, flagged.id];
    expect(ids.filter((id) => expected.includes(id))).toEqual(expected);
    for (const hidden of [weighed, quiet, decided, removed]) expect(ids).not.toContain(hidden.id);
    expect(listed.find((item) => item.id === reported.id)).toEqual({
      id: reported.id,
      tradeId: trade.id,
      tradeName: trade.name,
      churchName: church.name,
      reviewerName: 'Vera V.',
      stars: 5,
      body: reported.body,
      relation: 'CUSTOMER',
      sameChurch: false,
      status: 'PUBLISHED',
      holdReasons: [],
      flags: [],
      churchHoldUntil: null,
      writtenAt: reported.createdAt.toISOString(),
      editedAt: null,
      openReports: [{ id: oldReport.id, reason: 'Written by a competitor', reportedAt: oldReport.reportedAt.toISOString(), timesReported: 1 }],
      mayDecide: true,
      mayHold: false,
      tradeNoticeUntil: null,
    });
    expect(listed.find((item) => item.id === held.id)).toMatchObject({ status: 'HELD', holdReasons: ['LINK'], openReports: [] });
    expect(listed.find((item) => item.id === flagged.id)).toMatchObject({ flags: ['SAME_NETWORK'] });
  });

  it('tells each caller whether they may decide or hold: never both, and a hold only once', async () => {
    const { church, trade, moderator } = await scene();
    const review = await createReview(db, { tradeId: trade.id });
    await createReviewReport(db, review);
    const otherModerator = await memberOf((await createChurch(db)).id);
    const governor = await browserOf((await createAccount(db, { role: 'GOVERNOR', governedState: 'NSW' })).id);
    const administrator = await browserOf((await createAccount(db, { role: 'ADMIN' })).id);
    const administratorOfTheChurch = await memberOf(church.id, 'ADMIN');
    const governorAndPriest = await memberOf(church.id, 'GOVERNOR', 'PRIEST');
    const ownerAndModerator = await createAccount(db, { role: 'MODERATOR' });
    await db.insert(churchMembers).values({ churchId: church.id, userId: ownerAndModerator.id, churchRole: 'MODERATOR' });
    const ownersTrade = await createTrade(db, { churchId: church.id, ownerId: ownerAndModerator.id });
    const ownReview = await createReview(db, { tradeId: ownersTrade.id, status: 'HELD', holdReasons: ['PROFANITY'] });

    const may = async (browser: TestBrowser, id = review.id) => {
      const item = await itemOf(browser, id);
      return item && { mayDecide: item.mayDecide, mayHold: item.mayHold };
    };
    expect(await may(moderator)).toEqual({ mayDecide: false, mayHold: true });
    expect(await may(otherModerator)).toEqual({ mayDecide: true, mayHold: false });
    expect(await may(governor)).toEqual({ mayDecide: true, mayHold: false });
    expect(await may(administrator)).toEqual({ mayDecide: true, mayHold: false });
    expect(await may(administratorOfTheChurch)).toEqual({ mayDecide: false, mayHold: true });
    expect(await may(governorAndPriest)).toEqual({ mayDecide: false, mayHold: false });
    expect(await may(await browserOf(ownerAndModerator.id), ownReview.id)).toEqual({ mayDecide: false, mayHold: false });

    expect((await moderator.post(`/api/moderation/reviews/${review.id}/hold`)).statusCode).toBe(200);
    expect(await may(moderator)).toEqual({ mayDecide: false, mayHold: false });
    expect(await itemOf(moderator, review.id)).toMatchObject({ status: 'HELD', churchHoldUntil: expect.any(String) });
  });

  it("shows the end of the business's notice beside its reviews", async () => {
    const { trade } = await scene();
    const review = await createReview(db, { tradeId: trade.id, flags: ['SAME_TEXT'] });
    const governor = await browserOf((await createAccount(db, { role: 'GOVERNOR', governedState: 'VIC' })).id);

    const set = await governor.post(`/api/moderation/trades/${trade.id}/reviewNotice`, { reason: 'Reviews bought from a review farm' });

    expect(set.statusCode).toBe(201);
    expect(await itemOf(governor, review.id)).toMatchObject({ tradeNoticeUntil: set.json().data.notice.endsAt });
    expect(new Date(set.json().data.notice.endsAt).getTime() - new Date(set.json().data.notice.startedAt).getTime()).toBe(90 * DAY_MS);
  });

  it('refuses priests, traders, users and anonymous callers, and a moderator not confirmed yet', async () => {
    const unconfirmed = await createAccount(db, { role: 'MODERATOR', moderated: false });
    const callers = await Promise.all(
      (['PRIEST', 'TRADER', 'USER'] as const).map(async (role) => browserOf((await createAccount(db, { role })).id)),
    );

    for (const browser of callers) expect((await browser.get('/api/moderation/reviews')).statusCode).toBe(403);
    expect((await testBrowser(app).get('/api/moderation/reviews')).statusCode).toBe(401);
    const notConfirmed = await (await browserOf(unconfirmed.id)).get('/api/moderation/reviews');
    expect(notConfirmed.statusCode).toBe(403);
    expect(notConfirmed.json().message).toBe(MESSAGES.awaitingConfirmation);
  });
});
