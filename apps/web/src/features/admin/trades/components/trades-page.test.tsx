import { MESSAGES } from '@churchtrades/shared/messages';
import type { TradeAdminRow } from '@churchtrades/shared/trade-admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReceivedCall, Route } from '../../../../testing/api-server';
import { pageOf } from '../../testing/admin-factory';
import { makeTradeAdminRow } from '../../testing/directory-factory';
import { expectLastQuery, lastQuery, renderDirectoryAdmin } from '../../testing/render-directory-admin';

const SEARCH = 'GET /api/trades/searchTrade';

/** The businesses as the test API holds them; a toggle flips one, which then is listed or not. */
class StoredTrades {
  constructor(public rows: TradeAdminRow[]) {}

  flip(call: ReceivedCall, field: 'locked' | 'expired') {
    const id = call.url.searchParams.get('key');
    this.rows = this.rows.map((row) => (row.id === id ? { ...row, [field]: !row[field], listed: row[field] } : row));
    const row = this.rows.find((trade) => trade.id === id);
    return { message: MESSAGES.settingsUpdated, data: { trade: row } };
  }
}

function renderTrades(rows: TradeAdminRow[], path = '/admin/trades', extra: Record<string, Route> = {}) {
  const stored = new StoredTrades(rows);
  const view = renderDirectoryAdmin(path, {
    routes: {
      [SEARCH]: ({ url }: ReceivedCall) => {
        const number = Number(url.searchParams.get('page'));
        return { data: { trades: pageOf(stored.rows, { number, size: 20, totalElements: 41 }) } };
      },
      'PATCH /api/trades/toggleLocked': (call: ReceivedCall) => stored.flip(call, 'locked'),
      'PATCH /api/trades/toggleExpired': (call: ReceivedCall) => stored.flip(call, 'expired'),
      ...extra,
    },
  });
  return { ...view, stored, listLoads: () => view.server.calls(SEARCH).length };
}

const JONES = makeTradeAdminRow({
  name: 'Jones Plumbing',
  churchName: "St Paul's Geelong",
  stateType: 'VIC',
  ownerName: 'Mary Jones',
  ownerEmail: 'mary@example.com.au',
  status: 'PENDING',
  listed: false,
});
const SMITH = makeTradeAdminRow({ name: 'Smith Electrical', status: 'APPROVED', listed: true });

describe('TradesPage', () => {
  it('lists every business with its church, owner, status and switches; a name opens it for moderators', async () => {
    const { user, router } = renderTrades([JONES, SMITH]);

    const row = (await screen.findByRole('link', { name: 'Jones Plumbing' })).closest('tr') as HTMLElement;
    expect(within(row).getByText("St Paul's Geelong")).toBeInTheDocument();
    expect(within(row).getByText('VIC')).toBeInTheDocument();
    expect(within(row).getByText('Mary Jones')).toBeInTheDocument();
    expect(within(row).getByText('mary@example.com.au')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Locked: Jones Plumbing' })).not.toBeChecked();
    expect(within(row).getByRole('switch', { name: 'Expired: Jones Plumbing' })).not.toBeChecked();
    expect(screen.getByText('Showing 1 - 2 of 41 businesses')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Jones Plumbing' }));

    expect(router.state.location.pathname).toBe(`/moderation/trades/${JONES.id}`);
  });

  it('sends the name, state and status chosen, and keeps them in the URL', async () => {
    const { user, server, router } = renderTrades([JONES]);
    const filters = await screen.findByRole('search', { name: 'Filter businesses' });
    expect(lastQuery(server, SEARCH)).toEqual({ page: '0', size: '20' });

    await user.type(within(filters).getByLabelText('Business name'), 'jones');
    await user.click(within(filters).getByRole('button', { name: 'Search' }));
    await user.selectOptions(within(filters).getByLabelText('State'), 'VIC');
    await user.selectOptions(within(filters).getByLabelText('Status'), 'Rejected');

    const expected = { name: 'jones', stateType: 'VIC', status: 'REJECTED' };
    await expectLastQuery(server, SEARCH, { ...expected, page: '0', size: '20' });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(expected);
  });

  it('pages through the businesses, keeping the filters', async () => {
    const { user, server } = renderTrades([JONES], '/admin/trades?status=PENDING');

    await screen.findByRole('link', { name: 'Jones Plumbing' });
    expect(screen.getByLabelText('Status')).toHaveValue('PENDING');
    await user.click(screen.getByRole('link', { name: 'Next page' }));

    await expectLastQuery(server, SEARCH, { status: 'PENDING', page: '1', size: '20' });
  });

  it.each([
    ['Locked', '/api/trades/toggleLocked'],
    ['Expired', '/api/trades/toggleExpired'],
  ] as const)('flips %s through %s?key=<trade id>, then reloads the list', async (label, path) => {
    const { user, server, listLoads } = renderTrades([JONES, SMITH]);
    const name = `${label}: Smith Electrical`;
    const loadsBefore = listLoads();

    await user.click(await screen.findByRole('switch', { name }));

    expect(await screen.findByText(MESSAGES.settingsUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name })).toBeChecked());
    const [call] = server.calls(`PATCH ${path}`);
    expect(call?.url.searchParams.get('key')).toBe(SMITH.id);
    expect(call?.body).toBeUndefined();
    await waitFor(() => expect(listLoads()).toBeGreaterThan(loadsBefore));
    const row = screen.getByRole('link', { name: 'Smith Electrical' }).closest('tr') as HTMLElement;
    const [, , , , listed] = within(row).getAllByRole('cell');
    await waitFor(() => expect(listed).toHaveTextContent('No'));
    expect(screen.getByRole('switch', { name: `${label}: Jones Plumbing` })).not.toBeChecked();
  });

  it("shows the server's refusal in a red alert and leaves the switch as it was", async () => {
    const { user } = renderTrades([JONES], '/admin/trades', {
      'PATCH /api/trades/toggleLocked': { status: 403, message: MESSAGES.forbidden },
    });

    await user.click(await screen.findByRole('switch', { name: 'Locked: Jones Plumbing' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.forbidden);
    expect(screen.getByRole('switch', { name: 'Locked: Jones Plumbing' })).not.toBeChecked();
  });

  it('says so when no business matches', async () => {
    renderTrades([], '/admin/trades?name=nothing');

    expect(await screen.findByText('No businesses match these filters.')).toBeInTheDocument();
  });
});
