import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/user-factory';
import { renderAccount } from '../testing/render-account';

const SETUP = {
  otpauthUri: 'otpauth://totp/ChurchTrades:jane?secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
  secret: 'JBSWY3DPEHPK3PXP',
};

describe('TwoStepCard', () => {
  it('turns two-step on: shows the QR code and the key, then confirms a code from the app', async () => {
    const jane = makeUser({ mfa: false });
    const { user, server } = renderAccount('/account/password', jane, {
      'PATCH /api/user/mfa/setup': { data: SETUP },
      'PATCH /api/user/mfa/confirm': { message: 'Two-step verification is on', data: { user: { ...jane, mfa: true } } },
    });

    await user.click(await screen.findByRole('button', { name: 'Turn on' }));

    const qrCode = await screen.findByRole('img', { name: 'QR code of your two-step verification key' });
    expect(qrCode).toHaveAttribute('src', SETUP.qrCode);
    expect(screen.getByText(SETUP.secret)).toBeInTheDocument();
    const code = screen.getByLabelText('Code from your app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();

    await user.type(code, '12345');
    await user.tab();
    expect(screen.getByText(MESSAGES.totpCodeSixDigits)).toBeInTheDocument();
    await user.type(code, '6');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.type(screen.getByLabelText('Your password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Two-step verification is on')).toBeInTheDocument();
    expect(server.calls('PATCH /api/user/mfa/confirm')[0]?.body).toEqual({ code: '123456', password: 'secret-password' });
    // The toast comes with the answer; the card turns once the account is read again.
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a code in a red alert", async () => {
    const { user } = renderAccount('/account/password', makeUser(), {
      'PATCH /api/user/mfa/setup': { data: SETUP },
      'PATCH /api/user/mfa/confirm': { status: 400, message: 'The code is not valid' },
    });

    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    await user.type(await screen.findByLabelText('Code from your app'), '000000');
    await user.type(screen.getByLabelText('Your password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not valid');
  });

  it('turns two-step off with the current password, and asks for it before sending', async () => {
    const jane = makeUser({ mfa: true });
    const { user, server } = renderAccount('/account/password', jane, {
      'PATCH /api/user/mfa/cancel': { message: 'Two-step verification is off', data: { user: { ...jane, mfa: false } } },
    });

    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const password = screen.getByLabelText('Your password');
    await user.click(password);
    await user.tab();
    expect(screen.getByText(MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off two-step verification' })).toBeDisabled();
    await user.type(password, 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));

    expect(await screen.findByText('Two-step verification is off')).toBeInTheDocument();
    expect(server.calls('PATCH /api/user/mfa/cancel')[0]?.body).toEqual({ password: 'secret-password' });
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });
});
