import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Route, serveApi } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-routes';
import { KeepAccountPage } from './keep-account-page';

const KEY = 'Kd3_f-'.repeat(7).concat('x');
const BUTTON = 'Keep my account';
const UNDO = 'POST /api/user/deletion/undo';

function renderPage(path: string, routes: Record<string, Route> = {}) {
  const server = serveApi(routes);
  const view = renderRoutes([{ path: '/verify/deletion/undo', element: <KeepAccountPage /> }], { initialEntries: [path] });
  return { server, ...view };
}

describe('KeepAccountPage', () => {
  it('keeps the account only when its owner presses the button, then offers the login', async () => {
    const { server, user } = renderPage(`/verify/deletion/undo?key=${KEY}`, { [UNDO]: { message: MESSAGES.accountDeletionUndone } });

    expect(screen.getByRole('heading', { name: 'Keep your account' })).toBeInTheDocument();
    expect(screen.getByText(/waiting to be deleted/)).toBeInTheDocument();
    expect(server.requests()).toEqual([]);
    await user.click(screen.getByRole('button', { name: BUTTON }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.accountDeletionUndone);
    expect(server.calls(UNDO).map((call) => call.body)).toEqual([{ key: KEY }]);
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  it("says so in the server's words when the link was used or its days are over, with a way home", async () => {
    const { user } = renderPage(`/verify/deletion/undo?key=${KEY}`, {
      [UNDO]: { status: 410, message: MESSAGES.accountDeletionLinkInvalid },
    });

    await user.click(screen.getByRole('button', { name: BUTTON }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.accountDeletionLinkInvalid);
    expect(alert).toHaveClass('alert-danger');
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it.each([
    ['has no key', '/verify/deletion/undo'],
    ['has a key cut short', `/verify/deletion/undo?key=${KEY.slice(0, 30)}`],
  ])('says the link is not valid when it %s, and offers no button', (_case, path) => {
    const { server } = renderPage(path);

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidLink);
    expect(screen.queryByRole('button', { name: BUTTON })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(server.requests()).toEqual([]);
  });
});
