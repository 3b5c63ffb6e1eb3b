import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import type { InitialEntry } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setLoggedIn } from '../../../lib/session';
import { serveApi, type Route } from '../../../testing/api-server';
import { LocationProbe, renderRoutes } from '../../../testing/render-routes';
import { ResetRequestPage } from './reset-request-page';

function renderResetRequest(
  answer: Route = { message: 'If the address is registered, a link is on its way' },
  entry: InitialEntry = '/resetpassword',
) {
  const server = serveApi({ 'POST /api/user/resetpassword': answer });
  const view = renderRoutes(
    [
      { path: '/resetpassword', element: <ResetRequestPage /> },
      { path: '*', element: <LocationProbe name="Landed" /> },
    ],
    { initialEntries: [entry] },
  );
  return { server, ...view };
}

async function requestReset(user: ReturnType<typeof renderResetRequest>['user']) {
  await user.type(screen.getByLabelText('Email address'), 'jane@example.com.au');
  await user.click(screen.getByRole('button', { name: 'Reset' }));
}

describe('ResetRequestPage', () => {
  it('has the heading, the e-mail field and the links to register and login', () => {
    renderResetRequest();

    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an Account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Have an account? Login' })).toHaveAttribute('href', '/login');
  });

  it('checks the e-mail address as the login does', async () => {
    const { user } = renderResetRequest();

    await user.type(screen.getByLabelText('Email address'), 'ja');
    await user.tab();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address'), 'ne');
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeInTheDocument();
  });

  it("sends the address and shows the server's message", async () => {
    const { user, server } = renderResetRequest();

    await requestReset(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('If the address is registered, a link is on its way');
    expect(server.calls('POST /api/user/resetpassword')[0]?.body).toEqual({ email: 'jane@example.com.au' });
  });

  it("says 'We sent you a reset password email.' when the server gives no message", async () => {
    const { user } = renderResetRequest({ message: '' });

    await requestReset(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetEmailSent);
  });

  it("says 'An error occured' when the request fails without a message", async () => {
    const { user } = renderResetRequest(() => Response.error());

    await requestReset(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occured$/);
  });

  it('sends someone marked logged in back to the page they came from, else home', async () => {
    setLoggedIn(true);
    renderResetRequest(undefined, { pathname: '/resetpassword', state: { from: { pathname: '/account/profile' } } });
    expect(await screen.findByText('Landed at /account/profile')).toBeInTheDocument();
  });

  it('sends someone marked logged in home when they came from nowhere', async () => {
    setLoggedIn(true);
    renderResetRequest();
    expect(await screen.findByText('Landed at /')).toBeInTheDocument();
  });
});
