import type { ChurchSummary } from '@churchtrades/shared/church';
import type { UserView } from '@churchtrades/shared/user';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { serveApi, type ReceivedCall, type Route } from '../../../testing/api-server';
import { LocationProbe, renderRoutes } from '../../../testing/render-routes';
import { makeUser } from '../../../testing/user-factory';
import { AuditPage } from '../audit/components/audit-page';
import { AdminLayout } from '../components/admin-layout';
import { FailedMailsPage } from '../mails/components/failed-mails-page';
import { SettingsPage } from '../settings/components/settings-page';
import { TradesPage } from '../trades/components/trades-page';
import { RegisterMasterUserPage } from '../users/components/register-master-user-page';
import { UserPage } from '../users/components/user-page';
import { UsersPage } from '../users/components/users-page';

interface DirectorySetup {
  /** The logged-in administrator; an ADMIN by default. */
  viewer?: UserView;
  /** The server routes the page calls, besides the profile and the churches of a state. */
  routes?: Record<string, Route>;
}

export const ST_MARY: ChurchSummary = {
  churchId: '00000000-0000-4000-8600-000000000001',
  name: "St Mary's Parramatta",
  stateType: 'NSW',
  suburb: 'Parramatta',
  postcode: '2150',
  latitude: null,
  longitude: null,
  logo: null,
};
export const ST_PAUL: ChurchSummary = {
  ...ST_MARY,
  churchId: '00000000-0000-4000-8600-000000000002',
  name: "St Paul's Geelong",
  stateType: 'VIC',
  suburb: 'Geelong',
  postcode: '3220',
};

/**
 * The users, businesses, audit, failed emails and settings pages at `path`, inside the administration layout; the pages they link to
 * are stood for by probes that say where the app went.
 */
export function renderDirectoryAdmin(
  path: string,
  { viewer = makeUser({ role: 'ADMIN' }), routes = {} }: DirectorySetup = {},
) {
  const server = serveApi({
    'GET /api/user/profile': { data: { user: viewer } },
    'GET /api/churches/stateChurches': ({ url }: ReceivedCall) => {
      const state = url.searchParams.get('stateType');
      const churches = [ST_MARY, ST_PAUL].filter((church) => state === 'ALL' || church.stateType === state);
      return { data: { churches } };
    },
    ...routes,
  });
  const view = renderRoutes(
    [
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { path: '/admin/users', element: <UsersPage /> },
          { path: '/admin/users/new', element: <RegisterMasterUserPage /> },
          { path: '/admin/users/:id', element: <UserPage /> },
          { path: '/admin/trades', element: <TradesPage /> },
          { path: '/admin/audit', element: <AuditPage /> },
          { path: '/admin/mails', element: <FailedMailsPage /> },
          { path: '/admin/settings', element: <SettingsPage /> },
          { path: '/admin/*', element: <LocationProbe name="Other administration page" /> },
        ],
      },
      { path: '/moderation/trades/:id', element: <LocationProbe name="Business for moderators" /> },
    ],
    { initialEntries: [path] },
  );
  return { server, viewer, ...view };
}

type ServedApi = ReturnType<typeof serveApi>;

/** The query of the latest call to `route`, as a plain object, to compare with what a filter should ask. */
export function lastQuery(server: ServedApi, route: string): Record<string, string> {
  const call = server.calls(route).at(-1);
  if (!call) throw new Error(`${route} was not called`);
  return Object.fromEntries(call.url.searchParams);
}

/** Waits until the latest call to `route` asks exactly `query`: a filter's request follows its URL change. */
export async function expectLastQuery(server: ServedApi, route: string, query: Record<string, string>) {
  await waitFor(() => expect(lastQuery(server, route)).toEqual(query));
}
