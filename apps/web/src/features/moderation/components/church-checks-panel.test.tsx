import type { TradeChecks } from '@churchtrades/shared/church-checks';
import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeModerationTrade, makeTradeChecks } from '../testing/moderation-factory';
import { renderModeration } from '../testing/render-moderation';

const trade = makeModerationTrade({ name: 'Spark Electrical' });
const VOUCH = {
  churchName: "St Paul's",
  vouchedAt: '2026-01-15T00:00:00.000Z',
  until: '2027-01-15T00:00:00.000Z',
  voucherRole: 'MODERATOR',
  voucherName: 'Mary Moderator',
  named: false,
  renewalAskedAt: null,
} as const;
const LICENCE = { number: 'EC 12345', state: 'NSW', kind: 'Electrical contractor', checkedAt: null, checkedByName: null } as const;

/** The business's page, its checks as the server holds them: each call answers what it changed. */
function renderChecks(checks: TradeChecks, changes: Record<string, { message: string; checks: TradeChecks }> = {}) {
  let held = checks;
  const answer = (route: string) => () => {
    held = changes[route]!.checks;
    return { message: changes[route]!.message, data: { checks: held } };
  };
  return renderModeration(`/moderation/trades/${trade.id}`, {
    routes: {
      [`GET /api/moderation/trades/${trade.id}`]: { data: { trade } },
      'GET /api/moderation/trades/:id/checks': () => ({ data: { checks: held } }),
      ...Object.fromEntries(Object.keys(changes).map((route) => [route, answer(route)])),
    },
  });
}

/** The section once the checks have loaded. */
async function checksSection() {
  const section = await screen.findByRole('region', { name: 'Church and licence checks' });
  await within(section).findByRole('heading', { name: 'Licence' });
  return section;
}

describe('the church checks of a business', () => {
  it('vouches with the voucher named on the badge, and shows the vouch', async () => {
    const route = `POST /api/moderation/trades/${trade.id}/vouch`;
    const { user, server } = renderChecks(makeTradeChecks({ mayVouch: true }), {
      [route]: { message: MESSAGES.vouchRecorded, checks: makeTradeChecks({ vouch: { ...VOUCH, named: true }, mayVouch: true, mayWithdraw: true }) },
    });

    const section = await checksSection();
    expect(within(section).getByText('No one at its church has vouched for this business.')).toBeInTheDocument();
    await user.click(within(section).getByRole('checkbox', { name: 'Name me on the badge' }));
    await user.click(within(section).getByRole('button', { name: 'Vouch: I know who runs it' }));

    expect(await screen.findByText(MESSAGES.vouchRecorded)).toBeInTheDocument();
    expect(server.calls(route)[0]!.body).toEqual({ named: true });
    expect(await within(section).findByText(/vouched for by Mary Moderator \(moderator\)/)).toBeInTheDocument();
    expect(within(section).getByText('The badge names the voucher.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Renew' })).toBeInTheDocument();
  });

  it('withdraws a vouch only with a reason', async () => {
    const route = `DELETE /api/moderation/trades/${trade.id}/vouch`;
    const { user, server } = renderChecks(makeTradeChecks({ vouch: VOUCH, mayWithdraw: true }), {
      [route]: { message: MESSAGES.vouchWithdrawn, checks: makeTradeChecks() },
    });

    const section = await checksSection();
    await user.click(within(section).getByRole('button', { name: 'Withdraw vouch' }));
    await user.click(within(section).getByRole('button', { name: 'Withdraw' }));
    expect(await within(section).findByText(MESSAGES.withdrawalReasonRequired)).toBeInTheDocument();
    expect(server.calls(route)).toHaveLength(0);

    await user.type(within(section).getByLabelText('Reason for withdrawing'), 'Moved interstate.');
    await user.click(within(section).getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText(MESSAGES.vouchWithdrawn)).toBeInTheDocument();
    expect(server.calls(route)[0]!.body).toEqual({ reason: 'Moved interstate.' });
    expect(await within(section).findByText('No one at its church has vouched for this business.')).toBeInTheDocument();
  });

  it('marks a stated licence checked, and undoes it', async () => {
    const mark = `POST /api/moderation/trades/${trade.id}/licenceChecked`;
    const checked = { ...LICENCE, checkedAt: '2026-02-01T00:00:00.000Z', checkedByName: 'Mary Moderator' };
    const { user } = renderChecks(makeTradeChecks({ licence: LICENCE, mayCheckLicence: true }), {
      [mark]: { message: MESSAGES.licenceMarkedChecked, checks: makeTradeChecks({ licence: checked, mayCheckLicence: true }) },
      [`DELETE /api/moderation/trades/${trade.id}/licenceChecked`]: {
        message: MESSAGES.licenceCheckUndone,
        checks: makeTradeChecks({ licence: LICENCE, mayCheckLicence: true }),
      },
    });

    const section = await checksSection();
    expect(within(section).getByText(/stated by the owner, not checked yet/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Mark licence checked' }));

    expect(await screen.findByText(MESSAGES.licenceMarkedChecked)).toBeInTheDocument();
    expect(await within(section).findByText(/checked against the NSW public register/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Undo licence check' }));
    expect(await screen.findByText(MESSAGES.licenceCheckUndone)).toBeInTheDocument();
    expect(await within(section).findByRole('button', { name: 'Mark licence checked' })).toBeInTheDocument();
  });

  it("offers a priest who may not act nothing to press, and shows the server's refusal", async () => {
    const route = `POST /api/moderation/trades/${trade.id}/vouch`;
    const { user } = renderModeration(`/moderation/trades/${trade.id}`, {
      routes: {
        [`GET /api/moderation/trades/${trade.id}`]: { data: { trade } },
        'GET /api/moderation/trades/:id/checks': { data: { checks: makeTradeChecks({ mayVouch: true, licence: LICENCE }) } },
        [route]: { status: 403, message: MESSAGES.notYourChurchToVouch },
      },
    });

    const section = await checksSection();
    expect(within(section).queryByRole('button', { name: 'Mark licence checked' })).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Vouch: I know who runs it' }));

    expect(await within(section).findByText(MESSAGES.notYourChurchToVouch)).toBeInTheDocument();
  });
});
