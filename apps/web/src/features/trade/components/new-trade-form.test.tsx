import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hiddenHoneypot } from '../../../testing/honeypot';
import { makeUser } from '../../../testing/user-factory';
import { chooseOption, optionsOf } from '../testing/choose-option';
import { renderTrade } from '../testing/render-trade';
import { makeOwnTrade, ST_JOHN, ST_MARY, ST_PAUL } from '../testing/trade-dashboard-factory';

describe('NewTradeForm', () => {
  it('is offered to a user without a business, beside their Business Owner card', async () => {
    const jane = makeUser({ firstName: 'Jane', lastName: 'Citizen', email: 'jane@example.com.au' });
    renderTrade('/trade/profile', { user: jane, trade: null });

    expect(await screen.findByRole('heading', { name: 'List your business' })).toBeInTheDocument();
    expect(screen.getByText(/You have not added your business yet\./)).toBeInTheDocument();
    const owner = screen.getByRole('heading', { name: 'Business Owner' }).closest('.card') as HTMLElement;
    expect(within(owner).getByText('Jane Citizen')).toBeInTheDocument();
    expect(within(owner).getByText('jane@example.com.au')).toBeInTheDocument();
    expect(optionsOf('State')).toEqual([MESSAGES.chooseState, 'NSW', 'VIC', 'QLD', 'SA', 'WA', 'NT', 'TAS', 'ACT']);
  });

  it('names what is missing as each field is left', async () => {
    const { user, server } = renderTrade('/trade/profile', { trade: null });

    await user.click(await screen.findByLabelText('Name'));
    await user.type(screen.getByLabelText('Brief (iBusiness-Card)'), 'Hi');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'List your business' }));

    for (const message of [
      MESSAGES.nameRequired,
      MESSAGES.briefRequired,
      MESSAGES.chooseMainCategory,
      MESSAGES.chooseState,
      MESSAGES.chooseChurch,
    ]) {
      const shown = screen.getAllByText(message).filter((element) => element.classList.contains('invalid-feedback'));
      expect(shown, message).toHaveLength(1);
    }
    expect(server.calls('POST /api/trades/new')).toHaveLength(0);
  });

  it('offers the sub categories of the chosen main category and the churches of the chosen state', async () => {
    const { user } = renderTrade('/trade/profile', { trade: null });

    expect(await screen.findByLabelText('Sub category')).toBeDisabled();
    expect(screen.getByLabelText('Church')).toBeDisabled();
    await chooseOption(user, 'Main Category', 'Electrical');
    await chooseOption(user, 'State', 'VIC');

    await screen.findByRole('option', { name: 'Solar installer' });
    expect(optionsOf('Sub category')).toEqual([MESSAGES.chooseSubCategory, 'Electrician', 'Solar installer']);
    await screen.findByRole('option', { name: ST_PAUL.name });
    expect(optionsOf('Church')).toEqual([MESSAGES.chooseChurch, ST_PAUL.name]);
    await chooseOption(user, 'State', 'NSW');
    await screen.findByRole('option', { name: ST_MARY.name });
    expect(optionsOf('Church')).toEqual([MESSAGES.chooseChurch, ST_MARY.name, ST_JOHN.name]);
  });

  it('lists the business, then shows its pages, pending approval', async () => {
    const jane = makeUser();
    const { user, server } = renderTrade('/trade/profile', {
      user: jane,
      trade: null,
      routes: (stored) => ({
        'POST /api/trades/new': () => {
          stored.current = makeOwnTrade(jane, { name: 'Citizen Carpentry', listingState: 'PENDING' });
          return { status: 201, message: MESSAGES.tradeCreated, data: { trade: stored.current } };
        },
      }),
    });

    await user.type(await screen.findByLabelText('Name'), 'Citizen Carpentry');
    expect(screen.getByLabelText('Kind of business')).toHaveDisplayValue('Not stated');
    await chooseOption(user, 'Kind of business', 'Sole trader');
    await user.type(screen.getByLabelText('ABN'), '51 824 753 556');
    await user.type(screen.getByLabelText('Brief (iBusiness-Card)'), 'Cabinets and decks in Parramatta');
    await chooseOption(user, 'Main Category', 'Plumbing & Gas');
    await chooseOption(user, 'Sub category', 'Gas fitter');
    await chooseOption(user, 'State', 'NSW');
    await chooseOption(user, 'Church', ST_JOHN.name);
    await user.click(screen.getByRole('button', { name: 'List your business' }));

    expect(await screen.findByText('Pending approval')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.tradeCreated)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Citizen Carpentry' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(server.calls('POST /api/trades/new')[0]?.body).toEqual({
      name: 'Citizen Carpentry',
      brief: 'Cabinets and decks in Parramatta',
      mainCategoryId: 1,
      categoryId: 12,
      stateType: 'NSW',
      churchId: ST_JOHN.churchId,
      businessKind: 'SOLE_TRADER',
      abn: '51824753556',
    });
  });

  it('sends no sub category when none is chosen', async () => {
    const { user, server } = renderTrade('/trade/profile', {
      trade: null,
      routes: { 'POST /api/trades/new': { status: 400, message: MESSAGES.churchNotAvailable } },
    });

    await user.type(await screen.findByLabelText('Name'), 'Citizen Carpentry');
    await user.type(screen.getByLabelText('Brief (iBusiness-Card)'), 'Cabinets and decks');
    await chooseOption(user, 'Main Category', 'Electrical');
    await chooseOption(user, 'State', 'VIC');
    await chooseOption(user, 'Church', ST_PAUL.name);
    await user.click(screen.getByRole('button', { name: 'List your business' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.churchNotAvailable);
    expect(server.calls('POST /api/trades/new')[0]?.body).toEqual({
      name: 'Citizen Carpentry',
      brief: 'Cabinets and decks',
      mainCategoryId: 2,
      stateType: 'VIC',
      churchId: ST_PAUL.churchId,
      businessKind: null,
      abn: null,
    });
  });

  it('carries a honeypot field hidden from people, and refuses the form when something fills it', async () => {
    const { user, server } = renderTrade('/trade/profile', { trade: null });
    await screen.findByLabelText('Name');

    const honeypot = hiddenHoneypot();
    await user.type(screen.getByLabelText('Name'), 'Citizen Carpentry');
    await user.type(screen.getByLabelText('Brief (iBusiness-Card)'), 'Cabinets and decks');
    await chooseOption(user, 'Main Category', 'Electrical');
    await chooseOption(user, 'State', 'VIC');
    await chooseOption(user, 'Church', ST_PAUL.name);
    await user.type(honeypot, 'https://spam.example');
    await user.click(screen.getByRole('button', { name: 'List your business' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.formRefused);
    expect(server.calls('POST /api/trades/new')).toHaveLength(0);
  });

  it('is disabled for a USER', async () => {
    renderTrade('/trade/profile', { user: makeUser({ role: 'USER' }), trade: null });

    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Brief (iBusiness-Card)')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'List your business' })).toBeDisabled();
    expect(screen.getByText(MESSAGES.readOnlyAccount)).toBeInTheDocument();
  });

  it('leads the other business pages to this form while there is no business', async () => {
    const { router } = renderTrade('/trade/setting/00000000-0000-4000-8000-999999999999', { trade: null });

    expect(await screen.findByRole('heading', { name: 'List your business' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/trade/profile');
  });
});
