import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heldAnswer } from '../../../testing/api-server';
import { makeUser } from '../../../testing/user-factory';
import { renderAccount } from '../testing/render-account';

async function fillIn(user: ReturnType<typeof renderAccount>['user'], confirm = 'new-password') {
  await user.type(await screen.findByLabelText('Current password'), 'old-password');
  await user.type(screen.getByLabelText('New password'), 'new-password');
  await user.type(screen.getByLabelText('Confirm password'), confirm);
}

describe('PasswordPage', () => {
  it('names what is missing as each field is left, and the mismatch under the confirmation', async () => {
    const { user } = renderAccount('/account/password', makeUser());

    await user.click(await screen.findByLabelText('Current password'));
    await user.tab();
    await user.tab();
    expect(screen.getByText(MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.newPasswordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'new-password');
    await user.type(screen.getByLabelText('Confirm password'), 'other-password');
    await user.tab();

    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(MESSAGES.passwordsDoNotMatch);
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it('sends the three fields, disables Update while it runs, then empties the form and says so', async () => {
    const held = heldAnswer();
    const { user, server } = renderAccount('/account/password', makeUser(), { 'PATCH /api/user/updatepassword': held.answer });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    held.release({ message: 'Password updated' });

    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(server.calls('PATCH /api/user/updatepassword')[0]?.body).toEqual({
      password: 'old-password',
      newPassword: 'new-password',
      confirmNewPassword: 'new-password',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm password')).toHaveValue('');
  });

  it("shows the server's refusal in a red alert and keeps the form", async () => {
    const { user } = renderAccount('/account/password', makeUser(), {
      'PATCH /api/user/updatepassword': { status: 400, message: 'The current password is wrong' },
    });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is wrong');
    expect(screen.getByLabelText('New password')).toHaveValue('new-password');
  });

  it("shows the server's word on a new password too easy to guess under that field", async () => {
    const message = MESSAGES.passwordAboutYou;
    const { user } = renderAccount('/account/password', makeUser(), {
      'PATCH /api/user/updatepassword': { status: 400, message, data: { errors: [{ field: 'newPassword', message }] } },
    });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(message);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lets a USER change their own password, and disables only the two-step switch', async () => {
    const { user, server } = renderAccount('/account/password', makeUser({ role: 'USER' }), {
      'PATCH /api/user/updatepassword': { message: 'Password updated', data: {} },
    });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(server.calls('PATCH /api/user/updatepassword')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeDisabled();
  });
});
