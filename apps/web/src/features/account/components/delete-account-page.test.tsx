import { ACCOUNT_DELETION_DAYS, FORMER_CUSTOMER, FORMER_USER } from '@churchtrades/shared/account-deletion';
import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isLoggedIn, setLoggedIn } from '../../../lib/session';
import { makeUser } from '../../../testing/user-factory';
import { renderAccount } from '../testing/render-account';

const PASSWORD = 'parish-picnic-on-sunday';
const DELETION = { requestedAt: '2026-03-02T09:30:00.000Z', deletesAt: '2026-03-16T09:30:00.000Z' };
const BUTTON = { name: 'Delete my account' } as const;

function renderDeletePage(user = makeUser(), routes: Parameters<typeof renderAccount>[2] = {}) {
  setLoggedIn(true);
  return renderAccount('/account/delete', user, routes);
}

describe('DeleteAccountPage', () => {
  it('says what deleting does and keeps, and points to downloading the data first', async () => {
    renderDeletePage();

    expect(await screen.findByRole('heading', { name: 'Delete my account' })).toBeInTheDocument();
    expect(screen.getByText(/logged out everywhere/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`The link works for ${ACCOUNT_DELETION_DAYS} days`))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`After ${ACCOUNT_DELETION_DAYS} days we delete your account`))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(FORMER_CUSTOMER))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(FORMER_USER))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'download your data' })).toHaveAttribute('href', '/account/data');
    expect(within(screen.getByRole('list', { name: 'Account pages' })).getByRole('link', { name: 'Delete my account' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('deletes the account with the password once DELETE is typed, then logs out and goes home', async () => {
    const { user, server, router } = renderDeletePage(makeUser(), {
      'POST /api/user/deletion': { message: MESSAGES.accountDeletionRequested, data: DELETION },
    });

    await user.type(await screen.findByLabelText('Your password'), PASSWORD);
    expect(screen.queryByLabelText('Code from your app')).not.toBeInTheDocument();
    expect(screen.getByRole('button', BUTTON)).toBeDisabled();
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', BUTTON));

    expect(await screen.findByText('Home at /')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(server.calls('POST /api/user/deletion').map((call) => call.body)).toEqual([{ password: PASSWORD }]);
    expect(isLoggedIn()).toBe(false);
    expect(await screen.findByText(MESSAGES.accountDeletionRequested)).toBeInTheDocument();
  });

  it('sends nothing until DELETE is typed, even with the password given', async () => {
    const { user, server } = renderDeletePage();

    await user.type(await screen.findByLabelText('Your password'), PASSWORD);
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete{Enter}');

    expect(screen.getByRole('button', BUTTON)).toBeDisabled();
    expect(server.requests()).not.toContain('POST /api/user/deletion');
    expect(isLoggedIn()).toBe(true);
  });

  it('asks an account with two-step on for a code too, and sends it', async () => {
    const { user, server } = renderDeletePage(makeUser({ mfa: true }), {
      'POST /api/user/deletion': { message: MESSAGES.accountDeletionRequested, data: DELETION },
    });

    await user.type(await screen.findByLabelText('Your password'), PASSWORD);
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect(screen.getByRole('button', BUTTON)).toBeDisabled();
    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', BUTTON));

    expect(await screen.findByText('Home at /')).toBeInTheDocument();
    expect(server.calls('POST /api/user/deletion').map((call) => call.body)).toEqual([{ password: PASSWORD, code: '123456' }]);
  });

  it('shows a wrong password in a red alert and stays on the page, logged in', async () => {
    const { user, router } = renderDeletePage(makeUser(), {
      'POST /api/user/deletion': { status: 400, message: MESSAGES.wrongPassword },
    });

    await user.type(await screen.findByLabelText('Your password'), 'not-my-password');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', BUTTON));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.wrongPassword);
    expect(alert).toHaveClass('alert-danger');
    expect(router.state.location.pathname).toBe('/account/delete');
    expect(isLoggedIn()).toBe(true);
  });

  it("shows the server's missing-code message under the code field", async () => {
    const { user } = renderDeletePage(makeUser({ mfa: true }), {
      'POST /api/user/deletion': {
        status: 400,
        message: MESSAGES.twoStepCodeRequired,
        data: { errors: [{ field: 'code', message: MESSAGES.twoStepCodeRequired }] },
      },
    });

    await user.type(await screen.findByLabelText('Your password'), PASSWORD);
    await user.type(screen.getByLabelText('Code from your app'), '000000');
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', BUTTON));

    expect(await screen.findByText(MESSAGES.twoStepCodeRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Code from your app')).toHaveAccessibleDescription(MESSAGES.twoStepCodeRequired);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
