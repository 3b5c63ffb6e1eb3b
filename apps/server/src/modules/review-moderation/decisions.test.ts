import { MESSAGES } from '@churchtrades/shared/messages';
import { CHURCH_HOLD_HOURS, REVIEW_NOTICE_DAYS } from '@churchtrades/shared/reviews';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, churchMembers, outboxMails, reviewNotices, reviewReports } from '../../db/schema';
import { createAccount, createChurch, createOwner, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, type TestBrowser, testBrowser } from '../../../test/test-browser';
import { createReview, createReviewReport, reviewTotalsOf, storedReview } from '../reviews/review-factory';

const HOUR_MS = 60 * 60 * 1000;
const { app, database } = await createTestApp({ backgroundWork: false });
const db = database.db;

const browserOf = (userId: string) => loggedInBrowser(app, db, userId);

async function memberOf(churchId: string, role: 'MODERATOR' | 'ADMIN' = 'MODERATOR') {
  const account = await createAccount(db, { role });
  await db.insert(churchMembers).values({ churchId, userId: account.id, churchRole: 'MODERATOR' });
  return { account, browser: await browserOf(account.id) };
}

/** A business of a new church, its owner verified, with a moderator of that church and one of another church. */
async function scene() {
  const church = await createChurch(db, { stateType: 'NSW' });
  const owner = await createOwner(db, { firstName: 'Olive', emailVerifiedAt: new Date() });
  const trade = await createTrade(db, { churchId: church.id, ownerId: owner.id, stateType: 'NSW' });
  const moderator = await memberOf(church.id);
  const otherModerator = await memberOf((await createChurch(db, { stateType: 'NSW' })).id);
  return { church, owner, trade, moderator, otherModerator };
}

async function byRole(role: 'PRIEST' | 'TRADER' | 'USER' | 'GOVERNOR' | 'ADMIN'): Promise<TestBrowser> {
  return browserOf((await createAccount(db, { role, governedState: role === 'GOVERNOR' ? 'NSW' : null })).id);
}

const remove = (browser: TestBrowser, id: string, reason = 'Written by a competitor, not a customer') =>
  browser.post(`/api/moderation/reviews/${id}/remove`, { reason });
const keep = (browser: TestBrowser, id: string) => browser.post(`/api/moderation/reviews/${id}/keep`);
const hold = (browser: TestBrowser, id: string) => browser.post(`/api/moderation/reviews/${id}/hold`);
const setNotice = (browser: TestBrowser, tradeId: string, reason = 'Reviews bought from a review farm') =>
  browser.post(`/api/moderation/trades/${tradeId}/reviewNotice`, { reason });

const auditsOf = (action: string, subjectId: string) =>
  db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subjectId)));
const mailsTo = (recipient: string) => db.select().from(outboxMails).where(eq(outboxMails.recipient, recipient));
const reportsOf = (reviewId: string) => db.select().from(reviewReports).where(eq(reviewReports.reviewId, reviewId));

describe('conflicts of interest', () => {
  it("refuses a moderator of the business's own church removing, keeping or setting the notice, and changes nothing", async () => {
    const { trade, moderator } = await scene();
    const review = await createReview(db, { tradeId: trade.id, status: 'HELD', holdReasons: ['LINK'] });
    await createReviewReport(db, review);
    const before = await storedReview(db, review.id);

    for (const response of [await remove(moderator.browser, review.id), await keep(moderator.browser, review.id), await setNotice(moderator.browser, trade.id)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.reviewConflictOfInterest);
    }
    expect(await storedReview(db, review.id)).toEqual(before);
    expect((await reportsOf(review.id)).map((report) => report.decision)).toEqual([null]);
    expect(await db.select().from(reviewNotices).where(eq(reviewNotices.tradeId, trade.id))).toEqual([]);
  });

  it("treats an administrator who moderates the business's church as conflicted", async () => {
    const { church, trade } = await scene();
    const review = await createReview(db, { tradeId: trade.id });
    const administrator = await memberOf(church.id, 'ADMIN');

    expect((await remove(administrator.browser, review.id)).statusCode).toBe(403);
    expect((await setNotice(administrator.browser, trade.id)).statusCode).toBe(403);
    expect((await hold(administrator.browser, review.id)).statusCode).toBe(200);
  });

  it('refuses a moderator deciding on reviews of their own business, or holding them', async () => {
    const { church } = await scene();
    const ownerModerator = await memberOf(church.id);
    const ownTrade = await createTrade(db, { churchId: church.id, ownerId: ownerModerator.account.id });
    const review = await createReview(db, { tradeId: ownTrade.id });
    const elsewhere = await memberOf((await createChurch(db)).id);
    const elsewhereTrade = await createTrade(db, { ownerId: elsewhere.account.id });
    const elsewhereReview = await createReview(db, { tradeId: elsewhereTrade.id });

    for (const response of [await hold(ownerModerator.browser, review.id), await remove(elsewhere.browser, elsewhereReview.id)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.reviewOfOwnBusiness);
    }
    expect((await storedReview(db, review.id)).status).toBe('PUBLISHED');
  });

  it('refuses a moderator of another church deciding on a review they wrote', async () => {
    const { trade, otherModerator } = await scene();
    const review = await createReview(db, { tradeId: trade.id, enquiry: { senderUserId: otherModerator.account.id } });

    const response = await remove(otherModerator.browser, review.id);

    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.reviewConflictOfInterest);
    expect((await keep(otherModerator.browser, review.id)).statusCode).toBe(403);
    expect((await storedReview(db, review.id)).status).toBe('PUBLISHED');
  });

  it.each(['PRIEST', 'TRADER', 'USER'] as const)('refuses a %s every decision', async (role) => {
    const { trade } = await scene();
    const review = await createReview(db, { tradeId: trade.id });
    const browser = await byRole(role);

    for (const response of [await remove(browser, review.id), await keep(browser, review.id), await hold(browser, review.id), await setNotice(browser, trade.id)]) {
      expect(response.statusCode).toBe(403);
    }
    expect((await storedReview(db, review.id)).status).toBe('PUBLISHED');
  });

  it('refuses an anonymous caller every decision', async () => {
    const { trade } = await scene();
    const review = await createReview(db, { tradeId: trade.id });
    const visitor = testBrowser(app);

    for (const response of [await remove(visitor, review.id), await keep(visitor, review.id), await hold(visitor, review.id), await setNotice(visitor, trade.id)]) {
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('POST /api/moderation/reviews/:id/remove', () => {
  it('removes a review for a moderator of another church: its public note, its reports decided, the totals drop, audited, its reviewer told', async () => {
    const { trade, otherModerator } = await scene();
    const reviewer = { senderEmail: 'rita@example.com.au', senderName: 'Rita Reviewer' };
    const review = await createReview(db, { tradeId: trade.id, stars: 1, enquiry: reviewer });
    await createReview(db, { tradeId: trade.id, stars: 5 });
    const open = await createReviewReport(db, review);
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 2, stars: 6 });

    const response = await remove(otherModerator.browser, review.id, '  Written by a competitor, not a customer ');

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.reviewRemoved);
    const row = await storedReview(db, review.id);
    expect(row).toMatchObject({ status: 'REMOVED', removedReason: 'Written by a competitor, not a customer', removedBy: otherModerator.account.id });
    expect(row.removedAt).toBeInstanceOf(Date);
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 1, stars: 5 });
    expect(await reportsOf(review.id)).toEqual([expect.objectContaining({ id: open.id, decision: 'REMOVED', decidedBy: otherModerator.account.id })]);
    const [entry] = await auditsOf('review.remove', review.id);
    expect(entry).toMatchObject({
      actorId: otherModerator.account.id,
      subjectType: 'REVIEW',
      subjectName: trade.name,
      before: { status: 'PUBLISHED' },
      after: { status: 'REMOVED', reason: 'Written by a competitor, not a customer' },
    });
    const [mail] = await mailsTo(reviewer.senderEmail);
    expect(mail!.subject).toBe(`Your review of ${trade.name} was removed`);
    expect(mail!.textBody).toContain('Hello Rita Reviewer,');
    expect(mail!.textBody).toContain('Written by a competitor, not a customer');
  });

  it.each(['GOVERNOR', 'ADMIN'] as const)('removes a review for a %s', async (role) => {
    const { trade } = await scene();
    const review = await createReview(db, { tradeId: trade.id, status: 'HELD', holdReasons: ['PROFANITY'] });

    const response = await remove(await byRole(role), review.id);

    expect(response.statusCode).toBe(200);
    expect((await storedReview(db, review.id)).status).toBe('REMOVED');
  });

  it('refuses a removal without a reason, a review removed already, and an unknown one', async () => {
    const { trade, otherModerator } = await scene();
    const review = await createReview(db, { tradeId: trade.id });

    const noReason = await remove(otherModerator.browser, review.id, ' ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().data.errors).toEqual([{ field: 'reason', message: MESSAGES.removalReasonRequired }]);
    expect((await storedReview(db, review.id)).status).toBe('PUBLISHED');

    expect((await remove(otherModerator.browser, review.id)).statusCode).toBe(200);
    const again = await remove(otherModerator.browser, review.id, 'A second reason given');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.reviewAlreadyRemoved);
    expect((await storedReview(db, review.id)).removedReason).toBe('Written by a competitor, not a customer');
    expect((await keep(otherModerator.browser, review.id)).statusCode).toBe(409);
    expect((await remove(otherModerator.browser, crypto.randomUUID())).statusCode).toBe(404);
  });
});

describe('POST /api/moderation/reviews/:id/keep', () => {
  it('publishes a held review with its holds lifted and flags weighed, decides its reports KEPT, the totals rise, audited', async () => {
    const { trade, otherModerator } = await scene();
    const review = await createReview(db, { tradeId: trade.id, status: 'HELD', holdReasons: ['LINK'], flags: ['NEW_ACCOUNT'], stars: 3 });
    await createReviewReport(db, review);
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 0, stars: 0 });

    const response = await keep(otherModerator.browser, review.id);

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.reviewKept);
    expect(await storedReview(db, review.id)).toMatchObject({ status: 'PUBLISHED', holdReasons: [], flags: ['NEW_ACCOUNT'], checkedBy: otherModerator.account.id });
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 1, stars: 3 });
    expect((await reportsOf(review.id)).map((report) => report.decision)).toEqual(['KEPT']);
    expect(await auditsOf('review.keep', review.id)).toEqual([
      expect.objectContaining({ before: expect.objectContaining({ status: 'HELD', holdReasons: ['LINK'] }), after: expect.objectContaining({ status: 'PUBLISHED' }) }),
    ]);
    const listed = (await otherModerator.browser.get('/api/moderation/reviews')).json().data.reviews as { id: string }[];
    expect(listed.map((item) => item.id)).not.toContain(review.id);
  });

  it("ends the church's hold when a moderator without ties keeps the review", async () => {
    const { trade, moderator, otherModerator } = await scene();
    const review = await createReview(db, { tradeId: trade.id });
    await hold(moderator.browser, review.id);

    expect((await keep(otherModerator.browser, review.id)).statusCode).toBe(200);
    expect(await storedReview(db, review.id)).toMatchObject({ status: 'PUBLISHED', churchHoldUntil: null, churchHeldBy: moderator.account.id });
    expect((await hold(moderator.browser, review.id)).statusCode).toBe(409);
  });
});

describe('POST /api/moderation/reviews/:id/hold', () => {
  it("holds a review for 48 hours, once, for a moderator of the business's church: the totals drop, audited", async () => {
    const { church, trade, moderator } = await scene();
    const review = await createReview(db, { tradeId: trade.id, stars: 2 });
    const secondModerator = await memberOf(church.id);

    const response = await hold(moderator.browser, review.id);

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.reviewChurchHeld);
    const row = await storedReview(db, review.id);
    expect(row).toMatchObject({ status: 'HELD', churchHeldBy: moderator.account.id });
    expect(row.churchHoldUntil!.getTime() - row.churchHeldAt!.getTime()).toBe(CHURCH_HOLD_HOURS * HOUR_MS);
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 0, stars: 0 });
    expect(await auditsOf('review.hold', review.id)).toEqual([
      expect.objectContaining({ actorId: moderator.account.id, after: expect.objectContaining({ status: 'HELD', churchHoldUntil: row.churchHoldUntil!.toISOString() }) }),
    ]);
    const again = await hold(secondModerator.browser, review.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.reviewChurchHoldUsed);
  });

  it("refuses a hold to anyone but a moderator of the business's church, and of a removed review", async () => {
    const { trade, moderator, otherModerator } = await scene();
    const review = await createReview(db, { tradeId: trade.id });

    for (const browser of [otherModerator.browser, await byRole('GOVERNOR'), await byRole('ADMIN')]) {
      const response = await hold(browser, review.id);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.reviewHoldOwnChurchOnly);
    }
    expect((await storedReview(db, review.id)).churchHeldAt).toBeNull();

    await remove(otherModerator.browser, review.id);
    const removed = await hold(moderator.browser, review.id);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe(MESSAGES.reviewAlreadyRemoved);
  });
});

describe('POST /api/moderation/trades/:tradeId/reviewNotice', () => {
  it('shows the notice for 90 days, one at a time, audited, and tells the owner', async () => {
    const { trade, owner, otherModerator } = await scene();

    const response = await setNotice(otherModerator.browser, trade.id);

    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(MESSAGES.reviewNoticeSet);
    const notice = response.json().data.notice;
    expect(notice).toEqual({ startedAt: expect.any(String), endsAt: expect.any(String), reason: 'Reviews bought from a review farm' });
    expect(new Date(notice.endsAt).getTime() - new Date(notice.startedAt).getTime()).toBe(REVIEW_NOTICE_DAYS * 24 * HOUR_MS);
    const [row] = await db.select().from(reviewNotices).where(eq(reviewNotices.tradeId, trade.id));
    expect(row).toMatchObject({ reason: 'Reviews bought from a review farm', setBy: otherModerator.account.id, endsAt: new Date(notice.endsAt) });
    expect(await auditsOf('trade.reviewNotice', trade.id)).toEqual([
      expect.objectContaining({ subjectType: 'TRADE', subjectName: trade.name, after: { reason: 'Reviews bought from a review farm', endsAt: notice.endsAt } }),
    ]);
    const [mail] = await mailsTo(owner.email);
    expect(mail!.subject).toBe(`${trade.name} shows a notice about its reviews`);
    expect(mail!.textBody).toContain('Hello Olive,');
    expect(mail!.textBody).toContain('Reviews bought from a review farm');

    const again = await setNotice(await byRole('ADMIN'), trade.id, 'Another reason entirely');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.reviewNoticeActive);
    expect(await db.select().from(reviewNotices).where(eq(reviewNotices.tradeId, trade.id))).toHaveLength(1);
  });

  it('lets an administrator alone end the notice early, audited; one serving the business\'s church may not', async () => {
    const { church, trade, otherModerator } = await scene();
    await setNotice(otherModerator.browser, trade.id);
    const lift = (browser: TestBrowser) => browser.request({ method: 'DELETE', url: `/api/moderation/trades/${trade.id}/reviewNotice` });
    const showing = async () => (await db.select().from(reviewNotices).where(eq(reviewNotices.tradeId, trade.id)))[0]!.endsAt > new Date();

    const refusedModerator = await lift(otherModerator.browser);
    expect(refusedModerator.statusCode).toBe(403);
    expect(refusedModerator.json().message).toBe(MESSAGES.administratorsOnly);
    expect((await lift(await byRole('GOVERNOR'))).statusCode).toBe(403);
    expect((await lift((await memberOf(church.id, 'ADMIN')).browser)).statusCode).toBe(403);
    expect(await showing()).toBe(true);

    const administrator = await byRole('ADMIN');
    const response = await lift(administrator);

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.reviewNoticeLifted);
    expect(await showing()).toBe(false);
    expect(await auditsOf('trade.reviewNoticeLift', trade.id)).toEqual([
      expect.objectContaining({ before: { showing: true }, after: { showing: false } }),
    ]);
    const again = await lift(administrator);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MESSAGES.reviewNoticeNotShowing);
    expect((await setNotice(otherModerator.browser, trade.id, 'Caught again with bought reviews')).statusCode).toBe(201);
  });

  it('answers an unknown business not found, and refuses a notice without a reason', async () => {
    const { trade, otherModerator } = await scene();

    expect((await setNotice(otherModerator.browser, crypto.randomUUID())).statusCode).toBe(404);
    const noReason = await setNotice(otherModerator.browser, trade.id, '');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().data.errors).toEqual([{ field: 'reason', message: MESSAGES.removalReasonRequired }]);
  });
});
