import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/user-factory';
import { renderAccount } from '../testing/render-account';

const FIELDS = ['First name', 'Last name', 'Email address', 'Bio', 'Phone'];

describe('ProfilePage', () => {
  it("shows the user's first and last name, e-mail, bio and phone", async () => {
    renderAccount(
      '/account/profile',
      makeUser({ firstName: 'Jane', lastName: 'Citizen', email: 'jane@example.com.au', bio: 'Plumber', phone: '0400 111 222' }),
    );

    expect(await screen.findByLabelText('First name')).toHaveValue('Jane');
    expect(screen.getByLabelText('Last name')).toHaveValue('Citizen');
    expect(screen.getByLabelText('Email address')).toHaveValue('jane@example.com.au');
    expect(screen.getByLabelText('Bio')).toHaveValue('Plumber');
    expect(screen.getByLabelText('Phone')).toHaveValue('0400 111 222');
  });

  it('names what is missing as each field is left, and keeps Update disabled meanwhile', async () => {
    const { user } = renderAccount('/account/profile', makeUser({ bio: null, phone: null }));

    await user.clear(await screen.findByLabelText('First name'));
    await user.clear(screen.getByLabelText('Last name'));
    await user.clear(screen.getByLabelText('Email address'));
    await user.click(screen.getByLabelText('Bio'));
    await user.click(screen.getByLabelText('Phone'));
    await user.tab();

    for (const message of [
      MESSAGES.firstNameRequired,
      MESSAGES.lastNameRequired,
      MESSAGES.emailRequired,
      MESSAGES.bioRequired,
      MESSAGES.phoneRequired,
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    await user.type(screen.getByLabelText('Email address'), 'jane@');
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeInTheDocument();
  });

  it('sends the changes, says so in a toast and shows the new name beside the form', async () => {
    const jane = makeUser({ firstName: 'Jane', lastName: 'Citizen' });
    const { user, server } = renderAccount('/account/profile', jane, {
      'PATCH /api/user/update': { message: 'Profile updated', data: { user: { ...jane, firstName: 'Janet' } } },
    });

    await user.clear(await screen.findByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Janet');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Janet Citizen' })).toBeInTheDocument();
    expect(server.calls('PATCH /api/user/update')[0]?.body).toEqual({
      firstName: 'Janet',
      lastName: 'Citizen',
      email: jane.email,
      bio: jane.bio,
      phone: jane.phone,
    });
  });

  it("shows the server's refusal in a red alert", async () => {
    const { user } = renderAccount('/account/profile', makeUser(), {
      'PATCH /api/user/update': { status: 400, message: 'The password is not correct.' },
    });

    await user.click(await screen.findByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The password is not correct.');
  });

  it('asks for the current password only when the e-mail changes, and says to check the new address', async () => {
    const jane = makeUser({ email: 'jane@example.com.au' });
    const { user, server } = renderAccount('/account/profile', jane, {
      'PATCH /api/user/update': { message: MESSAGES.emailChangeRequested, data: { user: jane } },
    });

    const email = await screen.findByLabelText('Email address');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'JANE@example.com.au');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'jane.new@example.com.au');
    const password = screen.getByLabelText('Current password');
    await user.click(password);
    await user.tab();
    expect(screen.getByText(MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    await user.type(password, 'my-password');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findAllByText(MESSAGES.emailChangeRequested)).not.toHaveLength(0);
    expect(server.calls('PATCH /api/user/update')[0]?.body).toMatchObject({
      email: 'jane.new@example.com.au',
      password: 'my-password',
    });
    expect(screen.getByLabelText('Email address')).toHaveValue('jane@example.com.au');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('sends no password when the e-mail stays', async () => {
    const jane = makeUser();
    const { user, server } = renderAccount('/account/profile', jane, {
      'PATCH /api/user/update': { message: 'Profile updated', data: { user: jane } },
    });

    await user.click(await screen.findByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(server.calls('PATCH /api/user/update')[0]?.body).not.toHaveProperty('password');
  });

  it('disables every field and the button for a USER', async () => {
    renderAccount('/account/profile', makeUser({ role: 'USER' }));

    for (const label of FIELDS) expect(await screen.findByLabelText(label)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    expect(screen.getByText(MESSAGES.readOnlyAccount)).toBeInTheDocument();
  });
});
