import { MESSAGES } from '@churchtrades/shared/messages';
import type { PublicReview } from '@churchtrades/shared/reviews';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePublicReview } from '../../../testing/review-factory';
import { makeUser } from '../../../testing/user-factory';
import { renderTrade } from '../testing/render-trade';
import { ReceivedReviews } from '../testing/received-reviews';
import { makeOwnTrade } from '../testing/trade-dashboard-factory';

function renderReviews(reviews: PublicReview[], { user = makeUser(), path = '/trade/reviews' } = {}) {
  const received = new ReceivedReviews(reviews);
  const trade = makeOwnTrade(user, { name: 'Smith Plumbing' });
  return { received, trade, ...renderTrade(path, { user, trade, routes: received.routes() }) };
}

function reviewBy(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('ReviewsPage', () => {
  it("lists the business's reviews with their stars, date, relation and tags, newest first as the server sends them", async () => {
    const newest = makePublicReview({
      reviewerName: 'Mary B.',
      stars: 4,
      writtenAt: '2025-03-20T09:30:00.000Z',
      relation: 'SAME_CHURCH',
      sameChurch: true,
      editedAt: '2025-03-21T10:00:00.000Z',
      workSuburb: 'Parramatta',
      workMonth: '2025-02',
    });
    const older = makePublicReview({
      reviewerName: 'Tom L.',
      stars: 2,
      relation: 'FRIEND',
      writtenAt: '2025-01-05T09:30:00.000Z',
      body: 'Came a day late, but the job was done well in the end.',
    });
    const { server, trade } = renderReviews([newest, older]);

    const list = await screen.findByRole('list', { name: 'Reviews of your business' });
    expect(within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Mary B.',
      'Tom L.',
    ]);
    const mary = reviewBy('Mary B.');
    expect(within(mary).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(within(mary).getByText(/2025/, { selector: 'time' })).toHaveAttribute('datetime', '2025-03-20T09:30:00.000Z');
    expect(within(mary).getByText('Customer')).toBeInTheDocument();
    expect(within(mary).getByText('Same church')).toBeInTheDocument();
    expect(within(mary).getByText('Edited')).toBeInTheDocument();
    expect(within(mary).getByText('Work done in Parramatta, February 2025')).toBeInTheDocument();
    expect(mary).toHaveTextContent(newest.body);

    const tom = reviewBy('Tom L.');
    expect(within(tom).getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    expect(within(tom).getByText('Customer and friend of the owner')).toBeInTheDocument();
    expect(within(tom).queryByText('Same church')).not.toBeInTheDocument();
    expect(within(tom).queryByText('Edited')).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'See them on your business page' })).toHaveAttribute(
      'href',
      `/business/${trade.id}/smith-plumbing#reviews`,
    );
    await waitFor(() => expect(document.title).toBe('Reviews · My Business · ChurchTrades'));
    const asked = server.calls('GET /api/reviews/received')[0]?.url.searchParams;
    expect(Object.fromEntries(asked ?? [])).toEqual({ page: '0', size: '20' });
  });

  it('shows an answered review with its answer and no form, and an unanswered one with the form and its warning', async () => {
    const answered = makePublicReview({
      reviewerName: 'Mary B.',
      ownerAnswer: 'Thank you, Mary: glad the hot water is back.',
      ownerAnsweredAt: '2025-03-22T08:00:00.000Z',
    });
    const waiting = makePublicReview({ reviewerName: 'Tom L.' });
    renderReviews([answered, waiting]);

    const mary = await screen.findByRole('article', { name: 'Mary B.' });
    expect(within(mary).getByText('Thank you, Mary: glad the hot water is back.')).toBeInTheDocument();
    expect(within(mary).queryByRole('textbox')).not.toBeInTheDocument();

    const answer = within(reviewBy('Tom L.')).getByRole('textbox', { name: 'Answer publicly' });
    expect(answer).toHaveAccessibleDescription(
      "Your answer is public: it shows beside Tom L.'s review on your business page. You can answer once, and cannot change the answer afterwards. At most 1,000 characters.",
    );
    expect(answer).toHaveAttribute('maxlength', '1000');
  });

  it('publishes an answer once, trimmed: the form gives way to the answer, which takes the focus', async () => {
    const review = makePublicReview({ reviewerName: 'Tom L.' });
    const { user, server } = renderReviews([review]);

    const article = await screen.findByRole('article', { name: 'Tom L.' });
    await user.type(within(article).getByRole('textbox', { name: 'Answer publicly' }), '  Thanks Tom, see you next time.  ');
    await user.click(within(article).getByRole('button', { name: 'Publish answer' }));

    expect(await screen.findByText(MESSAGES.ownerAnswerSent)).toBeInTheDocument();
    const answer = await within(article).findByText('Thanks Tom, see you next time.');
    expect(within(article).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Publish answer' })).not.toBeInTheDocument();
    await waitFor(() => expect(answer.parentElement).toHaveFocus());
    expect(server.calls('POST /api/reviews/:id/answer').map((call) => [call.url.pathname, call.body])).toEqual([
      [`/api/reviews/${review.id}/answer`, { body: 'Thanks Tom, see you next time.' }],
    ]);
    // The answer came with the server's reply: the page was not asked again.
    expect(server.calls('GET /api/reviews/received')).toHaveLength(1);
  });

  it('asks for an answer before sending one', async () => {
    const { user, server } = renderReviews([makePublicReview({ reviewerName: 'Tom L.' })]);

    const article = await screen.findByRole('article', { name: 'Tom L.' });
    await user.click(within(article).getByRole('button', { name: 'Publish answer' }));

    const answer = within(article).getByRole('textbox', { name: 'Answer publicly' });
    expect(await within(article).findByText(MESSAGES.ownerAnswerRequired)).toBeInTheDocument();
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('POST /api/reviews/:id/answer')).toHaveLength(0);
  });

  it("shows the server's refusal of a second answer, and the answer given meanwhile elsewhere", async () => {
    const review = makePublicReview({ reviewerName: 'Tom L.' });
    const { user, received } = renderReviews([review]);

    const article = await screen.findByRole('article', { name: 'Tom L.' });
    // Answered from another device while this page was open.
    received.reviews = [{ ...review, ownerAnswer: 'Answered from my phone.', ownerAnsweredAt: '2025-03-22T07:00:00.000Z' }];
    await user.type(within(article).getByRole('textbox', { name: 'Answer publicly' }), 'Thanks Tom.');
    await user.click(within(article).getByRole('button', { name: 'Publish answer' }));

    expect(await within(article).findByText(MESSAGES.ownerAnswerGiven)).toBeInTheDocument();
    expect(await within(article).findByText('Answered from my phone.')).toBeInTheDocument();
    expect(within(article).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(article).getByText(MESSAGES.ownerAnswerGiven)).toBeInTheDocument();
  });

  it('shows a read-only user the reviews and answers, with no form to answer', async () => {
    const answered = makePublicReview({ reviewerName: 'Mary B.', ownerAnswer: 'Thank you, Mary.' });
    const waiting = makePublicReview({ reviewerName: 'Tom L.' });
    renderReviews([answered, waiting], { user: makeUser({ role: 'USER' }) });

    expect(await screen.findByRole('article', { name: 'Tom L.' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.readOnlyAccount)).toBeInTheDocument();
    expect(within(reviewBy('Mary B.')).getByText('Thank you, Mary.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish answer' })).not.toBeInTheDocument();
  });

  it('says in words when there is no review yet', async () => {
    renderReviews([]);

    expect(
      await screen.findByText(
        'No reviews yet. People who asked your business through ChurchTrades and were answered are invited to review it 14 days after your first answer.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Reviews of your business' })).not.toBeInTheDocument();
  });

  it('pages through many reviews, the page in the URL', async () => {
    const many = Array.from({ length: 25 }, (_, index) => makePublicReview({ reviewerName: `Reviewer ${index + 1}` }));
    const { user, server, router } = renderReviews(many);

    await screen.findByRole('article', { name: 'Reviewer 1' });
    await user.click(within(screen.getByRole('navigation', { name: 'Review pages' })).getByRole('link', { name: 'Page 2' }));

    expect(await screen.findByRole('article', { name: 'Reviewer 21' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Reviewer 1' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=1');
    expect(server.calls('GET /api/reviews/received').at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it("opens from the business pages' links", async () => {
    const { user, router } = renderReviews([makePublicReview({ reviewerName: 'Mary B.' })], { path: '/trade/profile' });

    await user.click(await screen.findByRole('link', { name: 'Reviews' }));

    expect(await screen.findByRole('article', { name: 'Mary B.' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/trade/reviews');
  });
});
