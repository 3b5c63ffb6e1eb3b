import { MESSAGES } from '@churchtrades/shared/messages';
import type { TradeReviews } from '@churchtrades/shared/reviews';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLoggedIn } from '../../../lib/session';
import { type Route, serveApi } from '../../../testing/api-server';
import { makeChallenge } from '../../../testing/fake-proof-of-work';
import { renderRoutes } from '../../../testing/render-routes';
import { makePublicReview, makeTradeReviews } from '../../../testing/review-factory';
import { ReviewNotice } from './review-notice';
import { TradeReviewsSection } from './trade-reviews';

const TRADE = { id: '00000000-0000-4000-8000-000000000301', name: 'Harbour City Plumbing' };
const REVIEWS_ROUTE = `GET /api/trades/${TRADE.id}/reviews`;

function serveReviews(answer: TradeReviews | ((url: URL) => TradeReviews)) {
  const route: Route = ({ url }) => ({ data: typeof answer === 'function' ? answer(url) : answer });
  return serveApi({ [REVIEWS_ROUTE]: route });
}

function openSection() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <ReviewNotice trade={TRADE} />
          <TradeReviewsSection trade={TRADE} />
        </>
      ),
    },
  ]);
}

async function reviewsRegion() {
  const region = screen.getByRole('region', { name: 'Reviews' });
  await within(region).findByRole('list', { name: /^Reviews/ });
  return region;
}

function reviewArticles() {
  return within(screen.getByRole('list', { name: /^Reviews/ })).getAllByRole('article');
}

describe("a business's reviews", () => {
  it('shows the rating once the business has 3 reviews', async () => {
    serveReviews(makeTradeReviews([makePublicReview({ stars: 5 }), makePublicReview({ stars: 4 }), makePublicReview({ stars: 4 })]));
    openSection();

    const region = await reviewsRegion();
    expect(within(region).getByText('4.3 out of 5 · 3 reviews')).toBeInTheDocument();
    expect(within(region).queryByText(/No rating yet/)).not.toBeInTheDocument();
  });

  it('says plainly that a rating shows from 3 reviews while it has 2, and still lists them', async () => {
    serveReviews(makeTradeReviews([makePublicReview(), makePublicReview()]));
    openSection();

    const region = await reviewsRegion();
    expect(within(region).getByText("No rating yet: a business's rating shows from 3 reviews.")).toBeInTheDocument();
    expect(within(region).queryByText(/out of 5 ·/)).not.toBeInTheDocument();
    expect(reviewArticles()).toHaveLength(2);
  });

  it('lists the reviews newest first, as the server sends them, each with who, stars, when and how they know the business', async () => {
    serveReviews(
      makeTradeReviews([
        makePublicReview({ reviewerName: 'Tom B.', stars: 2, writtenAt: '2026-11-20T01:00:00.000Z', relation: 'FRIEND' }),
        makePublicReview({ reviewerName: 'Mary V.', stars: 4, writtenAt: '2026-11-03T02:00:00.000Z' }),
        makePublicReview({ reviewerName: 'Ann K.', stars: 5, writtenAt: '2026-10-01T02:00:00.000Z', relation: 'SAME_CHURCH', sameChurch: true }),
      ]),
    );
    openSection();

    await reviewsRegion();
    const [tom, mary, ann] = reviewArticles();
    expect(reviewArticles().map((review) => within(review).getByRole('heading').textContent)).toEqual(['Tom B.', 'Mary V.', 'Ann K.']);
    expect(within(tom!).getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    expect(tom).toHaveTextContent('Customer and friend of the owner · 20 November 2026');
    expect(within(mary!).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(mary).toHaveTextContent('Customer · 3 November 2026');
    expect(mary!.querySelector('time')).toHaveAttribute('datetime', '2026-11-03T02:00:00.000Z');
    expect(within(ann!).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
  });

  it('tags a review from the same church and an edited one, and says where and when the work was done', async () => {
    serveReviews(
      makeTradeReviews([
        makePublicReview({ reviewerName: 'Ann K.', sameChurch: true, editedAt: '2026-11-05T02:00:00.000Z', workSuburb: 'Balmain', workMonth: '2026-03' }),
        makePublicReview({ reviewerName: 'Mary V.', workMonth: '2026-10' }),
        makePublicReview({ reviewerName: 'Tom B.' }),
      ]),
    );
    openSection();

    await reviewsRegion();
    const [ann, mary, tom] = reviewArticles();
    expect(within(ann!).getByText('Same church')).toBeVisible();
    expect(within(ann!).getByText('Edited')).toBeVisible();
    expect(ann).toHaveTextContent('Work done in Balmain, March 2026');
    expect(mary).toHaveTextContent('Work done in October 2026');
    expect(within(mary!).queryByText('Same church')).not.toBeInTheDocument();
    expect(within(mary!).queryByText('Edited')).not.toBeInTheDocument();
    expect(tom).not.toHaveTextContent('Work done');
  });

  it("shows the owner's answer beside the review it answers", async () => {
    serveReviews(
      makeTradeReviews([
        makePublicReview({ reviewerName: 'Mary V.', ownerAnswer: 'Thank you Mary, see you next time.', ownerAnsweredAt: '2026-11-04T02:00:00.000Z' }),
        makePublicReview({ reviewerName: 'Tom B.' }),
      ]),
    );
    openSection();

    await reviewsRegion();
    const [mary, tom] = reviewArticles();
    expect(within(mary!).getByText('Answer from Harbour City Plumbing')).toBeInTheDocument();
    expect(within(mary!).getByText('Thank you Mary, see you next time.')).toBeInTheDocument();
    expect(within(tom!).queryByText(/Answer from/)).not.toBeInTheDocument();
  });

  it('filters by stars, asking the server for them, with the count of each on its button', async () => {
    const five = [makePublicReview({ reviewerName: 'Ann K.', stars: 5 }), makePublicReview({ reviewerName: 'Bob L.', stars: 5 })];
    const all = [five[0]!, makePublicReview({ reviewerName: 'Mary V.', stars: 4 }), five[1]!];
    const api = serveReviews((url) => (url.searchParams.get('stars') === '5' ? makeTradeReviews(five, { starCounts: makeTradeReviews(all).starCounts }) : makeTradeReviews(all)));
    const { user } = openSection();

    await reviewsRegion();
    const filter = screen.getByRole('group', { name: 'Show reviews with' });
    expect(within(filter).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'All (3)',
      '5 stars (2)',
      '4 stars (1)',
      '3 stars (0)',
      '2 stars (0)',
      '1 star (0)',
    ]);
    expect(within(filter).getByRole('button', { name: 'All (3)' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(filter).getByRole('button', { name: '5 stars (2)' }));

    const fives = await screen.findByRole('list', { name: 'Reviews with 5 stars' });
    // The list is named before the filtered reviews arrive.
    await waitFor(() => expect(within(fives).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Ann K.', 'Bob L.']));
    expect(within(filter).getByRole('button', { name: '5 stars (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls(REVIEWS_ROUTE).map((call) => call.url.searchParams.get('stars'))).toEqual([null, '5']);

    await user.click(within(filter).getByRole('button', { name: 'All (3)' }));
    expect(await screen.findByRole('list', { name: 'Reviews' })).toBeInTheDocument();
  });

  it('adds the next page under the reviews shown with "More reviews", the keyboard going on at its first review', async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) => makePublicReview({ reviewerName: `Reviewer ${index + 1}` }));
    const secondPage = [makePublicReview({ reviewerName: 'Reviewer 11' }), makePublicReview({ reviewerName: 'Reviewer 12' })];
    const api = serveReviews((url) =>
      url.searchParams.get('page') === '1' ? makeTradeReviews(secondPage, { page: 1, total: 12 }) : makeTradeReviews(firstPage, { total: 12 }),
    );
    const { user } = openSection();

    await reviewsRegion();
    expect(reviewArticles()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'More reviews' }));

    await waitFor(() => expect(reviewArticles()).toHaveLength(12));
    expect(reviewArticles().at(-1)).toHaveTextContent('Reviewer 12');
    expect(reviewArticles()[10]).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'More reviews' })).not.toBeInTheDocument();
    expect(api.calls(REVIEWS_ROUTE).map((call) => [call.url.searchParams.get('page'), call.url.searchParams.get('size')])).toEqual([
      ['0', '10'],
      ['1', '10'],
    ]);
  });

  it.each([
    [1, '1 review is waiting for a moderator'],
    [3, '3 reviews are waiting for a moderator'],
  ])('says openly how many reviews wait for a moderator (%i)', async (waitingCount, text) => {
    serveReviews(makeTradeReviews([makePublicReview()], { waitingCount }));
    openSection();

    await reviewsRegion();
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('says nothing of waiting reviews when none waits', async () => {
    serveReviews(makeTradeReviews([makePublicReview()]));
    openSection();

    await reviewsRegion();
    expect(screen.queryByText(/waiting for a moderator/)).not.toBeInTheDocument();
  });

  it('leaves a note for each removed review, with the day and the reason', async () => {
    serveReviews(
      makeTradeReviews([makePublicReview()], {
        removalNotes: [
          { removedAt: '2026-11-03T02:00:00.000Z', reason: 'It named a person who was not part of the work' },
          { removedAt: '2026-10-21T23:30:00.000Z', reason: 'Written by a competitor' },
        ],
      }),
    );
    openSection();

    await reviewsRegion();
    const notes = screen.getByRole('list', { name: 'Removed reviews' });
    expect(within(notes).getAllByRole('listitem').map((note) => note.textContent)).toEqual([
      'A review was removed on 3 November 2026: It named a person who was not part of the work',
      'A review was removed on 22 October 2026: Written by a competitor',
    ]);
  });

  it('shows the notice of a business found gathering fake reviews, and no notice otherwise', async () => {
    serveReviews(
      makeTradeReviews([makePublicReview()], {
        notice: { startedAt: '2026-11-03T02:00:00.000Z', endsAt: '2027-02-01T02:00:00.000Z', reason: 'Twelve reviews came from one network in a day.' },
      }),
    );
    openSection();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This business was found gathering fake reviews on 3 November 2026: Twelve reviews came from one network in a day. Read its reviews with care.',
    );
  });

  it('shows no notice for a business without one', async () => {
    serveReviews(makeTradeReviews([makePublicReview()]));
    openSection();

    await reviewsRegion();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when a business has no review yet', async () => {
    serveReviews(makeTradeReviews([]));
    openSection();

    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Show reviews with' })).not.toBeInTheDocument();
  });

  it("shows the server's message and tries again on request when the reviews cannot be loaded", async () => {
    let failing = true;
    serveApi({
      [REVIEWS_ROUTE]: () => (failing ? { status: 503, message: 'The service is busy. Please try again.' } : { data: makeTradeReviews([makePublicReview()]) }),
    });
    const { user } = openSection();

    expect(await screen.findByText('The service is busy. Please try again.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Reviews' })).toBeInTheDocument();
  });
});

describe('reporting a review', () => {
  beforeEach(() => setLoggedIn(false));

  function serveOneReview(routes: Record<string, Route> = {}) {
    return serveApi({
      [REVIEWS_ROUTE]: { data: makeTradeReviews([makePublicReview({ id: 'review-1', reviewerName: 'Mary V.' })]) },
      'GET /api/enquiries/challenge': { data: { challenge: makeChallenge('first') } },
      'POST /api/reviews/review-1/reports': { status: 201, message: MESSAGES.reviewReported, data: {} },
      ...routes,
    });
  }

  async function openDialog(user: ReturnType<typeof openSection>['user']) {
    await reviewsRegion();
    await user.click(screen.getByRole('button', { name: 'Report the review by Mary V.' }));
    return screen.findByRole('dialog', { name: 'Report the review by Mary V.' });
  }

  it('asks for a reason before sending the report', async () => {
    const api = serveOneReview();
    const { user } = openSection();

    const dialog = await openDialog(user);
    expect(within(dialog).getByLabelText('Why do you report this review?')).toHaveFocus();
    await within(dialog).findByText('Robot check ready');
    await user.click(within(dialog).getByRole('button', { name: 'Report the review' }));

    expect(await within(dialog).findByText(MESSAGES.reviewReportReasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Why do you report this review?')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /api/reviews/review-1/reports')).toEqual([]);
  });

  it('closes with Escape, sending nothing, the keyboard back on "Report"', async () => {
    const api = serveOneReview();
    const { user } = openSection();
    await reviewsRegion();
    const report = screen.getByRole('button', { name: 'Report the review by Mary V.' });

    report.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Report the review by Mary V.' });
    await user.keyboard('Not true{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(report).toHaveFocus();
    expect(api.calls('POST /api/reviews/review-1/reports')).toEqual([]);
  });

  it("sends a visitor's reason with the solved challenge, asked only once the dialog opens, and thanks them", async () => {
    const api = serveOneReview();
    const { user } = openSection();
    await reviewsRegion();
    expect(api.requests()).not.toContain('GET /api/enquiries/challenge');

    const dialog = await openDialog(user);
    await within(dialog).findByText('Robot check ready');
    await user.type(within(dialog).getByLabelText('Why do you report this review?'), 'This person never hired the business.');
    await user.click(within(dialog).getByRole('button', { name: 'Report the review' }));

    expect(await screen.findByText(MESSAGES.reviewReported)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/reviews/review-1/reports').map((call) => call.body)).toEqual([
      { reason: 'This person never hired the business.', proofOfWork: 'proof-of-first' },
    ]);
  });

  it("shows the server's refusal, and answers the next try with a new challenge", async () => {
    let challenges = 0;
    let reports = 0;
    const api = serveOneReview({
      'GET /api/enquiries/challenge': () => ({ data: { challenge: makeChallenge(`challenge-${++challenges}`) } }),
      'POST /api/reviews/review-1/reports': () =>
        ++reports === 1
          ? { status: 400, message: MESSAGES.proofOfWorkUsed, data: { errors: [{ field: 'proofOfWork', message: MESSAGES.proofOfWorkUsed }] } }
          : { status: 201, message: MESSAGES.reviewReported, data: {} },
    });
    const { user } = openSection();

    const dialog = await openDialog(user);
    await within(dialog).findByText('Robot check ready');
    await user.type(within(dialog).getByLabelText('Why do you report this review?'), 'Written by the owner.');
    await user.click(within(dialog).getByRole('button', { name: 'Report the review' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.proofOfWorkUsed);
    await vi.waitFor(() => expect(challenges).toBe(2));
    await user.click(within(dialog).getByRole('button', { name: 'Report the review' }));

    expect(await screen.findByText(MESSAGES.reviewReported)).toBeInTheDocument();
    expect(api.calls('POST /api/reviews/review-1/reports').map((call) => (call.body as { proofOfWork: string }).proofOfWork)).toEqual([
      'proof-of-challenge-1',
      'proof-of-challenge-2',
    ]);
  });

  it("sends a logged-in user's report without the robot check", async () => {
    setLoggedIn(true);
    const api = serveOneReview();
    const { user } = openSection();

    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Why do you report this review?'), 'Advertises another business.');
    await user.click(within(dialog).getByRole('button', { name: 'Report the review' }));

    expect(await screen.findByText(MESSAGES.reviewReported)).toBeInTheDocument();
    expect(api.requests()).not.toContain('GET /api/enquiries/challenge');
    expect(api.calls('POST /api/reviews/review-1/reports').map((call) => call.body)).toEqual([{ reason: 'Advertises another business.' }]);
  });
});
