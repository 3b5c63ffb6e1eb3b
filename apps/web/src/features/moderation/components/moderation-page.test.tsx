import { MESSAGES } from '@churchtrades/shared/messages';
import type { ModerationChurchCount, ModerationTrade } from '@churchtrades/shared/moderation';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReceivedCall } from '../../../testing/api-server';
import { makeUser } from '../../../testing/user-factory';
import {
  makeChurchCount,
  makeModerationPage,
  makeChurchSummary,
  makeModerationTrade,
  ST_PAUL_ID,
} from '../testing/moderation-factory';
import { renderModeration } from '../testing/render-moderation';

/** The queue as the server holds it: a decision takes the business out and lowers its church's count. */
function queueServer(trades: ModerationTrade[], churches: ModerationChurchCount[] = [makeChurchCount()]) {
  const held = { trades, churches };
  return {
    held,
    queue: () => ({ data: { trades: makeModerationPage(held.trades), churches: held.churches } }),
    decide: (message: string) => (call: ReceivedCall) => {
      const { tradeId } = call.body as { tradeId: string };
      const decided = held.trades.find((trade) => trade.id === tradeId);
      held.trades = held.trades.filter((trade) => trade.id !== tradeId);
      held.churches = held.churches.map((church) => ({ ...church, pending: church.pending - 1 }));
      return { message, data: { trade: { ...decided, status: 'APPROVED', listed: true } } };
    },
  };
}

function articleOf(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

/** What a business's details list says for `term` (its card preview may say the same). */
function detailOf(article: HTMLElement, term: string): HTMLElement {
  const value = within(article).getByText(term, { selector: 'dt' }).nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No value for ${term}`);
  return value;
}

describe('ModerationPage', () => {
  it('shows a waiting business whole: what its owner entered and the search card it will have', async () => {
    const trade = makeModerationTrade({ name: 'Citizen Carpentry' });
    const { server } = renderModeration('/moderation', {
      routes: { 'GET /api/moderation/queue': { data: { trades: makeModerationPage([trade]), churches: [] } } },
    });

    const article = await screen.findByRole('article', { name: 'Citizen Carpentry' });
    expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Queue' })).toBeInTheDocument();
    expect(within(article).getByText('Pending')).toBeInTheDocument();
    expect(detailOf(article, 'Brief')).toHaveTextContent('Reliable plumbing for homes in western Sydney');
    expect(detailOf(article, 'Category')).toHaveTextContent('Plumbing & Gas › Plumber');
    expect(detailOf(article, 'Church')).toHaveTextContent("St Mary's Parramatta (NSW)");
    expect(detailOf(article, 'Address')).toHaveTextContent('1 Church Street, Parramatta NSW 2150 (suburb only shown)');
    expect(within(detailOf(article, 'Social media')).getByRole('link')).toHaveAttribute(
      'href',
      'https://www.facebook.com/smithplumbing',
    );
    const owner = detailOf(article, 'Owner');
    expect(owner).toHaveTextContent('Jane Citizen');
    expect(owner).toHaveTextContent('0400 111 222');
    expect(within(owner).getByText('jane@example.com.au')).toHaveAttribute('href', 'mailto:jane@example.com.au');
    expect(within(detailOf(article, 'Submitted')).getByText(/2025/)).toHaveAttribute(
      'datetime',
      '2025-03-01T09:30:00.000Z',
    );
    const preview = within(article).getByRole('region', { name: 'Search card preview of Citizen Carpentry' });
    expect(within(preview).getByText('Citizen Carpentry')).toBeInTheDocument();
    expect(within(preview).getByText('Parramatta NSW 2150')).toBeInTheDocument();
    expect(within(article).getByText('Approve')).toBeInTheDocument();
    expect(within(article).getByText('Reject')).toBeInTheDocument();
    const asked = server.calls('GET /api/moderation/queue')[0]?.url.searchParams;
    expect(Object.fromEntries(asked ?? [])).toEqual({ page: '0', size: '10', stateType: 'ALL' });
  });

  it('marks a possible duplicate with a link to it, a change since approval, and the counts per church', async () => {
    const original = makeModerationTrade({ name: 'Citizen Carpentry' });
    const pending = makeModerationTrade({
      name: 'Citizen Carpentry Pty',
      duplicates: [
        { id: original.id, name: 'Citizen Carpentry', churchName: "St John's", matchedOn: ['NAME', 'PHONE'] },
      ],
    });
    const changed = makeModerationTrade({
      name: 'Bright Sparks',
      status: 'APPROVED',
      listed: true,
      changedSinceApproval: true,
      image: '/uploads/covers/bright.webp',
    });
    renderModeration('/moderation', {
      routes: {
        'GET /api/moderation/queue': {
          data: {
            trades: makeModerationPage([pending, changed]),
            churches: [makeChurchCount({ pending: 1, changed: 1 })],
          },
        },
      },
    });

    const first = await screen.findByRole('article', { name: 'Citizen Carpentry Pty' });
    expect(within(first).queryByText('Changed since approval')).not.toBeInTheDocument();
    expect(within(first).getByText(/Possible duplicate of/)).toHaveTextContent(
      "Possible duplicate of Citizen Carpentry (St John's; same name, phone)",
    );
    expect(within(first).getByRole('link', { name: 'Citizen Carpentry' })).toHaveAttribute(
      'href',
      `/moderation/trades/${original.id}`,
    );
    const second = articleOf('Bright Sparks');
    expect(within(second).getByText('Changed since approval')).toBeInTheDocument();
    // A new cover picture is such a change: the moderator sees the picture itself.
    expect(within(second).getByRole('img', { name: 'Cover picture of Bright Sparks' })).toHaveAttribute(
      'src',
      '/uploads/covers/bright.webp',
    );
    expect(within(first).queryByRole('img', { name: /Cover picture/ })).not.toBeInTheDocument();
    expect(within(second).getByText('Listed')).toBeInTheDocument();
    expect(within(second).getByText('Approve')).toBeInTheDocument();
    expect(within(second).getByText('Unlist')).toBeInTheDocument();
    expect(within(second).queryByText('Reject')).not.toBeInTheDocument();
    const churches = screen.getByRole('navigation', { name: 'Churches' });
    expect(within(churches).getByText(/St Mary's Parramatta/).closest('a')).toHaveTextContent(
      '1 pending1 changed since approval',
    );
  });

  it('counts the possible duplicates at churches beyond the caller, without naming them', async () => {
    const original = makeModerationTrade({ name: 'Citizen Carpentry' });
    const named = makeModerationTrade({
      name: 'Citizen Carpentry Pty',
      duplicates: [{ id: original.id, name: 'Citizen Carpentry', churchName: "St John's", matchedOn: ['NAME'] }],
      duplicatesElsewhere: 2,
    });
    const countedOnly = makeModerationTrade({ name: 'Bright Sparks', duplicatesElsewhere: 1 });
    renderModeration('/moderation', {
      routes: {
        'GET /api/moderation/queue': {
          data: { trades: makeModerationPage([named, countedOnly]), churches: [makeChurchCount({ pending: 2 })] },
        },
      },
    });

    const first = await screen.findByRole('article', { name: 'Citizen Carpentry Pty' });
    expect(within(first).getByText(/Possible duplicate of/)).toHaveTextContent(
      "Possible duplicate of Citizen Carpentry (St John's; same name)",
    );
    expect(within(first).getByText('and 2 more at other churches')).toBeInTheDocument();
    expect(within(articleOf('Bright Sparks')).getByText('1 possible duplicate at other churches')).toBeInTheDocument();
  });

  it("asks for one church's queue from the side list, and for a state's", async () => {
    const { user, server } = renderModeration('/moderation', {
      routes: {
        'GET /api/moderation/queue': {
          data: {
            trades: makeModerationPage([]),
            churches: [
              makeChurchCount(),
              makeChurchCount({ churchId: ST_PAUL_ID, name: "St Paul's Geelong", stateType: 'VIC' }),
            ],
          },
        },
      },
    });

    // The queue is empty: the side list is what this is about, and a shorter page is quicker to query.
    const stPaul = () =>
      within(screen.getByRole('navigation', { name: 'Churches' })).getByRole('link', { name: /St Paul's/ });
    await screen.findByText(/St Paul's Geelong/);
    await user.click(stPaul());
    await waitFor(() => expect(server.calls('GET /api/moderation/queue')).toHaveLength(2));
    expect(server.calls('GET /api/moderation/queue')[1]?.url.searchParams.get('churchId')).toBe(ST_PAUL_ID);
    expect(stPaul()).toHaveAttribute('aria-current', 'true');

    await user.selectOptions(screen.getByLabelText('State'), 'VIC');
    await waitFor(() => expect(server.calls('GET /api/moderation/queue')).toHaveLength(3));
    const asked = server.calls('GET /api/moderation/queue')[2]?.url.searchParams;
    expect(asked?.get('stateType')).toBe('VIC');
    expect(asked?.has('churchId')).toBe(false);
  });

  it("approves a business: sends the decision, shows the server's message, refreshes queue and counts", async () => {
    const trade = makeModerationTrade({ name: 'Citizen Carpentry' });
    const fake = queueServer([trade], [makeChurchCount({ pending: 1 })]);
    const { user, server } = renderModeration('/moderation', {
      routes: {
        'GET /api/moderation/queue': fake.queue,
        'PATCH /api/moderation/decide': fake.decide(MESSAGES.tradeApproved),
      },
    });

    const article = await screen.findByRole('article', { name: 'Citizen Carpentry' });
    await user.click(within(article).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText(MESSAGES.tradeApproved)).toBeInTheDocument();
    expect(server.calls('PATCH /api/moderation/decide').map((call) => call.body)).toEqual([
      { tradeId: trade.id, decision: 'APPROVE' },
    ]);
    expect(await screen.findByText('No business is waiting for a decision.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Citizen Carpentry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /St Mary's Parramatta/ })).toHaveTextContent('0 pending');
    expect(server.calls('GET /api/moderation/queue')).toHaveLength(2);
  });

  it('asks for a reason before rejecting, sending nothing without one, then sends it', async () => {
    const trade = makeModerationTrade({ name: 'Citizen Carpentry' });
    const fake = queueServer([trade]);
    const { user, server } = renderModeration('/moderation', {
      routes: {
        'GET /api/moderation/queue': fake.queue,
        'PATCH /api/moderation/decide': fake.decide(MESSAGES.tradeRejected),
      },
    });
    const article = await screen.findByRole('article', { name: 'Citizen Carpentry' });

    await user.click(within(article).getByRole('button', { name: 'Reject' }));
    const reason = within(article).getByLabelText('Reason for rejecting');
    expect(reason).toHaveFocus();
    await user.click(within(article).getByRole('button', { name: 'Reject' }));

    expect(await within(article).findByText(MESSAGES.reasonRequired)).toBeInTheDocument();
    await user.type(reason, '   ');
    await user.click(within(article).getByRole('button', { name: 'Reject' }));
    expect(within(article).getByText(MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(server.calls('PATCH /api/moderation/decide')).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, ' The brief does not say what the business does ');
    await user.click(within(article).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText(MESSAGES.tradeRejected)).toBeInTheDocument();
    expect(server.calls('PATCH /api/moderation/decide').map((call) => call.body)).toEqual([
      { tradeId: trade.id, decision: 'REJECT', reason: 'The brief does not say what the business does' },
    ]);
  });

  it('puts the reason box away on Cancel, with nothing sent', async () => {
    const { user, server } = renderModeration('/moderation', {
      routes: { 'GET /api/moderation/queue': queueServer([makeModerationTrade({ name: 'Citizen Carpentry' })]).queue },
    });
    const article = await screen.findByRole('article', { name: 'Citizen Carpentry' });

    await user.click(within(article).getByRole('button', { name: 'Reject' }));
    await user.click(within(article).getByRole('button', { name: 'Cancel' }));

    expect(within(article).queryByLabelText('Reason for rejecting')).not.toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(server.calls('PATCH /api/moderation/decide')).toHaveLength(0);
  });

  it("shows the server's refusal of a decision beside the business", async () => {
    const { user } = renderModeration('/moderation', {
      routes: {
        'GET /api/moderation/queue': queueServer([makeModerationTrade({ name: 'Citizen Carpentry' })]).queue,
        'PATCH /api/moderation/decide': { status: 409, message: MESSAGES.decisionNotApplicable },
      },
    });
    const article = await screen.findByRole('article', { name: 'Citizen Carpentry' });

    await user.click(within(article).getByRole('button', { name: 'Approve' }));

    expect(await within(article).findByRole('alert')).toHaveTextContent(MESSAGES.decisionNotApplicable);
    expect(within(article).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('unlists a listed business only with a reason, relists an unlisted one, leaves a rejected one', async () => {
    const listed = makeModerationTrade({ name: 'Bright Sparks', status: 'APPROVED', listed: true });
    const unlisted = makeModerationTrade({ name: 'Old Mate Hardware', status: 'UNLISTED', reason: 'Closed for good' });
    const rejected = makeModerationTrade({ name: 'Spam Co', status: 'REJECTED', reason: 'Not a real business' });
    const { user, server } = renderModeration('/moderation?view=all', {
      routes: {
        'GET /api/moderation/trades': { data: { trades: makeModerationPage([listed, unlisted, rejected]) } },
        'PATCH /api/moderation/decide': { message: MESSAGES.tradeRelisted, data: { trade: unlisted } },
      },
    });

    const spam = await screen.findByRole('article', { name: 'Spam Co' });
    expect(screen.getByRole('heading', { level: 2, name: 'All businesses' })).toBeInTheDocument();
    expect(within(spam).getByText('Not a real business')).toBeInTheDocument();
    expect(within(spam).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(articleOf('Old Mate Hardware')).getByRole('button', { name: 'Relist' }));
    expect(await screen.findByText(MESSAGES.tradeRelisted)).toBeInTheDocument();
    expect(server.calls('PATCH /api/moderation/decide')[0]?.body).toEqual({ tradeId: unlisted.id, decision: 'RELIST' });

    const sparks = articleOf('Bright Sparks');
    await user.click(within(sparks).getByRole('button', { name: 'Unlist' }));
    await user.click(within(sparks).getByRole('button', { name: 'Unlist' }));
    expect(await within(sparks).findByText(MESSAGES.reasonRequired)).toBeInTheDocument();
    await user.type(within(sparks).getByLabelText('Reason for unlisting'), 'Closed down');
    await user.click(within(sparks).getByRole('button', { name: 'Unlist' }));
    await waitFor(() => expect(server.calls('PATCH /api/moderation/decide')).toHaveLength(2));
    expect(server.calls('PATCH /api/moderation/decide')[1]?.body).toEqual({
      tradeId: listed.id,
      decision: 'UNLIST',
      reason: 'Closed down',
    });
  });

  it('asks for every business by name, status, state and church', async () => {
    const { user, server } = renderModeration('/moderation?view=all', {
      routes: {
        'GET /api/moderation/trades': { data: { trades: makeModerationPage([]) } },
        'GET /api/churches/stateChurches': { data: { churches: [makeChurchSummary()] } },
      },
    });

    expect(await screen.findByText('No business matches.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Name' }), 'carpentry{Enter}');
    await user.selectOptions(screen.getByLabelText('Status'), 'Pending');
    await user.selectOptions(screen.getByLabelText('State'), 'VIC');
    await screen.findByRole('option', { name: "St Paul's Geelong" });
    await user.selectOptions(screen.getByLabelText('Church'), "St Paul's Geelong");

    await waitFor(() =>
      expect(server.calls('GET /api/moderation/trades').at(-1)?.url.searchParams.get('churchId')).toBe(ST_PAUL_ID),
    );
    const asked = server.calls('GET /api/moderation/trades').at(-1)?.url.searchParams;
    expect(Object.fromEntries(asked ?? [])).toEqual({
      page: '0',
      size: '10',
      stateType: 'VIC',
      churchId: ST_PAUL_ID,
      status: 'PENDING',
      name: 'carpentry',
    });
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('carpentry');
  });

  it('lists the businesses about to expire, each with the day it leaves the directory', async () => {
    const expiring = makeModerationTrade({ name: 'Quiet Carpentry', stillTradingExpiresOn: '2027-04-02T00:00:00.000Z' });
    const { user, server } = renderModeration('/moderation?view=all', {
      routes: {
        'GET /api/moderation/trades': ({ url }: ReceivedCall) => ({
          data: { trades: makeModerationPage(url.searchParams.get('aboutToExpire') === 'true' ? [expiring] : []) },
        }),
        'GET /api/churches/stateChurches': { data: { churches: [makeChurchSummary()] } },
      },
    });
    expect(await screen.findByText('No business matches.')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /About to expire/ }));

    expect((await screen.findAllByRole('heading', { name: 'Quiet Carpentry' })).length).toBeGreaterThan(0);
    expect(screen.getAllByText('About to expire').length).toBeGreaterThan(0);
    expect(screen.getByText(/unless its owner confirms it is still trading/)).toBeInTheDocument();
    expect(server.calls('GET /api/moderation/trades').at(-1)?.url.searchParams.get('aboutToExpire')).toBe('true');
  });

  it("shows a priest their church's businesses, pending ones too, with nothing to decide", async () => {
    const pending = makeModerationTrade({ name: 'Citizen Carpentry', mayDecide: false });
    const { server } = renderModeration('/moderation', {
      user: makeUser({ role: 'PRIEST' }),
      routes: { 'GET /api/moderation/trades': { data: { trades: makeModerationPage([pending]) } } },
    });

    const article = await screen.findByRole('article', { name: 'Citizen Carpentry' });
    expect(within(article).getByText('Pending')).toBeInTheDocument();
    expect(within(article).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'All businesses' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Queue' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Church')).not.toBeInTheDocument();
    expect(server.calls('GET /api/moderation/queue')).toHaveLength(0);
  });

  it('lists the businesses naming the priest, and takes their name off one, saying so', async () => {
    const named = { id: '77777777-7777-4777-8777-777777777777', name: 'Citizen Carpentry', churchName: "St Mary's", ownerName: 'Jane Citizen', listingState: 'LISTED' };
    const { user, server } = renderModeration('/moderation', {
      user: makeUser({ role: 'PRIEST' }),
      routes: {
        'GET /api/moderation/trades': { data: { trades: makeModerationPage([]) } },
        'GET /api/trades/byPriest': { data: { trades: [named] } },
        'PATCH /api/trades/detachPriest': { message: MESSAGES.priestDetached, data: { trades: [] } },
      },
    });

    const section = await screen.findByRole('region', { name: 'Businesses naming you as their priest' });
    expect(await within(section).findByRole('link', { name: 'Citizen Carpentry' })).toHaveAttribute(
      'href',
      `/moderation/trades/${named.id}`,
    );
    expect(within(section).getByText('Jane Citizen')).toBeInTheDocument();
    expect(within(section).getByText('Listed')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Take my name off Citizen Carpentry' }));

    expect(await screen.findByText(MESSAGES.priestDetached)).toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/detachPriest')[0]?.url.searchParams.get('tradeId')).toBe(named.id);
  });

  it('tells a priest no business names them yet', async () => {
    renderModeration('/moderation', {
      user: makeUser({ role: 'PRIEST' }),
      routes: { 'GET /api/moderation/trades': { data: { trades: makeModerationPage([]) } } },
    });

    expect(await screen.findByText('No business names you as its priest.')).toBeInTheDocument();
  });

  it('tells a user whose role does not moderate that they may not, asking nothing about businesses', async () => {
    const { server } = renderModeration('/moderation', { user: makeUser({ role: 'TRADER' }) });

    expect(await screen.findByText(MESSAGES.forbidden)).toBeInTheDocument();
    expect(server.calls('GET /api/moderation/queue')).toHaveLength(0);
    expect(server.calls('GET /api/moderation/trades')).toHaveLength(0);
  });

  it("says why the queue did not load, and loads it again on 'Try again'", async () => {
    let answers = 0;
    const { user } = renderModeration('/moderation', {
      routes: {
        'GET /api/moderation/queue': () => {
          answers += 1;
          return answers === 1
            ? { status: 403, message: MESSAGES.forbidden }
            : {
                data: {
                  trades: makeModerationPage([makeModerationTrade({ name: 'Citizen Carpentry' })]),
                  churches: [],
                },
              };
        },
      },
    });

    expect(await screen.findByText(MESSAGES.forbidden)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('article', { name: 'Citizen Carpentry' })).toBeInTheDocument();
  });
});

describe('ModerationTradePage', () => {
  it('opens a possible duplicate on its own page, where it can be decided on', async () => {
    const original = makeModerationTrade({ name: 'Citizen Carpentry', submittedAt: '2025-02-01T00:00:00.000Z' });
    const copy = makeModerationTrade({
      name: 'Citizen Carpentry Pty',
      duplicates: [{ id: original.id, name: original.name, churchName: original.churchName, matchedOn: ['EMAIL'] }],
    });
    let current = original;
    const { user, server, router } = renderModeration('/moderation', {
      routes: {
        'GET /api/moderation/queue': { data: { trades: makeModerationPage([copy]), churches: [] } },
        [`GET /api/moderation/trades/${original.id}`]: () => ({ data: { trade: current } }),
        'PATCH /api/moderation/decide': () => {
          current = { ...original, status: 'APPROVED', listed: true };
          return { message: MESSAGES.tradeApproved, data: { trade: current } };
        },
      },
    });

    await user.click(await screen.findByRole('link', { name: 'Citizen Carpentry' }));

    expect(router.state.location.pathname).toBe(`/moderation/trades/${original.id}`);
    const article = await screen.findByRole('article', { name: 'Citizen Carpentry' });
    expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
    expect(within(detailOf(article, 'Submitted')).getByText(/2025/)).toHaveAttribute(
      'datetime',
      '2025-02-01T00:00:00.000Z',
    );
    await user.click(within(article).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText(MESSAGES.tradeApproved)).toBeInTheDocument();
    expect(await within(article).findByText('Listed')).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Unlist' })).toBeInTheDocument();
    expect(server.calls(`GET /api/moderation/trades/${original.id}`)).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Back to moderation' })).toHaveAttribute('href', '/moderation');
  });

  it("shows the server's answer when the business cannot be shown", async () => {
    const id = '00000000-0000-4000-8000-999999999999';
    renderModeration(`/moderation/trades/${id}`, {
      routes: { [`GET /api/moderation/trades/${id}`]: { status: 403, message: MESSAGES.notYourChurch } },
    });

    expect(await screen.findByText(MESSAGES.notYourChurch)).toBeInTheDocument();
  });
});
