import { MESSAGES } from '@churchtrades/shared/messages';
import type { OwnTrade } from '@churchtrades/shared/trade-dashboard';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heldAnswer } from '../../../testing/api-server';
import { makeUser } from '../../../testing/user-factory';
import { renderTrade, type StoredTrade } from '../testing/render-trade';
import { makeOwnTrade } from '../testing/trade-dashboard-factory';

/** Each toggle route flips its field of the stored business, as the server does. */
function toggleRoutes(stored: StoredTrade) {
  const flip = (field: 'enabled' | 'atClient' | 'atBusiness' | 'online') => () =>
    stored.change({ [field]: !stored.current?.[field] }, MESSAGES.settingsUpdated);
  return {
    'PATCH /api/trades/toggleEnabled': flip('enabled'),
    'PATCH /api/trades/toggletradeatclient': flip('atClient'),
    'PATCH /api/trades/toggletradeatbusiness': flip('atBusiness'),
    'PATCH /api/trades/toggletradeonline': flip('online'),
  };
}

function renderSettings(overrides: Partial<OwnTrade> = {}, user = makeUser()) {
  const trade = makeOwnTrade(user, overrides);
  return { ...renderTrade(`/trade/setting/${trade.id}`, { user, trade, routes: toggleRoutes }), trade };
}

describe('SettingsPage', () => {
  it('shows the Enabled switch and the service locations as the business has them', async () => {
    renderSettings({ enabled: true, atClient: true, atBusiness: false, online: true });

    expect(await screen.findByRole('switch', { name: 'Enabled' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Customer Location' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Business Location' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Online' })).toBeChecked();
    expect(screen.getByText('Check all applicable...')).toBeInTheDocument();
  });

  it.each([
    ['Enabled', '/api/trades/toggleEnabled', 'switch'],
    ['Customer Location', '/api/trades/toggletradeatclient', 'checkbox'],
    ['Business Location', '/api/trades/toggletradeatbusiness', 'checkbox'],
    ['Online', '/api/trades/toggletradeonline', 'checkbox'],
  ] as const)('flips %s through %s?key=<trade id>, then reloads the business', async (name, path, role) => {
    const { user, server, trade, tradeLoads } = renderSettings({
      enabled: true,
      atClient: false,
      atBusiness: true,
      online: false,
    });
    const box = await screen.findByRole(role, { name });
    const before = (box as HTMLInputElement).checked;
    const loadsBefore = tradeLoads();

    await user.click(box);

    expect(await screen.findByText(MESSAGES.settingsUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole(role, { name })).toHaveProperty('checked', !before));
    const [call] = server.calls(`PATCH ${path}`);
    expect(call?.url.searchParams.get('key')).toBe(trade.id);
    expect(call?.body).toBeUndefined();
    await waitFor(() => expect(tradeLoads()).toBeGreaterThan(loadsBefore));
  });

  it('holds every box while a change is sent, each showing what the server holds', async () => {
    const held = heldAnswer();
    const jane = makeUser();
    const trade = makeOwnTrade(jane, { online: false });
    const { user } = renderTrade(`/trade/setting/${trade.id}`, {
      user: jane,
      trade,
      routes: (stored) => ({
        'PATCH /api/trades/toggletradeonline': async () => {
          await held.answer();
          return stored.change({ online: true }, MESSAGES.settingsUpdated);
        },
      }),
    });

    const online = await screen.findByRole('checkbox', { name: 'Online' });
    await user.click(online);

    expect(online).not.toBeChecked();
    expect(online).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Enabled' })).toBeDisabled();
    held.release();
    expect(await screen.findByText(MESSAGES.settingsUpdated)).toBeInTheDocument();
    // The toast may come before the boxes show the answer: wait for them too.
    await waitFor(() => {
      const answered = screen.getByRole('checkbox', { name: 'Online' });
      expect(answered).toBeChecked();
      expect(answered).toBeEnabled();
    });
  });

  it("shows the server's refusal in a red alert and leaves the box as it was", async () => {
    const jane = makeUser();
    const trade = makeOwnTrade(jane, { atClient: true });
    const { user } = renderTrade(`/trade/setting/${trade.id}`, {
      user: jane,
      trade,
      routes: { 'PATCH /api/trades/toggletradeatclient': { status: 403, message: MESSAGES.notYourTrade } },
    });

    await user.click(await screen.findByRole('checkbox', { name: 'Customer Location' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.notYourTrade);
    expect(screen.getByRole('checkbox', { name: 'Customer Location' })).toBeChecked();
  });

  it('disables every switch for a USER', async () => {
    renderSettings({}, makeUser({ role: 'USER' }));

    expect(await screen.findByRole('switch', { name: 'Enabled' })).toBeDisabled();
    for (const name of ['Customer Location', 'Business Location', 'Online']) {
      expect(screen.getByRole('checkbox', { name })).toBeDisabled();
    }
    expect(screen.getByText(MESSAGES.readOnlyAccount)).toBeInTheDocument();
  });
});
