import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi, type Route } from '../../../testing/api-server';
import { hiddenHoneypot } from '../../../testing/honeypot';
import { renderRoutes } from '../../../testing/render-routes';
import { RegisterPage } from './register-page';

function renderRegister(answer: Route = { status: 201, message: 'Check your e-mail to verify your account' }) {
  const server = serveApi({ 'POST /api/user/register': answer });
  return { server, ...renderRoutes([{ path: '/register', element: <RegisterPage /> }], { initialEntries: ['/register'] }) };
}

async function fillIn(user: ReturnType<typeof renderRegister>['user']) {
  await user.type(screen.getByLabelText('First name'), 'Jane');
  await user.type(screen.getByLabelText('Last name'), 'Citizen');
  await user.type(screen.getByLabelText('Email address'), 'jane@example.com.au');
  await user.type(screen.getByLabelText('Password'), 'secret-password');
}

describe('RegisterPage', () => {
  it('has the heading, the four fields and the links to login and reset', () => {
    renderRegister();

    expect(screen.getByRole('heading', { name: 'Register' })).toBeInTheDocument();
    for (const label of ['First name', 'Last name', 'Email address', 'Password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/resetpassword');
  });

  it('names each empty field as it is left', async () => {
    const { user } = renderRegister();

    await user.click(screen.getByLabelText('First name'));
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();

    expect(screen.getByText(MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
  });

  it("sends the four fields, shows the server's message and clears the form", async () => {
    const { user, server } = renderRegister();

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Check your e-mail to verify your account');
    expect(screen.getByRole('alert')).toHaveClass('alert-success');
    expect(server.calls('POST /api/user/register')[0]?.body).toEqual({
      firstName: 'Jane',
      lastName: 'Citizen',
      email: 'jane@example.com.au',
      password: 'secret-password',
    });
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('carries a honeypot field hidden from people, and refuses the form when something fills it', async () => {
    const { user, server } = renderRegister();

    const honeypot = hiddenHoneypot();
    await fillIn(user);
    await user.type(honeypot, 'https://spam.example');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.formRefused);
    expect(server.calls('POST /api/user/register')).toHaveLength(0);
  });

  it("shows the server's refusal in a red alert and keeps what was typed", async () => {
    const { user } = renderRegister({ status: 429, message: 'Too many attempts. Try again in 10 minutes.' });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 10 minutes.');
    expect(screen.getByRole('alert')).toHaveClass('alert-danger');
    expect(screen.getByLabelText('First name')).toHaveValue('Jane');
  });

  it('asks for 8 characters from 5 up, before sending anything', async () => {
    const { user, server } = renderRegister();

    await user.type(screen.getByLabelText('Password'), 'aaaaa');
    await user.tab();

    expect(screen.getByText(MESSAGES.newPasswordTooShort)).toBeInTheDocument();
    expect(server.calls('POST /api/user/register')).toHaveLength(0);
  });

  it("shows the server's word on a password too easy to guess under the password field", async () => {
    const message = `${MESSAGES.passwordTooEasy} This is a commonly used password.`;
    const { user } = renderRegister({ status: 400, message, data: { errors: [{ field: 'password', message }] } });

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(message);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Jane');
  });
});
