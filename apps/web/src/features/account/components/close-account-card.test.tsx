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

describe('CloseAccountCard', () => {
  it('closes the account once CLOSE is typed in the dialog, then logs out and goes home', async () => {
    const { user, server, router } = renderProfile({
      'PATCH /api/user/toggleaccountenabled': { message: MESSAGES.accountDisabled, data: { user: jane } },
    });

    await user.click(await screen.findByRole('button', { name: 'Close my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Close my account' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type CLOSE to confirm'), 'CLOSE');
    await user.click(confirm);

    expect(await screen.findByText('Home at /')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(server.calls('PATCH /api/user/toggleaccountenabled')).toHaveLength(1);
    expect(isLoggedIn()).toBe(false);
    expect(await screen.findByText(MESSAGES.accountDisabled)).toBeInTheDocument();
  });

  it('sends nothing when the dialog is cancelled', async () => {
    const { user, server } = renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Close my account' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    expect(server.requests().filter((request) => request.includes('toggle'))).toEqual([]);
    expect(isLoggedIn()).toBe(true);
  });

  it('asks for a new password at the next login, and says so', async () => {
    const { user, server } = renderProfile({
      'PATCH /api/user/togglecredentialsexpired': { message: MESSAGES.credentialsExpiredByYou, data: { user: jane } },
    });

    await user.click(await screen.findByRole('button', { name: 'Ask for a new password at next login' }));

    expect(await screen.findByText(MESSAGES.credentialsExpiredByYou)).toBeInTheDocument();
    expect(server.calls('PATCH /api/user/togglecredentialsexpired')).toHaveLength(1);
    expect(isLoggedIn()).toBe(true);
  });

  it("shows the server's refusal in a red alert and stays logged in", async () => {
    const { user } = renderProfile({
      'PATCH /api/user/togglecredentialsexpired': { status: 409, message: MESSAGES.credentialsAlreadyExpired },
    });

    await user.click(await screen.findByRole('button', { name: 'Ask for a new password at next login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.credentialsAlreadyExpired);
    expect(isLoggedIn()).toBe(true);
  });
});
