import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { churchMembers, reviews } from '../../db/schema';
import { createAccount, createChurch, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowsersOn } from '../../../test/test-browser';
import { churchHoldLapseJob } from './job';
import { createReview, reviewTotalsOf } from '../reviews/review-factory';
import { createReviewModerationRepo } from './repo';

const HOUR_MS = 60 * 60 * 1000;

// The fake clock only moves forward: the holds of the file answer to one timeline.
let now = new Date();
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

const { app, database } = await createTestApp({ backgroundWork: false }, { clock });
const db = database.db;
const job = churchHoldLapseJob({ repo: createReviewModerationRepo(db), clock });
// Sessions on the fake clock, so that they last while it moves on.
const loggedIn = loggedInBrowsersOn(app, db, clock);

/** A review of a business, held by a moderator of its church at the clock's time. */
async function heldByTheChurch(fields: Partial<typeof reviews.$inferInsert> = {}) {
  const church = await createChurch(db);
  const trade = await createTrade(db, { churchId: church.id });
  const moderator = await createAccount(db, { role: 'MODERATOR' });
  await db.insert(churchMembers).values({ churchId: church.id, userId: moderator.id, churchRole: 'MODERATOR' });
  const review = await createReview(db, { tradeId: trade.id, stars: 5, ...fields });
  const response = await (await loggedIn(moderator.id)).post(`/api/moderation/reviews/${review.id}/hold`);
  expect(response.statusCode).toBe(200);
  return { trade, review };
}

async function stateOf(reviewId: string, tradeId: string) {
  const [review] = await db.select({ status: reviews.status, churchHoldUntil: reviews.churchHoldUntil }).from(reviews).where(eq(reviews.id, reviewId));
  return { ...review!, ...(await reviewTotalsOf(db, tradeId)) };
}

describe("the church's hold lapsing", () => {
  it('shows the review again after 48 hours, not before, and the business counts it again', async () => {
    const { trade, review } = await heldByTheChurch();
    expect(await stateOf(review.id, trade.id)).toMatchObject({ status: 'HELD', count: 0, stars: 0 });

    advance(47 * HOUR_MS);
    await job.run();
    expect(await stateOf(review.id, trade.id)).toMatchObject({ status: 'HELD', churchHoldUntil: expect.any(Date), count: 0 });

    advance(HOUR_MS);
    await job.run();
    expect(await stateOf(review.id, trade.id)).toEqual({ status: 'PUBLISHED', churchHoldUntil: null, count: 1, stars: 5 });
  });

  it('leaves held a review an automatic check still holds', async () => {
    const { trade, review } = await heldByTheChurch({ status: 'HELD', holdReasons: ['CONTACT_DETAILS'] });

    advance(48 * HOUR_MS);
    await job.run();

    expect(await stateOf(review.id, trade.id)).toEqual({ status: 'HELD', churchHoldUntil: null, count: 0, stars: 0 });
  });

  it('leaves a removed review removed', async () => {
    const { trade, review } = await heldByTheChurch();
    await db.update(reviews).set({ status: 'REMOVED', removedAt: now, removedReason: 'Abusive words' }).where(eq(reviews.id, review.id));

    advance(48 * HOUR_MS);
    await job.run();

    expect(await stateOf(review.id, trade.id)).toMatchObject({ status: 'REMOVED', count: 0 });
  });
});
