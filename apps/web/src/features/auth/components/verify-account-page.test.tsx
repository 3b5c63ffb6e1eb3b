import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi, heldAnswer, type Route } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-routes';
import { VerifyAccountPage } from './verify-account-page';

function renderVerify(path: string, answer: Route = { message: 'Account verified' }) {
  const server = serveApi({ 'GET /api/user/verify/account': answer });
  const view = renderRoutes([{ path: '/verify/account', element: <VerifyAccountPage /> }], { initialEntries: [path] });
  return { server, ...view };
}

function expectLinks() {
  expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/resetpassword');
}

describe('VerifyAccountPage', () => {
  it("says the link is invalid when it has no key, and asks the server nothing", () => {
    const { server } = renderVerify('/verify/account');

    expect(screen.getByRole('alert')).toHaveTextContent(/^Invalid link. Pleasecheck the link and try again$/);
    expect(server.requests()).toEqual([]);
    expectLinks();
  });

  it("verifies the key once, saying 'Please wait. Verifying...' meanwhile", async () => {
    const held = heldAnswer();
    const { server } = renderVerify('/verify/account?key=abc123', held.answer);

    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.verifying);
    held.release({ message: 'Account verified' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Account verified');
    const calls = server.calls('GET /api/user/verify/account');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.searchParams.get('key')).toBe('abc123');
    expectLinks();
  });

  it("says 'Account verified. You can log in now.' when the server gives no message", async () => {
    renderVerify('/verify/account?key=abc123', { message: '' });

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.accountVerified);
  });

  it("shows the server's message when the key is refused", async () => {
    renderVerify('/verify/account?key=used', { status: 400, message: 'This link has expired' });

    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired');
    expectLinks();
  });

  it("says 'An error occurred. Try again later.' when the server cannot be reached", async () => {
    renderVerify('/verify/account?key=abc123', () => Response.error());

    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred. Try again later.$/);
  });
});
