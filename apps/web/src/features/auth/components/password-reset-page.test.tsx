import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi, heldAnswer, type Route } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-routes';
import { PasswordResetPage } from './password-reset-page';

const USER_ID = '00000000-0000-4000-9000-000000000007';

function renderReset(path: string, { verify, reset }: { verify?: Route; reset?: Route } = {}) {
  const server = serveApi({
    'GET /api/user/verify/password': verify ?? { data: { user: { userId: USER_ID } } },
    'POST /api/user/resetpassword/reset': reset ?? { message: 'Your password is changed' },
  });
  const view = renderRoutes([{ path: '/verify/password', element: <PasswordResetPage /> }], { initialEntries: [path] });
  return { server, ...view };
}

async function enterPasswords(user: ReturnType<typeof renderReset>['user'], first: string, second: string) {
  await user.type(await screen.findByLabelText('New password'), first);
  await user.type(screen.getByLabelText('Confirm password'), second);
}

describe('PasswordResetPage', () => {
  it('says the link is invalid without a key, with links to login and a new reset', () => {
    const { server } = renderReset('/verify/password');

    expect(screen.getByRole('alert')).toHaveTextContent(/^Invalid link. Pleasecheck the link and try again$/);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/resetpassword');
    expect(server.requests()).toEqual([]);
  });

  it("says 'Please wait. Verifying...' until the key is checked, then asks for the new password", async () => {
    const held = heldAnswer();
    renderReset('/verify/password?key=k1', { verify: held.answer });

    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.verifying);
    held.release({ data: { user: { userId: USER_ID } } });

    expect(await screen.findByText('Please enter new password')).toBeInTheDocument();
    expect(document.querySelector('input[type="hidden"][name="userId"]')).toHaveValue(USER_ID);
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/resetpassword');
  });

  it("shows the server's message for a refused key", async () => {
    renderReset('/verify/password?key=old', { verify: { status: 400, message: 'This link has expired' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired');
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/resetpassword');
  });

  it("says 'An error occurred. Try again later.' when the key cannot be checked", async () => {
    renderReset('/verify/password?key=k1', {
      verify: () => Response.error(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred. Try again later.$/);
  });

  it("says 'new and confirm password do not match' under the confirmation", async () => {
    const { user } = renderReset('/verify/password?key=k1');

    await enterPasswords(user, 'new-password', 'new-passwort');
    await user.tab();
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(MESSAGES.passwordsDoNotMatch);

    // Correcting the first box clears it too.
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'new-passwort');
    expect(screen.queryByText(MESSAGES.passwordsDoNotMatch)).not.toBeInTheDocument();
  });

  it("saves with the key and user id, shows 'Loading .. ' meanwhile, then the server's message on an empty form", async () => {
    const held = heldAnswer();
    const { user, server } = renderReset('/verify/password?key=k1', { reset: held.answer });

    await enterPasswords(user, 'new-password', 'new-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Loading ..' })).toBeDisabled();
    held.release({ message: 'Your password is changed' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Your password is changed');
    expect(server.calls('POST /api/user/resetpassword/reset')[0]?.body).toEqual({
      newPassword: 'new-password',
      confirmNewPassword: 'new-password',
      userId: USER_ID,
      key: 'k1',
    });
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm password')).toHaveValue('');
  });

  it("says 'Password reset Successfully' when the server gives no message", async () => {
    const { user } = renderReset('/verify/password?key=k1', { reset: { message: '' } });

    await enterPasswords(user, 'new-password', 'new-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Password reset Successfully$/);
  });

  it("shows the server's refusal and clears the form for another try", async () => {
    const { user } = renderReset('/verify/password?key=k1', { reset: { status: 400, message: 'This link was already used' } });

    await enterPasswords(user, 'new-password', 'new-password');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This link was already used');
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it("shows the server's word on a password too easy to guess under the new password field", async () => {
    const message = `${MESSAGES.passwordTooEasy} This is a commonly used password.`;
    const { user } = renderReset('/verify/password?key=k1', {
      reset: { status: 400, message, data: { errors: [{ field: 'newPassword', message }] } },
    });

    await enterPasswords(user, 'password1', 'password1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });
});
