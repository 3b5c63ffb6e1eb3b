import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../testing/user-factory';
import { renderAccount } from '../testing/render-account';

describe('AccountLayout', () => {
  it('shows the photo, full name, role badge and the side links', async () => {
    const jane = makeUser({ firstName: 'Jane', lastName: 'Citizen', role: 'TRADER', imageUrl: '/uploads/users/jane.webp' });
    renderAccount('/account/profile', jane);

    expect(await screen.findByRole('heading', { name: 'Jane Citizen' })).toBeInTheDocument();
    expect(screen.getByText('ROLE_TRADER')).toBeInTheDocument();
    expect(document.querySelector('img.avatar')).toHaveAttribute('src', '/uploads/users/jane.webp');
    const links = screen.getByRole('list', { name: 'Account pages' });
    expect(within(links).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/account/profile');
    expect(within(links).getByRole('link', { name: 'Password' })).toHaveAttribute('href', '/account/password');
    expect(within(links).getByRole('link', { name: 'Sessions' })).toHaveAttribute('href', '/account/sessions');
  });

  it('shows a neutral placeholder for a user without a photo', async () => {
    renderAccount('/account/profile', makeUser({ imageUrl: null }));

    await screen.findByText('ROLE_TRADER');
    expect(document.querySelector('svg.avatar-placeholder')).toBeInTheDocument();
    expect(document.querySelector('img.avatar')).not.toBeInTheDocument();
  });

  it('uploads the chosen photo with the user id, and shows the new one', async () => {
    const jane = makeUser();
    const { user, server } = renderAccount('/account/profile', jane, {
      'PATCH /api/user/photo': { message: 'Photo updated', data: { user: { ...jane, imageUrl: '/uploads/users/new.webp' } } },
    });
    // What goes into the form data is read where it is made: jsdom's File does not survive Node's multipart encoder.
    const appended = vi.spyOn(FormData.prototype, 'append');
    const picker = await screen.findByLabelText('Change Photo');
    expect(picker).toHaveAttribute('accept', 'image/*');
    const photo = new File(['photo'], 'me.png', { type: 'image/png' });

    await user.upload(picker, photo);

    expect(await screen.findByText('Photo updated')).toBeInTheDocument();
    // The message may show a render before the photo the answer carries.
    await waitFor(() => expect(document.querySelector('img.avatar')).toHaveAttribute('src', '/uploads/users/new.webp'));
    expect(server.calls('PATCH /api/user/photo')).toHaveLength(1);
    expect(appended.mock.calls).toEqual([
      ['userId', jane.userId],
      ['file', photo],
    ]);
  });

  it("shows the server's refusal of a photo in a red alert", async () => {
    const { user } = renderAccount('/account/profile', makeUser(), {
      'PATCH /api/user/photo': { status: 415, message: 'The file is not an image' },
    });

    await user.upload(await screen.findByLabelText('Change Photo'), new File(['x'], 'me.png', { type: 'image/png' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not an image');
  });

  it('refuses a photo over 5 MB before sending it', async () => {
    const { user, server } = renderAccount('/account/profile', makeUser());

    const large = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'large.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Change Photo'), large);

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.imageTooLarge);
    expect(server.calls('PATCH /api/user/photo')).toHaveLength(0);
  });

  it('does not let a USER change the photo', async () => {
    renderAccount('/account/profile', makeUser({ role: 'USER' }));

    expect(await screen.findByRole('button', { name: 'Change Photo' })).toBeDisabled();
    expect(screen.getByLabelText('Change Photo')).toBeDisabled();
    expect(screen.getByText('ROLE_USER')).toBeInTheDocument();
  });
});
