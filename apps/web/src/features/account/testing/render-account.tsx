import type { UserView } from '@churchtrades/shared/user';
import { serveApi, type Route } from '../../../testing/api-server';
import { LocationProbe, renderRoutes } from '../../../testing/render-routes';
import { AccountLayout } from '../components/account-layout';
import { DataExportPage } from '../components/data-export-page';
import { DeleteAccountPage } from '../components/delete-account-page';
import { PasswordPage } from '../components/password-page';
import { ProfilePage } from '../components/profile-page';
import { SessionsPage } from '../components/sessions-page';

/** The account pages at `path` for `user`, with the server's other account routes as given. */
export function renderAccount(path: string, user: UserView, routes: Record<string, Route> = {}) {
  const server = serveApi({ 'GET /api/user/profile': { data: { user } }, ...routes });
  const view = renderRoutes(
    [
      { path: '/', element: <LocationProbe name="Home" /> },
      {
        path: '/account',
        element: <AccountLayout />,
        children: [
          { path: '/account/profile', element: <ProfilePage /> },
          { path: '/account/password', element: <PasswordPage /> },
          { path: '/account/sessions', element: <SessionsPage /> },
          { path: '/account/data', element: <DataExportPage /> },
          { path: '/account/delete', element: <DeleteAccountPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return { server, ...view };
}
