import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Route, serveApi } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-routes';
import { LetMeInPage } from './let-me-in-page';

const BUTTON = "It's me: let me log in";

function renderPage(path: string, routes: Record<string, Route>) {
  const server = serveApi(routes);
  renderRoutes([{ path: '/verify/login', element: <LetMeInPage /> }], { initialEntries: [path] });
  return server;
}

describe('LetMeInPage', () => {
  it('sends the key only when the owner presses the button, then sends them to the login page', async () => {
    const server = renderPage('/verify/login?key=abc123', {
      'POST /api/user/verify/login': { message: MESSAGES.loginPauseLetIn },
    });

    expect(screen.getByRole('heading', { name: 'Login Paused' })).toBeInTheDocument();
    expect(server.requests()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: BUTTON }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginPauseLetIn);
    expect(server.calls('POST /api/user/verify/login').map((call) => call.body)).toEqual([{ key: 'abc123' }]);
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  it.each([
    ['used', MESSAGES.linkAlreadyUsed],
    ['expired', MESSAGES.loginPauseLinkInvalid],
  ])("says so when the link is %s, as the server's message", async (_state, message) => {
    renderPage('/verify/login?key=old', { 'POST /api/user/verify/login': { status: 400, message } });

    await userEvent.click(screen.getByRole('button', { name: BUTTON }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/resetpassword');
  });

  it('says the link is invalid when it has no key, and offers no button', () => {
    const server = renderPage('/verify/login', {});

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidLink);
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
    expect(server.requests()).toEqual([]);
  });
});
