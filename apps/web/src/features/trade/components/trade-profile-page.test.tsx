import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heldAnswer } from '../../../testing/api-server';
import { makeUser } from '../../../testing/user-factory';
import { chooseOption, optionsOf } from '../testing/choose-option';
import { renderTrade } from '../testing/render-trade';
import {
  FATHER_JOSEPH,
  FATHER_LUKE,
  FATHER_PETER,
  makeOwnTrade,
  ST_JOHN,
  ST_MARY,
  ST_PAUL,
} from '../testing/trade-dashboard-factory';

describe('TradeProfilePage', () => {
  it("shows the business's profile, with the system tags and the church's place read-only", async () => {
    const jane = makeUser();
    const trade = makeOwnTrade(jane, { systemTags: 'Plumbing & Gas, Plumber, pipes', churchGeo: 'Parramatta NSW' });
    renderTrade('/trade/profile', { user: jane, trade });

    expect(await screen.findByLabelText('Name')).toHaveValue('Smith Plumbing');
    expect(screen.getByLabelText('Brief (iBusiness-Card)')).toHaveValue(trade.brief);
    expect(screen.getByLabelText('Service(s)')).toHaveValue(trade.service);
    expect(screen.getByLabelText('Main Category')).toHaveDisplayValue('Plumbing & Gas');
    expect(screen.getByLabelText('Sub category')).toHaveDisplayValue('Plumber');
    expect(screen.getByLabelText('Automated System Tags')).toHaveValue('Plumbing & Gas, Plumber, pipes');
    expect(screen.getByLabelText('Automated System Tags')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Own Tags')).toHaveValue(trade.tags);
    expect(screen.getByLabelText('State')).toHaveDisplayValue('NSW');
    expect(screen.getByLabelText('Church')).toHaveDisplayValue(ST_MARY.name);
    expect(screen.getByLabelText('Serving Church Geo')).toHaveValue('Parramatta NSW');
    expect(screen.getByLabelText('Serving Church Geo')).toHaveAttribute('readonly');
  });

  it("shows 'Loading...' until the categories and churches are there", async () => {
    const held = heldAnswer();
    renderTrade('/trade/profile', { routes: { 'GET /api/churches/stateChurches': held.answer } });

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
    held.release({ data: { churches: [ST_MARY, ST_JOHN] } });
    expect(await screen.findByLabelText('Church')).toHaveDisplayValue(ST_MARY.name);
  });

  it('counts the letters of the brief against the guidance, without refusing a longer one', async () => {
    const jane = makeUser();
    const { user } = renderTrade('/trade/profile', { user: jane, trade: makeOwnTrade(jane, { brief: 'Plumbing' }) });

    const brief = await screen.findByLabelText('Brief (iBusiness-Card)');
    expect(brief).toHaveAccessibleDescription('Recommended 40-60 letters, max 100. 8 / 100');
    await user.type(brief, ' for homes');

    expect(brief).toHaveAccessibleDescription('Recommended 40-60 letters, max 100. 18 / 100');
    await user.type(brief, 'x'.repeat(83));
    expect(screen.getByText('101 / 100')).toHaveClass('text-danger');
    await user.tab();
    expect(brief).not.toHaveAttribute('aria-invalid');
  });

  it('sends the changes with the chosen sub category and church, and says so', async () => {
    const jane = makeUser();
    const trade = makeOwnTrade(jane);
    const { user, server } = renderTrade('/trade/profile', {
      user: jane,
      trade,
      routes: (stored) => ({
        'PATCH /api/trades/updateTradeProfile': () =>
          stored.change({ name: 'Smith & Sons Plumbing' }, MESSAGES.tradeUpdated),
      }),
    });

    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Smith & Sons Plumbing');
    await user.type(screen.getByLabelText('Own Tags'), ' gas');
    await chooseOption(user, 'Sub category', 'Gas fitter');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(MESSAGES.tradeUpdated)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Smith & Sons Plumbing' })).toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/updateTradeProfile')[0]?.body).toEqual({
      tradeId: trade.id,
      churchId: ST_MARY.churchId,
      categoryId: 12,
      name: 'Smith & Sons Plumbing',
      service: trade.service,
      brief: trade.brief,
      tags: `${trade.tags} gas`,
      publicEmail: '',
      priestId: null,
      businessKind: null,
      abn: null,
      licence: null,
    });
  });

  it("shows the ABN with what the register said of it, read out with the field", async () => {
    const jane = makeUser();
    const trade = makeOwnTrade(jane, {
      abn: '51824753556',
      abnCheck: { status: 'MISMATCH', checkedAt: '2026-03-02T09:00:00.000Z', registeredName: 'OTHER HOLDINGS PTY LTD' },
    });
    renderTrade('/trade/profile', { user: jane, trade });

    const abn = await screen.findByLabelText('ABN');
    expect(abn).toHaveValue('51 824 753 556');
    expect(abn).toHaveAccessibleDescription(
      "Not verified: registered to another name: OTHER HOLDINGS PTY LTD, checked on 2 Mar 2026. Check the business's name, or the ABN.",
    );
  });

  it('refuses an ABN that fails its check, and sends one that passes, spaces and all, as its digits', async () => {
    const jane = makeUser();
    const trade = makeOwnTrade(jane);
    const { user, server } = renderTrade('/trade/profile', {
      user: jane,
      trade,
      routes: (stored) => ({
        'PATCH /api/trades/updateTradeProfile': () =>
          stored.change(
            { abn: '51824753556', abnCheck: { status: 'UNCHECKED', checkedAt: null, registeredName: null } },
            `${MESSAGES.tradeUpdated}. ${MESSAGES.abnRegisterWaiting}`,
          ),
      }),
    });

    const abn = await screen.findByLabelText('ABN');
    await user.type(abn, '51 824 753 557');
    await user.tab();
    expect(await screen.findByText(MESSAGES.abnInvalid)).toBeInTheDocument();
    await user.clear(abn);
    await user.type(abn, '51 824 753 556');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(`${MESSAGES.tradeUpdated}. ${MESSAGES.abnRegisterWaiting}`)).toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/updateTradeProfile')[0]?.body).toMatchObject({ abn: '51824753556' });
    expect(await screen.findByLabelText('ABN')).toHaveAccessibleDescription(
      'Waiting for the register: it has not answered yet, and is asked again soon.',
    );
  });

  it('asks before moving the business to another church, and sends nothing when the owner cancels', async () => {
    const { user, server } = renderTrade('/trade/profile');

    await chooseOption(user, 'Church', ST_JOHN.name);
    await user.click(screen.getByRole('button', { name: 'Update' }));

    const dialog = await screen.findByRole('dialog', { name: `Move your business to ${ST_JOHN.name}?` });
    expect(dialog).toHaveTextContent(MESSAGES.confirmChurchChange);
    expect(within(dialog).getByRole('button', { name: 'Move and submit again' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('PATCH /api/trades/updateTradeProfile')).toHaveLength(0);
  });

  it('moves the business once the owner confirms, and says it was submitted again', async () => {
    const jane = makeUser();
    const trade = makeOwnTrade(jane);
    const { user, server } = renderTrade('/trade/profile', {
      user: jane,
      trade,
      routes: (stored) => ({
        'PATCH /api/trades/updateTradeProfile': () =>
          stored.change(
            { churchId: ST_JOHN.churchId, churchName: ST_JOHN.name, listingState: 'PENDING' },
            MESSAGES.tradeSubmittedToNewChurch,
          ),
      }),
    });

    await chooseOption(user, 'Church', ST_JOHN.name);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.keyboard('{Enter}');

    expect(await screen.findByText(MESSAGES.tradeSubmittedToNewChurch)).toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/updateTradeProfile')[0]?.body).toMatchObject({ churchId: ST_JOHN.churchId });
  });

  it("fills in the business's public e-mail, checked as the server checks it", async () => {
    const jane = makeUser();
    const trade = makeOwnTrade(jane, { publicEmail: null });
    const { user, server } = renderTrade('/trade/profile', {
      user: jane,
      trade,
      routes: (stored) => ({
        'PATCH /api/trades/updateTradeProfile': () =>
          stored.change({ publicEmail: 'office@smithplumbing.com.au' }, MESSAGES.tradeUpdated),
      }),
    });

    const publicEmail = await screen.findByLabelText('Public Email');
    expect(publicEmail).toHaveValue('');
    await user.type(publicEmail, 'office@');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(publicEmail).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.invalidEmail));
    expect(server.calls('PATCH /api/trades/updateTradeProfile')).toHaveLength(0);
    await user.type(publicEmail, 'smithplumbing.com.au');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(MESSAGES.tradeUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/updateTradeProfile')[0]?.body).toMatchObject({
      publicEmail: 'office@smithplumbing.com.au',
    });
    expect(screen.getByLabelText('Public Email')).toHaveValue('office@smithplumbing.com.au');
  });

  it('sends the main category alone when no sub category is chosen', async () => {
    const jane = makeUser();
    const trade = makeOwnTrade(jane, { categoryId: 11 });
    const { user, server } = renderTrade('/trade/profile', {
      user: jane,
      trade,
      routes: { 'PATCH /api/trades/updateTradeProfile': { message: MESSAGES.tradeUpdated, data: { trade } } },
    });

    await chooseOption(user, 'Sub category', MESSAGES.chooseSubCategory);
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(MESSAGES.tradeUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/updateTradeProfile')[0]?.body).toMatchObject({ categoryId: 1 });
  });

  it('clears the sub category when a new main category is chosen, and takes that main category alone', async () => {
    const { user, server } = renderTrade('/trade/profile', {
      routes: (stored) => ({
        'PATCH /api/trades/updateTradeProfile': () =>
          stored.change({ mainCategoryId: 2, categoryId: null, mainCategory: 'Electrical', subCategory: null }, MESSAGES.tradeUpdated),
      }),
    });

    await chooseOption(user, 'Main Category', 'Electrical');

    expect(screen.getByLabelText('Sub category')).toHaveDisplayValue(MESSAGES.chooseSubCategory);
    await screen.findByRole('option', { name: 'Electrician' });
    expect(optionsOf('Sub category')).toEqual([MESSAGES.chooseSubCategory, 'Electrician', 'Solar installer']);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MESSAGES.tradeUpdated)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.chooseSubCategory, { selector: '.invalid-feedback' })).not.toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/updateTradeProfile')[0]?.body).toMatchObject({ categoryId: 2 });
  });

  it("offers the church's priests with No priest first, and sends the one chosen", async () => {
    const jane = makeUser();
    const trade = makeOwnTrade(jane);
    const { user, server } = renderTrade('/trade/profile', {
      user: jane,
      trade,
      routes: (stored) => ({
        'PATCH /api/trades/updateTradeProfile': () => stored.change({ priest: FATHER_PETER }, MESSAGES.tradeUpdated),
      }),
    });

    const priest = await screen.findByLabelText('Priest');
    expect(priest).toHaveDisplayValue('No priest');
    expect(optionsOf('Priest')).toEqual(['No priest', FATHER_JOSEPH.name, FATHER_PETER.name]);
    await chooseOption(user, 'Priest', FATHER_PETER.name);
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(MESSAGES.tradeUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/updateTradeProfile')[0]?.body).toMatchObject({ priestId: FATHER_PETER.userId });
    expect(screen.getByLabelText('Priest')).toHaveDisplayValue(FATHER_PETER.name);
  });

  it("shows the business's priest, and takes them off with No priest", async () => {
    const jane = makeUser();
    const { user, server } = renderTrade('/trade/profile', {
      user: jane,
      trade: makeOwnTrade(jane, { priest: FATHER_JOSEPH }),
      routes: (stored) => ({
        'PATCH /api/trades/updateTradeProfile': () => stored.change({ priest: null }, MESSAGES.tradeUpdated),
      }),
    });

    expect(await screen.findByLabelText('Priest')).toHaveDisplayValue(FATHER_JOSEPH.name);
    await chooseOption(user, 'Priest', 'No priest');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(MESSAGES.tradeUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/updateTradeProfile')[0]?.body).toMatchObject({ priestId: null });
  });

  it('offers the priests of another church once it is chosen, back at No priest', async () => {
    const jane = makeUser();
    const { user } = renderTrade('/trade/profile', { user: jane, trade: makeOwnTrade(jane, { priest: FATHER_JOSEPH }) });

    expect(await screen.findByLabelText('Priest')).toHaveDisplayValue(FATHER_JOSEPH.name);
    await chooseOption(user, 'Church', ST_JOHN.name);

    expect(screen.getByLabelText('Priest')).toHaveDisplayValue('No priest');
    await screen.findByRole('option', { name: FATHER_LUKE.name });
    expect(optionsOf('Priest')).toEqual(['No priest', FATHER_LUKE.name]);
  });

  it('asks the kind of business, Not stated by default, and sends the one chosen', async () => {
    const jane = makeUser();
    const { user, server } = renderTrade('/trade/profile', {
      user: jane,
      trade: makeOwnTrade(jane),
      routes: (stored) => ({
        'PATCH /api/trades/updateTradeProfile': () => stored.change({ businessKind: 'COMPANY' }, MESSAGES.tradeUpdated),
      }),
    });

    expect(await screen.findByLabelText('Kind of business')).toHaveDisplayValue('Not stated');
    expect(optionsOf('Kind of business')).toEqual(['Not stated', 'Sole trader', 'Company', 'Joint venture']);
    await chooseOption(user, 'Kind of business', 'Company');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(MESSAGES.tradeUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/updateTradeProfile')[0]?.body).toMatchObject({ businessKind: 'COMPANY' });
    expect(screen.getByLabelText('Kind of business')).toHaveDisplayValue('Company');
  });

  it('states a licence, asking for each of its fields, and shows it stated until a moderator checks it', async () => {
    const jane = makeUser();
    const licence = { number: 'EC 12345', state: 'NSW', kind: 'Electrical contractor' } as const;
    const { user, server } = renderTrade('/trade/profile', {
      user: jane,
      trade: makeOwnTrade(jane),
      routes: (stored) => ({
        'PATCH /api/trades/updateTradeProfile': () =>
          stored.change({ licence: { ...licence, checkedAt: null } }, MESSAGES.tradeUpdated),
      }),
    });

    await user.type(await screen.findByLabelText('Licence number'), licence.number);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MESSAGES.chooseLicenceState)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.licenceKindRequired)).toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/updateTradeProfile')).toHaveLength(0);

    await chooseOption(user, 'Issuing state', 'NSW');
    await user.type(screen.getByLabelText('Licence for'), licence.kind);
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(MESSAGES.tradeUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /api/trades/updateTradeProfile')[0]?.body).toMatchObject({ licence });
    expect(await screen.findByText(/Stated by you: a moderator of your church checks it/)).toBeInTheDocument();
  });

  it("offers the churches of the chosen state, and clears the church when the state changes", async () => {
    const { user, server } = renderTrade('/trade/profile');

    await screen.findByLabelText('Church');
    expect(optionsOf('Church')).toEqual([MESSAGES.chooseChurch, ST_MARY.name, ST_JOHN.name]);
    await chooseOption(user, 'State', 'VIC');

    expect(screen.getByLabelText('Church')).toHaveDisplayValue(MESSAGES.chooseChurch);
    await screen.findByRole('option', { name: ST_PAUL.name });
    expect(optionsOf('Church')).toEqual([MESSAGES.chooseChurch, ST_PAUL.name]);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByLabelText('Church')).toHaveAccessibleDescription(MESSAGES.chooseChurch);
    expect(server.calls('PATCH /api/trades/updateTradeProfile')).toHaveLength(0);
    const asked = server.calls('GET /api/churches/stateChurches');
    const states = asked.map((call) => call.url.searchParams.get('stateType'));
    expect(states).toEqual(['NSW', 'VIC']);
  });

  it("names what is missing, and shows the server's refusal in a red alert", async () => {
    const { user } = renderTrade('/trade/profile', {
      routes: { 'PATCH /api/trades/updateTradeProfile': { status: 400, message: MESSAGES.churchNotAvailable } },
    });

    await user.clear(await screen.findByLabelText('Name'));
    await user.clear(screen.getByLabelText('Brief (iBusiness-Card)'));
    await user.tab();
    expect(screen.getByText(MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.briefRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Smith Plumbing');
    await user.type(screen.getByLabelText('Brief (iBusiness-Card)'), 'Plumbing');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.churchNotAvailable);
  });

  it("says 'Loading...' on Update while the change is sent", async () => {
    const held = heldAnswer();
    const { user } = renderTrade('/trade/profile', { routes: { 'PATCH /api/trades/updateTradeProfile': held.answer } });

    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    held.release({ status: 403, message: MESSAGES.notYourTrade });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.notYourTrade);
  });

  it('disables the name, brief and tags (and the rest) for a USER', async () => {
    const reader = makeUser({ role: 'USER' });
    renderTrade('/trade/profile', { user: reader, trade: makeOwnTrade(reader) });

    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Brief (iBusiness-Card)')).toBeDisabled();
    expect(screen.getByLabelText('Own Tags')).toBeDisabled();
    expect(screen.getByLabelText('Service(s)')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(screen.getByText(MESSAGES.readOnlyAccount)).toBeInTheDocument();
  });
});
