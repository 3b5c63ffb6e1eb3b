import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useGetProfileQuery } from '../../lib/current-user-api';
import { getRole, isLoggedIn, setLoggedIn, setRole } from '../../lib/session';
import { serveApi, type Route } from '../../testing/api-server';
import { LocationProbe, renderRoutes } from '../../testing/render-routes';
import { makeUser } from '../../testing/user-factory';
import { AuthenticatedLayout } from './authenticated-layout';

const jane = makeUser({ firstName: 'Jane', lastName: 'Citizen', email: 'jane@example.com.au' });

/** A page of the area that shows who is logged in, as the real ones do. */
function ProfileProbe() {
  const { data, error } = useGetProfileQuery();
  if (error) return <p>Profile failed</p>;
  return <p>Page for {data?.firstName ?? '…'}</p>;
}

const routes: RouteObject[] = [
  {
    element: <AuthenticatedLayout />,
    children: [{ path: '/account/password', element: <ProfileProbe /> }],
  },
  { path: '*', element: <LocationProbe name="Public" /> },
];

function renderArea(path: string, profile: Route = { data: { user: jane } }) {
  const server = serveApi({ 'GET /api/user/profile': profile, 'POST /api/user/logout': { message: 'Logged out' } });
  return { server, ...renderRoutes(routes, { initialEntries: [path] }) };
}

describe('AuthenticatedLayout', () => {
  it('sends a visitor without the logged-in flag to /login with the original location', async () => {
    const { router, server } = renderArea('/account/password?tab=security#top');

    expect(await screen.findByText('Public at /login')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({
      from: { pathname: '/account/password', search: '?tab=security', hash: '#top' },
    });
    expect(server.requests()).toEqual([]);
  });

  it('shows the page under a top bar with the logo, My Business and the user menu', async () => {
    setLoggedIn(true);
    const { user } = renderArea('/account/password');

    expect(await screen.findByText('Page for Jane')).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'ChurchTrades' })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('link', { name: 'My Business' })).toHaveAttribute('href', '/trade/profile');

    await user.click(within(banner).getByRole('button', { name: 'Jane Citizen' }));

    expect(within(banner).getByText('jane@example.com.au')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/account/profile');
    expect(within(banner).getByRole('link', { name: 'Password' })).toHaveAttribute('href', '/account/password');
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('logs out: clears the flag and role, tells the server and goes home, not to the login', async () => {
    setLoggedIn(true);
    setRole('TRADER');
    const { user, server, router } = renderArea('/account/password');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));

    await user.click(await screen.findByRole('button', { name: 'Jane Citizen' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Public at /')).toBeInTheDocument();
    expect(visited).not.toContain('/login');
    expect(isLoggedIn()).toBe(false);
    expect(getRole()).toBeNull();
    expect(server.calls('POST /api/user/logout')).toHaveLength(1);
  });

  it('goes to the login, keeping the location, when the server says "You are not logged in"', async () => {
    setLoggedIn(true);
    const { router } = renderArea('/account/password?tab=security', { status: 401, message: MESSAGES.notLoggedIn });

    expect(await screen.findByText('Public at /login')).toBeInTheDocument();
    expect(isLoggedIn()).toBe(false);
    expect(router.state.location.state).toEqual({
      from: { pathname: '/account/password', search: '?tab=security', hash: '' },
    });
  });

  it('goes to the login when another tab logs out', async () => {
    setLoggedIn(true);
    renderArea('/account/password');
    await screen.findByText('Page for Jane');

    localStorage.setItem('isLoggedIn', 'false');
    window.dispatchEvent(new StorageEvent('storage', { key: 'isLoggedIn', newValue: 'false' }));

    expect(await screen.findByText('Public at /login')).toBeInTheDocument();
  });
});
