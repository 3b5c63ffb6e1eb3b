import { MESSAGES } from '@churchtrades/shared/messages';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMails, reviews, trades } from '../../db/schema';
import { createAccount, createChurch, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowsersOn, type TestBrowser, testBrowser } from '../../../test/test-browser';
import { createReview, createReviewNotice, reviewTotalsOf } from './review-factory';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const LONG_MS = 365 * DAY_MS;
const now = Date.parse('2026-11-27T01:00:00Z');
const clock = () => new Date(now);
const sessionLimits = { idleMs: LONG_MS, lifetimeMs: LONG_MS };
const { app, database } = await createTestApp({ backgroundWork: false, sessionLimits }, { clock });
const db = database.db;
const browserOf = loggedInBrowsersOn(app, db, clock, sessionLimits);

/** A listed business with its owner logged in. */
async function ownedBusiness(role: 'TRADER' | 'USER' = 'TRADER') {
  const church = await createChurch(db);
  const owner = await createAccount(db, { role });
  const trade = await createTrade(db, { churchId: church.id, ownerId: owner.id });
  return { owner, trade, browser: await browserOf(owner.id) };
}

const hoursAgo = (hours: number) => new Date(now - hours * HOUR_MS);
const tradeReviews = (tradeId: string, query = '') => testBrowser(app).get(`/api/trades/${tradeId}/reviews${query}`);
const ids = (page: { content: { id: string }[] }) => page.content.map((review) => review.id);

describe('GET /api/trades/:id/reviews', () => {
  it('shows published reviews newest first, counts those waiting, and lists every removal note and the notice', async () => {
    const { trade } = await ownedBusiness();
    const older = await createReview(db, { tradeId: trade.id, stars: 4, createdAt: hoursAgo(30), reviewerName: 'Ann B.', sameChurch: true });
    const newer = await createReview(db, { tradeId: trade.id, stars: 2, createdAt: hoursAgo(3), editedAt: hoursAgo(2), ownerAnswer: 'Sorry: we came back.', ownerAnsweredAt: hoursAgo(1) });
    const held = await createReview(db, { tradeId: trade.id, status: 'HELD', holdReasons: ['LINK'], createdAt: hoursAgo(1) });
    await createReview(db, { tradeId: trade.id, status: 'REMOVED', removedAt: hoursAgo(50), removedReason: 'Not a customer', createdAt: hoursAgo(60) });
    await createReview(db, { tradeId: trade.id, status: 'REMOVED', removedAt: hoursAgo(5), removedReason: 'Written by a competitor', createdAt: hoursAgo(40) });
    await createReviewNotice(db, trade.id, { startedAt: new Date(now - 100 * DAY_MS), reason: 'An old notice' });
    const notice = await createReviewNotice(db, trade.id, { startedAt: new Date(now - DAY_MS), reason: 'Reviews written by the owner\'s friends' });

    const response = await tradeReviews(trade.id);

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const data = response.json().data;
    expect(ids(data.reviews)).toEqual([newer.id, older.id]);
    expect(response.body).not.toContain(held.id);
    expect(data.reviews.content[0]).toEqual({
      id: newer.id,
      reviewerName: 'Vera V.',
      stars: 2,
      body: newer.body,
      relation: 'CUSTOMER',
      sameChurch: false,
      workSuburb: null,
      workMonth: null,
      writtenAt: hoursAgo(3).toISOString(),
      editedAt: hoursAgo(2).toISOString(),
      ownerAnswer: 'Sorry: we came back.',
      ownerAnsweredAt: hoursAgo(1).toISOString(),
    });
    expect(data.reviews.content[1]).toMatchObject({ reviewerName: 'Ann B.', sameChurch: true });
    expect(data).toMatchObject({
      rating: null,
      starCounts: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 },
      waitingCount: 1,
      removalNotes: [
        { removedAt: hoursAgo(5).toISOString(), reason: 'Written by a competitor' },
        { removedAt: hoursAgo(50).toISOString(), reason: 'Not a customer' },
      ],
      notice: { startedAt: notice.startedAt.toISOString(), endsAt: notice.endsAt.toISOString(), reason: notice.reason },
    });
  });

  it('filters by stars and pages', async () => {
    const { trade } = await ownedBusiness();
    const fives = [];
    for (let hour = 1; hour <= 3; hour++) fives.push(await createReview(db, { tradeId: trade.id, stars: 5, createdAt: hoursAgo(hour) }));
    await createReview(db, { tradeId: trade.id, stars: 1, createdAt: hoursAgo(4) });

    const response = await tradeReviews(trade.id, '?stars=5&page=1&size=2');

    expect(response.json().data.reviews).toMatchObject({ number: 1, size: 2, totalElements: 3, totalPages: 2 });
    expect(ids(response.json().data.reviews)).toEqual([fives[2]!.id]);
    expect(response.json().data.starCounts).toEqual({ 1: 1, 2: 0, 3: 0, 4: 0, 5: 3 });
    const invalid = await tradeReviews(trade.id, '?stars=6');
    expect([invalid.statusCode, invalid.json().message]).toEqual([400, MESSAGES.reviewStarsFilter]);
  });

  it('shows the rating from 3 published reviews, never below, with the totals the trigger keeps', async () => {
    const { trade } = await ownedBusiness();
    const first = await createReview(db, { tradeId: trade.id, stars: 5 });
    await createReview(db, { tradeId: trade.id, stars: 4 });
    expect((await tradeReviews(trade.id)).json().data.rating).toBeNull();

    const third = await createReview(db, { tradeId: trade.id, stars: 4 });
    expect((await tradeReviews(trade.id)).json().data.rating).toEqual({ average: 4.3, count: 3 });
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 3, stars: 13 });

    await db.update(reviews).set({ status: 'HELD' }).where(eq(reviews.id, third.id));
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 2, stars: 9 });
    expect((await tradeReviews(trade.id)).json().data.rating).toBeNull();
    await db.update(reviews).set({ status: 'PUBLISHED', stars: 1 }).where(eq(reviews.id, third.id));
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 3, stars: 10 });
    await db.delete(reviews).where(eq(reviews.id, first.id));
    expect(await reviewTotalsOf(db, trade.id)).toEqual({ count: 2, stars: 5 });
  });

  it('answers 404 for an unknown, malformed or unlisted business, as its page does', async () => {
    const { trade } = await ownedBusiness();
    await db.update(trades).set({ moderationStatus: 'UNLISTED' }).where(eq(trades.id, trade.id));

    for (const id of [trade.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await tradeReviews(id);
      expect([response.statusCode, response.json().message]).toEqual([404, MESSAGES.tradeNotFound]);
    }
  });
});

describe('GET /api/reviews/received', () => {
  it("lists the published reviews of the caller's business only, newest first", async () => {
    const { trade, browser } = await ownedBusiness('USER');
    const older = await createReview(db, { tradeId: trade.id, createdAt: hoursAgo(5) });
    const newer = await createReview(db, { tradeId: trade.id, createdAt: hoursAgo(1) });
    await createReview(db, { tradeId: trade.id, status: 'HELD', holdReasons: ['LINK'] });
    const other = await ownedBusiness();
    const theirs = await createReview(db, { tradeId: other.trade.id });

    const response = await browser.get('/api/reviews/received');

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(ids(response.json().data.reviews)).toEqual([newer.id, older.id]);
    expect(response.body).not.toContain(theirs.id);
  });

  it('lists nothing for a caller without a business, and refuses a stranger', async () => {
    const account = await createAccount(db);

    const response = await (await browserOf(account.id)).get('/api/reviews/received');

    expect(response.json().data.reviews).toMatchObject({ content: [], totalElements: 0 });
    expect((await testBrowser(app).get('/api/reviews/received')).statusCode).toBe(401);
  });
});

describe('POST /api/reviews/:id/answer', () => {
  const answer = (browser: TestBrowser, id: string, body = 'Thank you: it was a pleasure to work for you.') =>
    browser.post(`/api/reviews/${id}/answer`, { body });

  it('publishes the owner\'s one answer and mails the reviewer the business page, whose reviews show it', async () => {
    const { trade, browser } = await ownedBusiness();
    const review = await createReview(db, { tradeId: trade.id, enquiry: { senderEmail: 'vera.answered@example.com.au' } });

    const response = await answer(browser, review.id);

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MESSAGES.ownerAnswerSent);
    expect(response.json().data.review).toMatchObject({
      id: review.id,
      ownerAnswer: 'Thank you: it was a pleasure to work for you.',
      ownerAnsweredAt: new Date(now).toISOString(),
    });
    const [mail, ...more] = await db.select().from(outboxMails).where(eq(outboxMails.recipient, 'vera.answered@example.com.au')).orderBy(asc(outboxMails.createdAt));
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`${trade.name} answered your review`);
    expect(mail!.textBody).toContain('Thank you: it was a pleasure to work for you.');
    const pageUrl = new URL(/https?:\/\/\S+\/business\/\S+/.exec(mail!.textBody ?? '')![0]);
    const [, , tradeId] = pageUrl.pathname.split('/');
    expect(tradeId).toBe(trade.id);
    const shown = (await tradeReviews(tradeId!)).json().data.reviews.content[0];
    expect(shown).toMatchObject({ id: review.id, ownerAnswer: 'Thank you: it was a pleasure to work for you.' });
  });

  it('answers once: a second answer is refused and changes nothing', async () => {
    const { trade, browser } = await ownedBusiness();
    const review = await createReview(db, { tradeId: trade.id });
    expect((await answer(browser, review.id)).statusCode).toBe(200);

    const again = await answer(browser, review.id, 'Changed my mind about the answer.');

    expect([again.statusCode, again.json().message]).toEqual([409, MESSAGES.ownerAnswerGiven]);
    const [row] = await db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row!.ownerAnswer).toBe('Thank you: it was a pleasure to work for you.');
  });

  it("refuses another business's owner, a read-only owner, and a review not published", async () => {
    const { trade, browser } = await ownedBusiness();
    const other = await ownedBusiness();
    const readOnly = await ownedBusiness('USER');
    const review = await createReview(db, { tradeId: trade.id });
    const readOnlysReview = await createReview(db, { tradeId: readOnly.trade.id });
    const held = await createReview(db, { tradeId: trade.id, status: 'HELD', holdReasons: ['LINK'] });
    const removed = await createReview(db, { tradeId: trade.id, status: 'REMOVED', removedAt: new Date(now), removedReason: 'Not a customer' });

    const refusal = async (caller: TestBrowser, id: string) => {
      const response = await answer(caller, id);
      return [response.statusCode, response.json().message];
    };
    expect(await refusal(other.browser, review.id)).toEqual([403, MESSAGES.notYourTradesReview]);
    expect(await refusal(readOnly.browser, readOnlysReview.id)).toEqual([403, MESSAGES.readOnlyAccount]);
    expect(await refusal(browser, held.id)).toEqual([409, MESSAGES.reviewNotPublished]);
    expect(await refusal(browser, removed.id)).toEqual([409, MESSAGES.reviewAlreadyRemoved]);
    expect(await refusal(browser, '00000000-0000-4000-8000-000000000000')).toEqual([404, MESSAGES.reviewNotFound]);
    expect((await answer(testBrowser(app), review.id)).statusCode).toBe(401);
  });
});
