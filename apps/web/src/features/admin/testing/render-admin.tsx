import type { UserView } from '@churchtrades/shared/user';
import { Navigate } from 'react-router';
import { serveApi, type Route } from '../../../testing/api-server';
import { LocationProbe, renderRoutes } from '../../../testing/render-routes';
import { makeUser } from '../../../testing/user-factory';
import { CategoriesPage } from '../categories/components/categories-page';
import { ChurchPage } from '../churches/components/church-page';
import { ChurchesPage } from '../churches/components/churches-page';
import { AdminLayout } from '../components/admin-layout';

interface AdminSetup {
  /** The logged-in user; an ADMIN by default. */
  user?: UserView;
  /** The server routes the pages call, besides the profile. */
  routes?: Record<string, Route>;
}

/**
 * The administration pages at `path`, as the router nests them. The users, businesses and audit pages are
 * stood for by a probe, so these tests depend only on the layout and the church and category pages.
 */
export function renderAdmin(path: string, { user = makeUser({ role: 'ADMIN' }), routes = {} }: AdminSetup = {}) {
  const server = serveApi({ 'GET /api/user/profile': { data: { user } }, ...routes });
  const view = renderRoutes(
    [
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <Navigate to="/admin/churches" replace /> },
          { path: '/admin/churches', element: <ChurchesPage /> },
          { path: '/admin/churches/:id', element: <ChurchPage /> },
          { path: '/admin/categories', element: <CategoriesPage /> },
          { path: '/admin/*', element: <LocationProbe name="Other administration page" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return { server, ...view };
}
