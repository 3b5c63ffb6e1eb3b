import { MESSAGES } from '@churchtrades/shared/messages';
import { REVIEW_HOLD_REASON_TEXTS, REVIEW_RELATION_LABELS } from '@churchtrades/shared/reviews';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { setLoggedIn } from '../../../lib/session';
import { type Route, serveApi } from '../../../testing/api-server';
import { hiddenHoneypot } from '../../../testing/honeypot';
import { LocationProbe, renderRoutes } from '../../../testing/render-routes';
import { makeEligibility, makeOwnReview } from '../../../testing/review-factory';
import { WriteReviewPage } from './write-review-page';

const ENQUIRY_ID = '00000000-0000-4000-b000-000000000001';
const REVIEW_TEXT = 'Fixed the tap on time.';

function openPage(href: string) {
  return renderRoutes(
    [
      { path: paths.reviewWrite.path, element: <WriteReviewPage /> },
      { path: paths.login.path, element: <LocationProbe name="Login" /> },
      { path: paths.business.path, element: <LocationProbe name="Business" /> },
    ],
    { initialEntries: [href] },
  );
}

function serveEligibility(eligibility: Route, more: Record<string, Route> = {}) {
  return serveApi({ 'GET /api/reviews/eligibility': eligibility, ...more });
}

const eligible = { data: { eligibility: makeEligibility() } };

/** Fills the form as a keyboard user would where jsdom lets them (a month field takes no typing there). */
async function fillReview(user: ReturnType<typeof openPage>['user']) {
  await user.click(await screen.findByRole('radio', { name: REVIEW_RELATION_LABELS.SAME_CHURCH }));
  await user.click(screen.getByRole('radio', { name: '4 stars' }));
  await user.type(screen.getByLabelText('Your review'), REVIEW_TEXT);
  await user.type(screen.getByLabelText('Work done in (suburb, optional)'), 'Balmain');
  fireEvent.change(screen.getByLabelText('Month of the work (optional)'), { target: { value: '2026-10' } });
}

describe('the review page: who may write', () => {
  it('names the page and asks whether the person may review, with the token of their link', async () => {
    const api = serveEligibility(eligible);
    openPage(paths.reviewWrite.getHref({ token: 'token-7' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Review Harbour City Plumbing' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Review Harbour City Plumbing · ChurchTrades'));
    expect(api.calls('GET /api/reviews/eligibility').map((call) => Object.fromEntries(call.url.searchParams))).toEqual([{ token: 'token-7' }]);
    expect(document.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  });

  it('asks with the enquiry for a logged-in sender', async () => {
    setLoggedIn(true);
    const api = serveEligibility(eligible);
    openPage(paths.reviewWrite.getHref({ enquiryId: ENQUIRY_ID }));

    expect(await screen.findByRole('radiogroup', { name: 'Your stars' })).toBeInTheDocument();
    expect(api.calls('GET /api/reviews/eligibility').map((call) => Object.fromEntries(call.url.searchParams))).toEqual([{ enquiryId: ENQUIRY_ID }]);
  });

  it('sends a sender who is not logged in to log in first, and back here afterwards', async () => {
    const api = serveEligibility(eligible);
    const { router } = openPage(paths.reviewWrite.getHref({ enquiryId: ENQUIRY_ID }));

    expect(await screen.findByText('Login at /login')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: { pathname: '/reviews/write', search: `?enquiry=${ENQUIRY_ID}`, hash: '' } });
    expect(api.calls('GET /api/reviews/eligibility')).toEqual([]);
  });

  it('says how to come here when the address holds neither an enquiry nor a token', async () => {
    serveApi({});
    openPage('/reviews/write');

    expect(await screen.findByText(MESSAGES.reviewProofRequired)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Write a review' })).toBeInTheDocument();
  });

  it('says from which day the person may review a business that answered less than 7 days ago', async () => {
    serveEligibility({ data: { eligibility: makeEligibility({ state: 'TOO_SOON', eligibleFrom: '2026-11-10T03:00:00.000Z' }) } });
    openPage(paths.reviewWrite.getHref({ token: 'token-7' }));

    expect(await screen.findByText('You can review Harbour City Plumbing from 10 November 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Your review')).not.toBeInTheDocument();
  });

  it.each([
    ['NOT_ANSWERED', MESSAGES.reviewNotAnswered],
    ['OWN_BUSINESS', MESSAGES.reviewOwnBusiness],
  ] as const)('says why no review may be written when the eligibility is %s', async (state, text) => {
    serveEligibility({ data: { eligibility: makeEligibility({ state }) } });
    openPage(paths.reviewWrite.getHref({ token: 'token-7' }));

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your review')).not.toBeInTheDocument();
  });

  it("shows the server's message for a link that opens nothing", async () => {
    serveEligibility({ status: 404, message: MESSAGES.enquiryLinkInvalid });
    openPage(paths.reviewWrite.getHref({ token: 'old-token' }));

    expect(await screen.findByText(MESSAGES.enquiryLinkInvalid)).toBeInTheDocument();
  });
});

describe('writing a review', () => {
  it('sends the review with the link token and says it is published, with a link to the business page', async () => {
    const review = makeOwnReview({ relation: 'SAME_CHURCH', body: REVIEW_TEXT, workSuburb: 'Balmain', workMonth: '2026-10' });
    const api = serveEligibility(eligible, {
      'POST /api/reviews': { status: 201, message: MESSAGES.reviewPublished, data: { review } },
    });
    const { user } = openPage(paths.reviewWrite.getHref({ token: 'token-7' }));

    await fillReview(user);
    expect(hiddenHoneypot()).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Publish the review' }));

    const thanks = await screen.findByText(MESSAGES.reviewPublished);
    expect(thanks.closest('.alert')).toHaveFocus();
    const businessLink = within(thanks.closest('.alert') as HTMLElement).getByRole('link', { name: "Harbour City Plumbing's page" });
    expect(businessLink).toHaveAttribute('href', paths.business.getHref(review.tradeId, 'Harbour City Plumbing'));
    expect(api.calls('POST /api/reviews').map((call) => call.body)).toEqual([
      { token: 'token-7', relation: 'SAME_CHURCH', stars: 4, body: REVIEW_TEXT, workSuburb: 'Balmain', workMonth: '2026-10' },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Your review of Harbour City Plumbing' })).toBeInTheDocument();
    expect(screen.getByText(/Published:/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your review')).not.toBeInTheDocument();
  });

  it('sends a logged-in sender’s review with the enquiry, leaving out what was not filled in', async () => {
    setLoggedIn(true);
    const api = serveEligibility(eligible, {
      'POST /api/reviews': { status: 201, message: MESSAGES.reviewPublished, data: { review: makeOwnReview() } },
    });
    const { user } = openPage(paths.reviewWrite.getHref({ enquiryId: ENQUIRY_ID }));

    await user.click(await screen.findByRole('radio', { name: REVIEW_RELATION_LABELS.CUSTOMER }));
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByLabelText('Your review'), REVIEW_TEXT);
    await user.click(screen.getByRole('button', { name: 'Publish the review' }));

    expect(await screen.findByText(MESSAGES.reviewPublished)).toBeInTheDocument();
    expect(api.calls('POST /api/reviews').map((call) => call.body)).toEqual([
      { enquiryId: ENQUIRY_ID, relation: 'CUSTOMER', stars: 5, body: REVIEW_TEXT },
    ]);
  });

  it('says a held review waits for a moderator, and why', async () => {
    const review = makeOwnReview({ status: 'HELD', holdReasons: ['LINK', 'CONTACT_DETAILS'] });
    serveEligibility(eligible, { 'POST /api/reviews': { status: 201, message: MESSAGES.reviewHeld, data: { review } } });
    const { user } = openPage(paths.reviewWrite.getHref({ token: 'token-7' }));

    await fillReview(user);
    await user.click(screen.getByRole('button', { name: 'Publish the review' }));

    expect(await screen.findByText(MESSAGES.reviewHeld)).toBeInTheDocument();
    expect(screen.getByText(/Waiting for a moderator:/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Why it waits' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      REVIEW_HOLD_REASON_TEXTS.LINK,
      REVIEW_HOLD_REASON_TEXTS.CONTACT_DETAILS,
    ]);
  });

  it.each(['FAMILY', 'EMPLOYEE'] as const)('refuses a review from %s at once, saying why, and sends nothing', async (relation) => {
    const api = serveEligibility(eligible, { 'POST /api/reviews': { status: 201, data: { review: makeOwnReview() } } });
    const { user } = openPage(paths.reviewWrite.getHref({ token: 'token-7' }));

    await user.click(await screen.findByRole('radio', { name: REVIEW_RELATION_LABELS[relation] }));

    expect(screen.getByText(MESSAGES.reviewRelationRefused)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'How do you know this business?' })).toHaveAccessibleDescription(MESSAGES.reviewRelationRefused);
    expect(screen.getByRole('button', { name: 'Publish the review' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: REVIEW_RELATION_LABELS.CUSTOMER }));
    expect(screen.queryByText(MESSAGES.reviewRelationRefused)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish the review' })).toBeEnabled();
    expect(api.calls('POST /api/reviews')).toEqual([]);
  });

  it('chooses the stars with the keyboard, as a radio group', async () => {
    serveEligibility(eligible);
    const { user } = openPage(paths.reviewWrite.getHref({ token: 'token-7' }));
    const stars = await screen.findByRole('radiogroup', { name: 'Your stars' });
    await user.click(screen.getByRole('radio', { name: REVIEW_RELATION_LABELS.CUSTOMER }));

    // Tab leaves a radio group, as browsers do: from the relation chosen to the stars.
    await user.tab();
    expect(within(stars).getByRole('radio', { name: '1 star' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');

    expect(within(stars).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(stars).getByRole('radio', { name: '4 stars' })).toHaveFocus();
    expect(stars).toHaveTextContent('4 out of 5');
    await user.keyboard('{ArrowLeft}');
    expect(within(stars).getByRole('radio', { name: '3 stars' })).toBeChecked();
    await user.tab();
    expect(screen.getByLabelText('Your review')).toHaveFocus();
  });

  it('asks for the stars, the relation and enough words before sending', async () => {
    const api = serveEligibility(eligible);
    const { user } = openPage(paths.reviewWrite.getHref({ token: 'token-7' }));

    await user.type(await screen.findByLabelText('Your review'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Publish the review' }));

    expect(await screen.findByText(MESSAGES.reviewRelationRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.reviewStarsRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Your review')).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.reviewBodyTooShort));
    expect(screen.getByRole('radiogroup', { name: 'Your stars' })).toHaveAccessibleDescription(MESSAGES.reviewStarsRequired);
    expect(api.calls('POST /api/reviews')).toEqual([]);
  });

  it('counts the characters written', async () => {
    serveEligibility(eligible);
    const { user } = openPage(paths.reviewWrite.getHref({ token: 'token-7' }));

    await user.type(await screen.findByLabelText('Your review'), 'Good work');

    expect(screen.getByLabelText('Your review')).toHaveAccessibleDescription('Plain text, 20 to 2,000 characters: 9 so far.');
  });

  it("shows the server's refusal of a field on that field", async () => {
    const api = serveEligibility(eligible, {
      'POST /api/reviews': {
        status: 400,
        message: 'Validation failed',
        data: { errors: [{ field: 'workSuburb', message: MESSAGES.reviewSuburbTooLong }] },
      },
    });
    const { user } = openPage(paths.reviewWrite.getHref({ token: 'token-7' }));

    await fillReview(user);
    await user.click(screen.getByRole('button', { name: 'Publish the review' }));

    const suburb = screen.getByLabelText('Work done in (suburb, optional)');
    await waitFor(() => expect(suburb).toHaveAccessibleDescription(MESSAGES.reviewSuburbTooLong));
    expect(suburb).toHaveFocus();
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
    expect(api.calls('POST /api/reviews')).toHaveLength(1);
  });

  it("shows the server's message when it refuses the review as a whole", async () => {
    serveEligibility(eligible, { 'POST /api/reviews': { status: 409, message: MESSAGES.reviewAlreadyWritten } });
    const { user } = openPage(paths.reviewWrite.getHref({ token: 'token-7' }));

    await fillReview(user);
    await user.click(screen.getByRole('button', { name: 'Publish the review' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.reviewAlreadyWritten);
  });
});

describe('one’s own review', () => {
  it('shows a published review with its answer, and sends the edit, filled in with it, as a change', async () => {
    const review = makeOwnReview({
      id: 'review-1',
      relation: 'FRIEND',
      stars: 3,
      body: REVIEW_TEXT,
      workSuburb: 'Balmain',
      workMonth: '2026-10',
      ownerAnswer: 'Thank you for the kind words.',
    });
    const changed = { ...review, stars: 5, editedAt: new Date().toISOString() };
    const api = serveEligibility(
      { data: { eligibility: makeEligibility({ state: 'REVIEWED', review }) } },
      { 'PUT /api/reviews/review-1': { message: MESSAGES.reviewEdited, data: { review: changed } } },
    );
    const { user } = openPage(paths.reviewWrite.getHref({ token: 'token-7' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your review of Harbour City Plumbing' })).toBeInTheDocument();
    expect(screen.getByText(/Published:/).closest('p')).toHaveTextContent("Published: it shows on Harbour City Plumbing's page.");
    expect(screen.getByRole('img', { name: '3 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText(/Work done in Balmain, October 2026/)).toBeInTheDocument();
    expect(screen.getByText('Answer from Harbour City Plumbing')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit your review' }));
    const form = screen.getByRole('region', { name: 'Edit your review' });
    expect(within(form).getByRole('radio', { name: REVIEW_RELATION_LABELS.FRIEND })).toBeChecked();
    expect(within(form).getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(within(form).getByLabelText('Your review')).toHaveValue(REVIEW_TEXT);
    expect(within(form).getByLabelText('Work done in (suburb, optional)')).toHaveValue('Balmain');
    expect(within(form).getByLabelText('Month of the work (optional)')).toHaveValue('2026-10');
    expect(within(form).queryByLabelText('Leave this field empty')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Save the changes' }));

    expect(await screen.findByText(MESSAGES.reviewEdited)).toBeInTheDocument();
    expect(api.calls('PUT /api/reviews/review-1').map((call) => call.body)).toEqual([
      { token: 'token-7', relation: 'FRIEND', stars: 5, body: REVIEW_TEXT, workSuburb: 'Balmain', workMonth: '2026-10' },
    ]);
    expect(await screen.findByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText(/edited on/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Edit your review' })).not.toBeInTheDocument();
  });

  it('sends a logged-in reviewer’s edit without a token', async () => {
    setLoggedIn(true);
    const review = makeOwnReview({ id: 'review-2', body: REVIEW_TEXT });
    const api = serveEligibility(
      { data: { eligibility: makeEligibility({ state: 'REVIEWED', review }) } },
      { 'PUT /api/reviews/review-2': { message: MESSAGES.reviewEdited, data: { review } } },
    );
    const { user } = openPage(paths.reviewWrite.getHref({ enquiryId: ENQUIRY_ID }));

    await user.click(await screen.findByRole('button', { name: 'Edit your review' }));
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));

    expect(await screen.findByText(MESSAGES.reviewEdited)).toBeInTheDocument();
    expect(api.calls('PUT /api/reviews/review-2').map((call) => call.body)).toEqual([{ relation: 'CUSTOMER', stars: 4, body: REVIEW_TEXT }]);
  });

  it('offers no edit once the 30 days are over', async () => {
    const review = makeOwnReview({ writtenAt: '2026-01-01T00:00:00.000Z', editableUntil: '2026-01-31T00:00:00.000Z' });
    serveEligibility({ data: { eligibility: makeEligibility({ state: 'REVIEWED', review }) } });
    openPage(paths.reviewWrite.getHref({ token: 'token-7' }));

    expect(await screen.findByText(MESSAGES.reviewEditClosed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit your review' })).not.toBeInTheDocument();
  });

  it('shows a held review as waiting for a moderator, with the reasons', async () => {
    const review = makeOwnReview({ status: 'HELD', holdReasons: ['PROFANITY'] });
    serveEligibility({ data: { eligibility: makeEligibility({ state: 'REVIEWED', review }) } });
    openPage(paths.reviewWrite.getHref({ token: 'token-7' }));

    expect(await screen.findByText(/Waiting for a moderator:/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Why it waits' })).toHaveTextContent(REVIEW_HOLD_REASON_TEXTS.PROFANITY);
  });

  it('shows a removed review with the reason, and no edit', async () => {
    const review = makeOwnReview({ status: 'REMOVED', removedReason: 'It named a person who was not part of the work' });
    serveEligibility({ data: { eligibility: makeEligibility({ state: 'REVIEWED', review }) } });
    openPage(paths.reviewWrite.getHref({ token: 'token-7' }));

    expect((await screen.findByText(/Removed by a moderator:/)).closest('p')).toHaveTextContent(
      'Removed by a moderator: It named a person who was not part of the work',
    );
    expect(screen.queryByRole('button', { name: 'Edit your review' })).not.toBeInTheDocument();
  });
});
