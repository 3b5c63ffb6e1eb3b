import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi, heldAnswer, type Route } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-routes';
import { UndoEmailChangePage, VerifyEmailPage } from './verify-email-page';

function renderPage(path: string, routes: Record<string, Route>) {
  const server = serveApi(routes);
  const view = renderRoutes(
    [
      { path: '/verify/email', element: <VerifyEmailPage /> },
      { path: '/verify/email/undo', element: <UndoEmailChangePage /> },
    ],
    { initialEntries: [path] },
  );
  return { server, ...view };
}

describe('VerifyEmailPage', () => {
  it('confirms the new login e-mail with the key once, saying it is verifying meanwhile', async () => {
    const held = heldAnswer();
    const { server } = renderPage('/verify/email?key=abc123', { 'GET /api/user/verify/email': held.answer });

    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.verifying);
    held.release({ message: MESSAGES.emailChanged });

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.emailChanged);
    const calls = server.calls('GET /api/user/verify/email');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.searchParams.get('key')).toBe('abc123');
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  it('says the link is invalid when it has no key, and asks the server nothing', () => {
    const { server } = renderPage('/verify/email', {});

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidLink);
    expect(server.requests()).toEqual([]);
  });

  it("shows the server's message when the key is refused", async () => {
    renderPage('/verify/email?key=used', {
      'GET /api/user/verify/email': { status: 400, message: MESSAGES.linkAlreadyUsed },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.linkAlreadyUsed);
  });
});

describe('UndoEmailChangePage', () => {
  it('takes the old address back with the key, and says a reset link is on its way', async () => {
    const { server } = renderPage('/verify/email/undo?key=undo-key', {
      'GET /api/user/verify/email/undo': { message: '' },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.emailChangeUndone);
    expect(server.calls('GET /api/user/verify/email/undo')[0]?.url.searchParams.get('key')).toBe('undo-key');
  });
});
