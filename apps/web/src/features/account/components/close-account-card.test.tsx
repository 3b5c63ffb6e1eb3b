import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isLoggedIn, setLoggedIn } from '../../../lib/session';
import { serveApi, type Route } from '../../../testing/api-server';
import { LocationProbe, renderRoutes } from '../../../testing/render-routes';
import { makeUser } from '../../../testing/user-factory';
import { AccountLayout } from './account-layout';
import { ProfilePage } from './profile-page';

const jane = makeUser({ firstName: 'Jane', lastName: 'Citizen' });

function renderProfile(routes: Record<string, Route> = {}) {
  setLoggedIn(true);
  const server = serveApi({ 'GET /api/user/profile': { data: { user: jane } }, ...routes });
  const view = renderRoutes(
    [
      { path: '/', element: <LocationProbe name="Home" /> },
      { path: '/account', element: <AccountLayout />, children: [{ path: '/account/profile', element: <ProfilePage /> }] },
    ],
    { initialEntries: ['/account/profile'] },
  );
  return { server, ...view };
}

const PASSWORD = 'parish-picnic-on-sunday';

describe('CloseAccountCard', () => {
  it('closes the account with the password once CLOSE is typed in the dialog, then logs out and goes home', async () => {
    const { user, server, router } = renderProfile({
      'PATCH /api/user/toggleaccountenabled': { message: MESSAGES.accountDisabled, data: { user: jane } },
    });

    await user.click(await screen.findByRole('button', { name: 'Close my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Close my account' });
    await user.type(within(dialog).getByLabelText('Your password'), PASSWORD);
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type CLOSE to confirm'), 'CLOSE');
    await user.click(confirm);

    expect(await screen.findByText('Home at /')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(server.calls('PATCH /api/user/toggleaccountenabled').map((call) => call.body)).toEqual([{ password: PASSWORD }]);
    expect(isLoggedIn()).toBe(false);
    expect(await screen.findByText(MESSAGES.accountDisabled)).toBeInTheDocument();
  });

  it('will not close the account without the password, even with CLOSE typed', async () => {
    const { user, server } = renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Close my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
    await user.type(within(dialog).getByLabelText('Type CLOSE to confirm'), 'CLOSE{Enter}');

    expect(within(dialog).getByRole('button', { name: 'Close my account' })).toBeDisabled();
    expect(server.requests().filter((request) => request.includes('toggle'))).toEqual([]);
  });

  it('shows a wrong password in the dialog, and stays logged in on the account page', async () => {
    const { user, router } = renderProfile({
      'PATCH /api/user/toggleaccountenabled': { status: 400, message: MESSAGES.wrongPassword },
    });

    await user.click(await screen.findByRole('button', { name: 'Close my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
    await user.type(within(dialog).getByLabelText('Your password'), 'not-my-password');
    await user.type(within(dialog).getByLabelText('Type CLOSE to confirm'), 'CLOSE');
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.wrongPassword);
    expect(router.state.location.pathname).toBe('/account/profile');
    expect(isLoggedIn()).toBe(true);
  });

  it('sends nothing when the dialog is cancelled', async () => {
    const { user, server } = renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Close my account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    expect(server.requests().filter((request) => request.includes('toggle'))).toEqual([]);
    expect(isLoggedIn()).toBe(true);
  });

  it('asks for a new password at the next login with the password given in its dialog, and says so', async () => {
    const { user, server } = renderProfile({
      'PATCH /api/user/togglecredentialsexpired': { message: MESSAGES.credentialsExpiredByYou, data: { user: jane } },
    });

    await user.click(await screen.findByRole('button', { name: 'Ask for a new password at next login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a new password at next login?' });
    expect(within(dialog).queryByLabelText(/to confirm/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Your password'), `${PASSWORD}{Enter}`);

    expect(await screen.findByText(MESSAGES.credentialsExpiredByYou)).toBeInTheDocument();
    expect(server.calls('PATCH /api/user/togglecredentialsexpired').map((call) => call.body)).toEqual([{ password: PASSWORD }]);
    expect(isLoggedIn()).toBe(true);
  });

  it("shows the server's refusal in a red alert and stays logged in", async () => {
    const { user } = renderProfile({
      'PATCH /api/user/togglecredentialsexpired': { status: 409, message: MESSAGES.credentialsAlreadyExpired },
    });

    await user.click(await screen.findByRole('button', { name: 'Ask for a new password at next login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for a new password at next login?' });
    await user.type(within(dialog).getByLabelText('Your password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Ask for a new password' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.credentialsAlreadyExpired);
    expect(isLoggedIn()).toBe(true);
  });
});
