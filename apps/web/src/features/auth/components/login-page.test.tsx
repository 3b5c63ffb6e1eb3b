import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import type { InitialEntry } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getRole, isLoggedIn, setLoggedIn, setRole } from '../../../lib/session';
import { serveApi, heldAnswer } from '../../../testing/api-server';
import { LocationProbe, renderRoutes } from '../../../testing/render-routes';
import { makeUser } from '../../../testing/user-factory';
import { LoginPage } from './login-page';

function renderLogin(entry: InitialEntry = '/login') {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <LocationProbe name="Landed" /> },
    ],
    { initialEntries: [entry] },
  );
}

const fromAccountPassword = {
  pathname: '/login',
  state: { from: { pathname: '/account/password', search: '?tab=security', hash: '' } },
};

async function logIn(user: ReturnType<typeof renderLogin>['user']) {
  await user.type(screen.getByLabelText('Email address'), 'jane@example.com.au');
  await user.type(screen.getByLabelText('Password'), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('shows the page heading, the fields and the links to register and reset', () => {
    serveApi({});
    renderLogin();

    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an Account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/resetpassword');
  });

  it('checks each field when it is left, then again as it changes', async () => {
    serveApi({});
    const { user } = renderLogin();
    const email = screen.getByLabelText('Email address');

    await user.click(email);
    expect(screen.queryByText(MESSAGES.emailRequired)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(MESSAGES.emailRequired);

    await user.type(email, 'jane');
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    await user.type(email, '@example.com.au');
    expect(screen.queryByText(MESSAGES.invalidEmail)).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Password'));
    await user.tab();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
  });

  it('goes to /trade/profile after a login without two-step, marked logged in with the role', async () => {
    const server = serveApi({
      'POST /api/user/login': { message: 'Logged in', data: { user: makeUser({ role: 'TRADER' }) } },
    });
    const { user, router } = renderLogin();

    await logIn(user);

    expect(await screen.findByText('Landed at /trade/profile')).toBeInTheDocument();
    expect(server.calls('POST /api/user/login')[0]?.body).toEqual({
      email: 'jane@example.com.au',
      password: 'secret-password',
    });
    expect(isLoggedIn()).toBe(true);
    expect(getRole()).toBe('TRADER');
    expect(await screen.findByText('Logged in')).toBeInTheDocument();
    // Back does not return to the login screen.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes back to the page the visitor came from, with its query', async () => {
    serveApi({ 'POST /api/user/login': { data: { user: makeUser() } } });
    const { user } = renderLogin(fromAccountPassword);

    await logIn(user);

    expect(await screen.findByText('Landed at /account/password?tab=security')).toBeInTheDocument();
  });

  it('says Loading... on the button while the login runs', async () => {
    const held = heldAnswer();
    serveApi({ 'POST /api/user/login': held.answer });
    const { user } = renderLogin();

    await logIn(user);

    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    held.release({ status: 401, message: 'Wrong e-mail or password' });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('asks for the two-step code when the user has two-step verification, without marking the login yet', async () => {
    // What the server answers before the code: only the user id and mfa.
    serveApi({ 'POST /api/user/login': { data: { user: { userId: makeUser().userId, mfa: true } } } });
    const { user } = renderLogin();

    await logIn(user);

    expect(await screen.findByRole('heading', { name: '2-Step Verification' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Please enter QR code' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an Account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/resetpassword');
    expect(isLoggedIn()).toBe(false);
  });

  it('after the code, goes to the page the visitor came from', async () => {
    const jane = makeUser({ mfa: true, role: 'PRIEST' });
    serveApi({
      'POST /api/user/login': { data: { user: { userId: jane.userId, mfa: true } } },
      'POST /api/user/verify/qrcode': { data: { user: jane } },
    });
    const { user } = renderLogin(fromAccountPassword);

    await logIn(user);
    await user.click(await screen.findByLabelText('Character 1 of 6'));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Landed at /account/password?tab=security')).toBeInTheDocument();
    expect(isLoggedIn()).toBe(true);
    expect(getRole()).toBe('PRIEST');
  });

  it("shows the server's message in a red alert that can be dismissed", async () => {
    serveApi({ 'POST /api/user/login': { status: 401, message: 'Wrong e-mail or password' } });
    const { user } = renderLogin();

    await logIn(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Wrong e-mail or password');
    expect(alert).toHaveClass('alert-danger');
    await user.click(screen.getByRole('button', { name: 'Close alert' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(isLoggedIn()).toBe(false);
  });

  it('says an account waiting to be deleted is waiting, and how to keep it, without logging in', async () => {
    serveApi({ 'POST /api/user/login': { status: 403, message: MESSAGES.accountDeletionPending } });
    const { user, router } = renderLogin();

    await logIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.accountDeletionPending);
    expect(router.state.location.pathname).toBe('/login');
    expect(isLoggedIn()).toBe(false);
  });

  it("says 'An error occurred' when the server cannot be reached", async () => {
    serveApi({
      'POST /api/user/login': () => Response.error(),
    });
    const { user } = renderLogin();

    await logIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred$/);
  });

  it('logs out someone already marked logged in and sends them home', async () => {
    setLoggedIn(true);
    setRole('TRADER');
    const server = serveApi({ 'POST /api/user/logout': { message: 'Logged out' } });
    renderLogin();

    expect(await screen.findByText('Landed at /')).toBeInTheDocument();
    expect(isLoggedIn()).toBe(false);
    expect(getRole()).toBeNull();
    expect(server.calls('POST /api/user/logout')).toHaveLength(1);
  });

  it('sends someone already marked logged in back to the page they came from', async () => {
    setLoggedIn(true);
    serveApi({ 'POST /api/user/logout': {} });
    renderLogin({ pathname: '/login', state: { from: { pathname: '/about', search: '', hash: '' } } });

    expect(await screen.findByText('Landed at /about')).toBeInTheDocument();
    expect(isLoggedIn()).toBe(false);
  });
});
