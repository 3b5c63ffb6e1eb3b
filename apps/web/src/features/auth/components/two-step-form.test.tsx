import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getRole, isLoggedIn } from '../../../lib/session';
import { serveApi, type Route } from '../../../testing/api-server';
import { LocationProbe, renderRoutes } from '../../../testing/render-routes';
import { makeUser } from '../../../testing/user-factory';
import { TwoStepForm } from './two-step-form';

const USER_ID = '00000000-0000-4000-9000-000000000042';

function renderTwoStep(verify: Route = { data: { user: makeUser({ userId: USER_ID, mfa: true }) } }) {
  const server = serveApi({ 'POST /api/user/verify/qrcode': verify });
  const view = renderRoutes(
    [
    { path: '/login', element: <TwoStepForm userId={USER_ID} /> },
    { path: '*', element: <LocationProbe name="Landed" /> },
    ],
    { initialEntries: ['/login'] },
  );
  return { server, ...view };
}

const box = (n: number) => screen.getByLabelText(`Character ${n} of 6`);
const verifyButton = () => screen.getByRole('button', { name: 'Verify' });

describe('TwoStepForm', () => {
  it('has six boxes, the first offering the one-time code, and a hidden user id', () => {
    renderTwoStep();

    for (let n = 1; n <= 6; n += 1) {
      expect(box(n)).toHaveAttribute('name', `qrCode${n}`);
      expect(box(n)).toHaveAttribute('inputmode', 'numeric');
    }
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(document.querySelector('input[type="hidden"][name="userId"]')).toHaveValue(USER_ID);
  });

  it('moves to the next box as each character is typed', async () => {
    const { user } = renderTwoStep();

    await user.click(box(1));
    await user.keyboard('12');

    expect(box(1)).toHaveValue('1');
    expect(box(2)).toHaveValue('2');
    expect(box(3)).toHaveFocus();
  });

  it('goes back a box on Backspace in an empty box', async () => {
    const { user } = renderTwoStep();

    await user.click(box(1));
    await user.keyboard('12');
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    await user.keyboard('{Backspace}');

    expect(box(2)).toHaveValue('');
    await user.keyboard('{Backspace}');
    expect(box(1)).toHaveFocus();
  });

  it('fills all six boxes from a pasted code and lets it be verified', async () => {
    const { user } = renderTwoStep();
    expect(verifyButton()).toBeDisabled();

    await user.click(box(1));
    await user.paste('123 456');

    expect([1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(box(6)).toHaveFocus();
    expect(verifyButton()).toBeEnabled();
  });

  it('keeps Verify disabled until every box holds a character', async () => {
    const { user } = renderTwoStep();

    await user.click(box(1));
    await user.keyboard('12345');
    expect(verifyButton()).toBeDisabled();
    await user.keyboard('6');

    expect(verifyButton()).toBeEnabled();
  });

  it("says 'QR Code is required' for a box left empty and 'Only one digut per input' for two characters", async () => {
    const { user } = renderTwoStep();

    await user.click(box(1));
    await user.tab();
    expect(screen.getByText(MESSAGES.qrCodeRequired)).toBeInTheDocument();

    await user.click(box(1));
    await user.paste('12');
    expect(screen.getByText(MESSAGES.qrCodeOneCharacter)).toBeInTheDocument();
  });

  it('sends the six boxes, the user id and the code they make, then goes home logged in', async () => {
    const { user, server } = renderTwoStep({
      message: 'Verified',
      data: { user: makeUser({ userId: USER_ID, role: 'TRADER' }) },
    });

    await user.click(box(1));
    await user.paste('654321');
    await user.click(verifyButton());

    expect(await screen.findByText('Landed at /')).toBeInTheDocument();
    expect(server.calls('POST /api/user/verify/qrcode')[0]?.body).toEqual({
      qrCode1: '6',
      qrCode2: '5',
      qrCode3: '4',
      qrCode4: '3',
      qrCode5: '2',
      qrCode6: '1',
      userId: USER_ID,
      qrCode: '654321',
    });
    expect(isLoggedIn()).toBe(true);
    expect(getRole()).toBe('TRADER');
  });

  it("shows the server's message and empties the boxes for a new code when the code is refused", async () => {
    const { user } = renderTwoStep({ status: 401, message: 'The code is not valid' });

    await user.click(box(1));
    await user.paste('111111');
    await user.click(verifyButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not valid');
    expect(box(1)).toHaveValue('');
    expect(box(6)).toHaveValue('');
    expect(box(1)).toHaveFocus();
    expect(isLoggedIn()).toBe(false);
  });
});
