import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReceivedCall } from '../../../../testing/api-server';
import { renderDirectoryAdmin } from '../../testing/render-directory-admin';

const DEFAULT = { months: 12, updatedAt: null, updatedByName: null };

describe('SettingsPage', () => {
  it('shows the still-trading period and saves a new one', async () => {
    const { server } = renderDirectoryAdmin('/admin/settings', {
      routes: {
        'GET /api/settings/stillTrading': { data: { setting: DEFAULT } },
        'PUT /api/settings/stillTrading': ({ body }: ReceivedCall) => ({
          message: MESSAGES.stillTradingSettingSaved,
          data: {
            setting: { months: (body as { months: number }).months, updatedAt: '2027-01-05T01:00:00.000Z', updatedByName: 'Ada Admin' },
          },
        }),
      },
    });

    const months = await screen.findByLabelText('Months before asking');
    expect(months).toHaveValue(12);
    expect(screen.getByText(/Never changed: the default period applies/)).toBeInTheDocument();

    await userEvent.clear(months);
    await userEvent.type(months, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Save period' }));

    expect(await screen.findByText(/Last changed by Ada Admin/)).toBeInTheDocument();
    expect(server.calls('PUT /api/settings/stillTrading')[0]?.body).toEqual({ months: 6 });
  });

  it('refuses a period out of bounds before asking the server', async () => {
    const { server } = renderDirectoryAdmin('/admin/settings', {
      routes: { 'GET /api/settings/stillTrading': { data: { setting: DEFAULT } } },
    });

    const months = await screen.findByLabelText('Months before asking');
    await userEvent.clear(months);
    await userEvent.type(months, '48');
    await userEvent.click(screen.getByRole('button', { name: 'Save period' }));

    expect(await screen.findByText(MESSAGES.stillTradingMonthsRange)).toBeInTheDocument();
    expect(server.calls('PUT /api/settings/stillTrading')).toHaveLength(0);
  });

  it('is among the administration sections', async () => {
    renderDirectoryAdmin('/admin/settings', {
      routes: { 'GET /api/settings/stillTrading': { data: { setting: DEFAULT } } },
    });

    expect(await screen.findByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
  });
});
