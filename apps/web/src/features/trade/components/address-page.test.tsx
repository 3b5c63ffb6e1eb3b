import { MESSAGES } from '@churchtrades/shared/messages';
import type { OwnTrade, TradeAddress } from '@churchtrades/shared/trade-dashboard';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReceivedCall, Route } from '../../../testing/api-server';
import { makeUser } from '../../../testing/user-factory';
import { renderTrade } from '../testing/render-trade';
import { makeOwnTrade, makeSuggestion, makeTradeAddress } from '../testing/trade-dashboard-factory';
import { ADDRESS_LOOKUP_PAUSE_MS } from './address-search';

const NEW_ADDRESS_ID = 'a0000000-0000-4000-8000-000000000001';
const GEORGE = makeSuggestion();
const GEORGE_HOUSE = makeSuggestion({
  fullAddress: '20 GEORGE STREET, PARRAMATTA NSW 2150',
  firstNumber: '20',
  flatType: null,
  flatNumber: null,
  longitude: 151.004,
  latitude: -33.816,
});

/** The address routes, with the business's address kept as the server would keep it. */
function addressRoutes(trade: OwnTrade, saved: TradeAddress | null) {
  let address = saved;
  const save = (message: string) => ({ body }: ReceivedCall) => {
    const sent = body as Partial<TradeAddress>;
    address = makeTradeAddress(trade, { ...sent, id: address?.id ?? NEW_ADDRESS_ID });
    return { message, data: { address } };
  };
  const suggest = ({ url }: ReceivedCall) => {
    const typed = (url.searchParams.get('q') ?? '').toUpperCase();
    return { data: { addresses: [GEORGE, GEORGE_HOUSE].filter((s) => s.fullAddress.includes(typed)) } };
  };
  const routes: Record<string, Route> = {
    [`GET /api/address/searchByEntityId/${trade.id}`]: () => ({ data: { address } }),
    'GET /api/address/lookup': suggest,
    'POST /api/address/create': save(MESSAGES.addressCreated),
    'PATCH /api/address/update': save(MESSAGES.addressUpdated),
  };
  return routes;
}

interface AddressSetup {
  trade?: Partial<OwnTrade>;
  /** The business's saved address; none by default. */
  address?: (trade: OwnTrade) => TradeAddress;
}

function renderAddress({ trade: overrides = {}, address }: AddressSetup = {}, user = makeUser()) {
  const trade = makeOwnTrade(user, overrides);
  const view = renderTrade(`/trade/address/${trade.id}`, {
    user,
    trade,
    routes: addressRoutes(trade, address ? address(trade) : null),
  });
  const addressLoads = () => view.server.calls(`GET /api/address/searchByEntityId/${trade.id}`).length;
  return { ...view, trade, addressLoads };
}

const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, ADDRESS_LOOKUP_PAUSE_MS + 100)));

// Suggestions come after the pause and the lookup's answer; on a busy machine that outlasts the default 1 s.
const SUGGESTIONS_SHOWN = { timeout: 3000 };
const findSuggestion = (name: string) => screen.findByRole('option', { name }, SUGGESTIONS_SHOWN);

describe('AddressPage', () => {
  it('asks the lookup once typing pauses, and only from three characters', async () => {
    const { user, server } = renderAddress();

    const search = await screen.findByRole('combobox', { name: 'Search address' });
    expect(search).toHaveAttribute('placeholder', 'Search address here ....');
    await user.type(search, 'ge');
    await pause();
    expect(server.calls('GET /api/address/lookup')).toHaveLength(0);
    await user.type(search, 'orge');

    const list = await screen.findByRole('listbox', { name: 'Matching addresses' }, SUGGESTIONS_SHOWN);
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual([
      GEORGE.fullAddress,
      GEORGE_HOUSE.fullAddress,
    ]);
    expect(search).toHaveAttribute('aria-expanded', 'true');
    expect(server.calls('GET /api/address/lookup').map((call) => call.url.searchParams.get('q'))).toEqual(['george']);
  });

  it('fills in the fields from the address chosen with the keyboard, which stay editable', async () => {
    const { user } = renderAddress();

    const search = await screen.findByRole('combobox', { name: 'Search address' });
    await user.type(search, 'george');
    await findSuggestion(GEORGE.fullAddress);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: GEORGE_HOUSE.fullAddress })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: GEORGE.fullAddress });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(search).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(search).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Current Address')).toHaveValue(GEORGE.fullAddress);
    expect(screen.getByLabelText('Street Number')).toHaveValue('12A');
    expect(screen.getByLabelText('Flat/Unit')).toHaveValue('4');
    expect(screen.getByLabelText('Street')).toHaveValue('GEORGE');
    expect(screen.getByLabelText('Street type')).toHaveValue('ST');
    expect(screen.getByLabelText('Suburb')).toHaveValue('PARRAMATTA');
    expect(screen.getByLabelText('City/Area')).toHaveValue('Parramatta');
    expect(screen.getByLabelText('AUS State')).toHaveValue('NSW');
    expect(screen.getByLabelText('Postal Code')).toHaveValue('2150');
    await user.clear(screen.getByLabelText('Flat/Unit'));
    await user.type(screen.getByLabelText('Flat/Unit'), '5');
    expect(screen.getByLabelText('Flat/Unit')).toHaveValue('5');
  });

  it('closes the suggestions on Escape without choosing', async () => {
    const { user } = renderAddress();

    await user.type(await screen.findByRole('combobox', { name: 'Search address' }), 'george');
    await findSuggestion(GEORGE.fullAddress);
    await user.keyboard('{ArrowDown}{Escape}');

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Current Address')).toHaveValue('');
  });

  it('creates the address chosen with the mouse, then reloads it, empties the search and offers Update', async () => {
    const { user, server, trade, addressLoads } = renderAddress();

    const search = await screen.findByRole('combobox', { name: 'Search address' });
    await user.type(search, '20 george');
    await user.click(await findSuggestion(GEORGE_HOUSE.fullAddress));
    expect(search).toHaveValue(GEORGE_HOUSE.fullAddress);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText(MESSAGES.addressCreated)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search address' })).toHaveValue(''));
    expect(screen.getByLabelText('Current Address')).toHaveValue(GEORGE_HOUSE.fullAddress);
    const [created] = server.calls('POST /api/address/create');
    expect(created?.body).toEqual({
      entityId: trade.id,
      searchId: GEORGE_HOUSE.id,
      countryCode: 'AU',
      fullAddress: GEORGE_HOUSE.fullAddress,
      stateType: 'NSW',
      suburb: 'PARRAMATTA',
      streetName: 'GEORGE',
      streetType: 'ST',
      streetNbr: '20',
      unitType: 'HOUSE',
      unitNbr: null,
      postcode: '2150',
      city: 'Parramatta',
      longitude: 151.004,
      latitude: -33.816,
      showStreetAddress: true,
    });
    expect(server.calls('PATCH /api/address/update')).toHaveLength(0);
    expect(addressLoads()).toBe(2);
  });

  it('updates an existing address with its id, and empties the search afterwards', async () => {
    const { user, server, addressLoads } = renderAddress({
      address: (trade) => makeTradeAddress(trade, { id: 'a1111111-1111-4111-8111-111111111111' }),
    });

    expect(await screen.findByLabelText('Current Address')).toHaveValue('1 Church Street, Parramatta NSW 2150');
    const search = screen.getByRole('combobox', { name: 'Search address' });
    await user.type(search, 'unit 4');
    await user.click(await findSuggestion(GEORGE.fullAddress));
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(MESSAGES.addressUpdated)).toBeInTheDocument();
    expect(search).toHaveValue('');
    expect(server.calls('PATCH /api/address/update')[0]?.body).toMatchObject({
      id: 'a1111111-1111-4111-8111-111111111111',
      searchId: GEORGE.id,
      unitType: 'UNIT',
      unitNbr: '4',
      streetNbr: '12A',
    });
    expect(server.calls('POST /api/address/create')).toHaveLength(0);
    await waitFor(() => expect(addressLoads()).toBe(2));
  });

  it.each([
    ['off for a business only at its customers’ places', { atClient: true, atBusiness: false }, false],
    ['on for a business with its own place', { atClient: true, atBusiness: true }, true],
    ['on for an online business', { atClient: false, atBusiness: false, online: true }, true],
  ])('has the public street address switch %s when creating', async (_case, trade, on) => {
    renderAddress({ trade });

    const toggle = await screen.findByRole('switch', { name: 'Show my street address publicly' });
    expect(toggle).toHaveProperty('checked', on);
    expect(toggle).toHaveAccessibleDescription(/the public sees only your suburb, state and postcode/);
  });

  it("keeps an existing address's choice of showing the street, and sends it", async () => {
    const { user, server } = renderAddress({
      address: (trade) => makeTradeAddress(trade, { showStreetAddress: false }),
    });

    const toggle = await screen.findByRole('switch', { name: 'Show my street address publicly' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(MESSAGES.addressUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /api/address/update')[0]?.body).toMatchObject({ showStreetAddress: true });
  });

  it("shows the server's refusal in a red alert", async () => {
    const user = makeUser();
    const trade = makeOwnTrade(user);
    const { user: person } = renderTrade(`/trade/address/${trade.id}`, {
      user,
      trade,
      routes: {
        ...addressRoutes(trade, null),
        'POST /api/address/create': { status: 403, message: MESSAGES.notYourTrade },
      },
    });

    await person.type(await screen.findByLabelText('Suburb'), 'Parramatta');
    await person.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.notYourTrade);
  });

  it('disables the search and the fields for a USER', async () => {
    renderAddress({}, makeUser({ role: 'USER' }));

    expect(await screen.findByRole('combobox', { name: 'Search address' })).toBeDisabled();
    expect(screen.getByLabelText('Current Address')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
  });
});
