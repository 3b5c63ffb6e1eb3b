import { MESSAGES } from '@churchtrades/shared/messages';
import { REVIEW_FLAG_TEXTS, REVIEW_HOLD_REASON_TEXTS } from '@churchtrades/shared/reviews';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/user-factory';
import { makeModeratedReview, ReviewModerationDesk } from '../testing/moderated-review-factory';
import { makeModerationPage } from '../testing/moderation-factory';
import { renderModeration } from '../testing/render-moderation';

function detailOf(article: HTMLElement, term: string): HTMLElement {
  const value = within(article).getByText(term, { selector: 'dt' }).nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No value for ${term}`);
  return value;
}

function buttonNames(article: HTMLElement): string[] {
  return within(article)
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');
}

function renderDesk(desk: ReviewModerationDesk, options: Parameters<typeof renderModeration>[1] = {}) {
  return renderModeration('/moderation/reviews', { routes: desk.routes(), ...options });
}

describe('ReviewModerationPage', () => {
  it("shows each review with its business, church, reviewer, stars, text, status, reasons (the owner's network too), flags, and reports with their counts", async () => {
    const review = makeModeratedReview({
      tradeName: 'Citizen Carpentry',
      churchName: "St John's Bankstown",
      reviewerName: 'Tom L.',
      stars: 2,
      relation: 'SAME_CHURCH',
      sameChurch: true,
      editedAt: '2025-03-21T09:00:00.000Z',
      status: 'HELD',
      holdReasons: ['LINK', 'CONTACT_DETAILS', 'OWNER_NETWORK'],
      flags: ['SAME_NETWORK', 'NEW_ACCOUNT'],
      churchHoldUntil: '2025-03-23T10:00:00.000Z',
      body: 'Call 0400 000 000 or see https://cheaper.example',
      openReports: [
        { id: 'r1', reason: 'Advertises another business', reportedAt: '2025-03-21T10:00:00.000Z', timesReported: 1 },
        { id: 'r2', reason: 'Spam', reportedAt: '2025-03-22T11:00:00.000Z', timesReported: 20 },
      ],
    });
    renderDesk(new ReviewModerationDesk([review]));

    const card = await screen.findByRole('article', { name: "Tom L.'s review of Citizen Carpentry" });
    expect(screen.getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Enquiry reports' })).toHaveAttribute('href', '/moderation/enquiries');
    expect(within(detailOf(card, 'Business')).getByRole('link', { name: 'Citizen Carpentry' })).toHaveAttribute(
      'href',
      `/business/${review.tradeId}/citizen-carpentry`,
    );
    expect(detailOf(card, 'Church')).toHaveTextContent("St John's Bankstown");
    expect(detailOf(card, 'Reviewer')).toHaveTextContent('Tom L. · Customer Same church Edited');
    expect(within(detailOf(card, 'Stars')).getByRole('img', { name: '2 out of 5 stars' })).toBeInTheDocument();
    expect(detailOf(card, 'Written')).toHaveTextContent(/2025.*, edited .*2025/);
    expect(detailOf(card, 'Status')).toHaveTextContent(/^Held by a moderator of the business's church until .*2025/);
    expect(within(detailOf(card, 'Status')).getByText(/2025/)).toHaveAttribute('datetime', '2025-03-23T10:00:00.000Z');
    expect(within(detailOf(card, 'Held because')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      REVIEW_HOLD_REASON_TEXTS.LINK,
      REVIEW_HOLD_REASON_TEXTS.CONTACT_DETAILS,
      "Written from a network the business's owner logged in from in the last 30 days",
    ]);
    const flags = within(card).getByRole('heading', { name: 'Flagged Signs of manipulation' }).parentElement as HTMLElement;
    expect(within(flags).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      REVIEW_FLAG_TEXTS.SAME_NETWORK,
      REVIEW_FLAG_TEXTS.NEW_ACCOUNT,
    ]);
    expect(card).toHaveTextContent('Call 0400 000 000 or see https://cheaper.example');
    expect(within(card).queryByRole('link', { name: /cheaper/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Open reports 21' })).toBeInTheDocument();
    expect(card).toHaveTextContent('21 reports from 2 reporters');
    const reports = within(card).getByText('Spam').closest('ol') as HTMLElement;
    expect(within(reports).getAllByRole('listitem')[0]).toHaveTextContent(/2025.*: Advertises another business$/);
    expect(within(reports).getAllByRole('listitem')[1]).toHaveTextContent(/2025.*: Spam \(made 20 times\)$/);
  });

  it('offers each review only the actions the server allows the caller', async () => {
    const decidable = makeModeratedReview({ reviewerName: 'Ann N.', mayDecide: true, mayHold: false });
    const holdable = makeModeratedReview({ reviewerName: 'Bob O.', mayDecide: false, mayHold: true });
    const conflicted = makeModeratedReview({ reviewerName: 'Cat P.', mayDecide: false, mayHold: false });
    const noticed = makeModeratedReview({
      reviewerName: 'Dan Q.',
      tradeNoticeUntil: '2025-06-19T10:00:00.000Z',
    });
    renderDesk(new ReviewModerationDesk([decidable, holdable, conflicted, noticed]));

    const ann = await screen.findByRole('article', { name: "Ann N.'s review of Smith Plumbing" });
    expect(buttonNames(ann)).toEqual(['Remove', 'Keep published', 'Show fake-review notice']);
    const bob = screen.getByRole('article', { name: "Bob O.'s review of Smith Plumbing" });
    expect(buttonNames(bob)).toEqual(['Hold for 48 hours']);
    const cat = screen.getByRole('article', { name: "Cat P.'s review of Smith Plumbing" });
    expect(buttonNames(cat)).toEqual([]);
    expect(within(cat).getByText(MESSAGES.reviewConflictOfInterest)).toBeInTheDocument();
    expect(within(ann).queryByText(MESSAGES.reviewConflictOfInterest)).not.toBeInTheDocument();
    const dan = screen.getByRole('article', { name: "Dan Q.'s review of Smith Plumbing" });
    expect(buttonNames(dan)).toEqual(['Remove', 'Keep published']);
    expect(detailOf(dan, 'Notice')).toHaveTextContent(/^The business shows the fake-review notice until .*2025$/);
  });

  it('removes a review only with a public reason of 5 to 300 characters, and posts that reason', async () => {
    const review = makeModeratedReview({ reviewerName: 'Tom L.' });
    const { user, server } = renderDesk(new ReviewModerationDesk([review]));

    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: "Remove Tom L.'s review of Smith Plumbing?" });
    expect(dialog).toHaveTextContent('The reason is shown publicly.');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason, shown publicly' });
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('maxlength', '300');
    expect(reason).toHaveAccessibleDescription('5 to 300 characters, in words every visitor may read.');

    await user.click(within(dialog).getByRole('button', { name: 'Remove review' }));
    expect(await within(dialog).findByText(MESSAGES.removalReasonRequired)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await user.type(reason, 'Rude');
    await user.click(within(dialog).getByRole('button', { name: 'Remove review' }));
    expect(await within(dialog).findByText(MESSAGES.removalReasonRequired)).toBeInTheDocument();
    expect(server.calls('POST /api/moderation/reviews/:id/remove')).toHaveLength(0);

    await user.type(reason, ' and untrue about a named worker');
    await user.click(within(dialog).getByRole('button', { name: 'Remove review' }));

    expect(await screen.findByText(MESSAGES.reviewRemoved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST /api/moderation/reviews/:id/remove').map((call) => [call.url.pathname, call.body])).toEqual([
      [`/api/moderation/reviews/${review.id}/remove`, { reason: 'Rude and untrue about a named worker' }],
    ]);
    expect(await screen.findByText('No review is reported, held or flagged.')).toBeInTheDocument();
    // The dialog leaves the accessibility tree when it starts to fold away; focus moves once it has gone.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Reviews' })).toHaveFocus());
  });

  it('closes the reason dialog on Escape without deciding, the focus back on its button', async () => {
    const { user, server } = renderDesk(new ReviewModerationDesk([makeModeratedReview()]));

    const remove = within(await screen.findByRole('article')).getByRole('button', { name: 'Remove' });
    await user.click(remove);
    await user.type(await screen.findByRole('textbox', { name: 'Reason, shown publicly' }), 'Half a reason');
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(remove).toHaveFocus());
    expect(server.calls('POST /api/moderation/reviews/:id/remove')).toHaveLength(0);
    await user.click(remove);
    expect(await screen.findByRole('textbox', { name: 'Reason, shown publicly' })).toHaveValue('');
  });

  it("shows the server's refusal of a removal in the dialog", async () => {
    const desk = new ReviewModerationDesk([makeModeratedReview()]);
    const { user } = renderDesk(desk, {
      routes: desk.routes({
        'POST /api/moderation/reviews/:id/remove': { status: 409, message: MESSAGES.reviewAlreadyRemoved },
      }),
    });

    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Untrue about a named worker');
    await user.click(within(dialog).getByRole('button', { name: 'Remove review' }));

    expect(await within(dialog).findByText(MESSAGES.reviewAlreadyRemoved)).toBeInTheDocument();
  });

  it('keeps a review published, which leaves the list', async () => {
    const review = makeModeratedReview();
    const { user, server } = renderDesk(new ReviewModerationDesk([review]));

    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Keep published' }));

    expect(await screen.findByText(MESSAGES.reviewKept)).toBeInTheDocument();
    expect(await screen.findByText('No review is reported, held or flagged.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reviews' })).toHaveFocus();
    expect(server.calls('POST /api/moderation/reviews/:id/keep')[0]?.url.pathname).toBe(
      `/api/moderation/reviews/${review.id}/keep`,
    );
  });

  it("holds a review of the moderator's own church for 48 hours, which then shows until when", async () => {
    const review = makeModeratedReview({ mayDecide: false, mayHold: true });
    const { user, server } = renderDesk(new ReviewModerationDesk([review]));

    await user.click(within(await screen.findByRole('article')).getByRole('button', { name: 'Hold for 48 hours' }));

    expect(await screen.findByText(MESSAGES.reviewChurchHeld)).toBeInTheDocument();
    const card = screen.getByRole('article');
    await waitFor(() => expect(detailOf(card, 'Status')).toHaveTextContent(/^Held by a moderator of the business's church until/));
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).getByText(MESSAGES.reviewConflictOfInterest)).toBeInTheDocument();
    expect(server.calls('POST /api/moderation/reviews/:id/hold')[0]?.url.pathname).toBe(
      `/api/moderation/reviews/${review.id}/hold`,
    );
  });

  it("shows the business's fake-review notice with a reason, after which the notice's end shows instead", async () => {
    const review = makeModeratedReview({ tradeName: 'Citizen Carpentry', flags: ['SAME_TEXT'] });
    const { user, server } = renderDesk(new ReviewModerationDesk([review]));

    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Show fake-review notice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Show the fake-review notice on Citizen Carpentry?' });
    expect(dialog).toHaveTextContent('For 90 days the business page tells visitors');
    await user.click(within(dialog).getByRole('button', { name: 'Show notice' }));
    expect(await within(dialog).findByText(MESSAGES.removalReasonRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason, shown publicly' }), 'Five reviews with one text');
    await user.click(within(dialog).getByRole('button', { name: 'Show notice' }));

    expect(await screen.findByText(MESSAGES.reviewNoticeSet)).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Show fake-review notice' })).not.toBeInTheDocument());
    expect(detailOf(card, 'Notice')).toHaveTextContent(/until .*2025/);
    expect(server.calls('POST /api/moderation/trades/:tradeId/reviewNotice').map((call) => [call.url.pathname, call.body])).toEqual([
      [`/api/moderation/trades/${review.tradeId}/reviewNotice`, { reason: 'Five reviews with one text' }],
    ]);
  });

  it('says so when no review waits', async () => {
    renderDesk(new ReviewModerationDesk([]));

    expect(await screen.findByText('No review is reported, held or flagged.')).toBeInTheDocument();
  });

  it("opens from the moderation lists' tab", async () => {
    const desk = new ReviewModerationDesk([makeModeratedReview({ reviewerName: 'Tom L.' })]);
    const { user, router } = renderModeration('/moderation', {
      routes: desk.routes({ 'GET /api/moderation/queue': { data: { trades: makeModerationPage([]), churches: [] } } }),
    });

    await user.click(await screen.findByRole('link', { name: 'Reviews' }));

    expect(await screen.findByRole('article', { name: "Tom L.'s review of Smith Plumbing" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/moderation/reviews');
  });

  it('tells a priest that the page is not theirs', async () => {
    renderModeration('/moderation/reviews', { user: makeUser({ role: 'PRIEST' }) });

    expect(await screen.findByText(MESSAGES.forbidden)).toBeInTheDocument();
  });
});
