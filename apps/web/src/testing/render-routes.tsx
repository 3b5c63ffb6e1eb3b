import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, type InitialEntry, RouterProvider, type RouteObject, useLocation } from 'react-router';
import { type AppStore, makeStore } from '../lib/store';
import { Toaster } from '../components/toaster';

/**
 * Renders a route table in a memory router, with its own store and the toasts, for tests of
 * navigation: `router.state.location` is where the app went. In StrictMode, as the app runs, so effects
 * that must happen once (a single-use key, a logout) are seen to.
 */
export function renderRoutes(
  routes: RouteObject[],
  { initialEntries = ['/'], store = makeStore() }: { initialEntries?: InitialEntry[]; store?: AppStore } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const view = render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
        <Toaster />
      </Provider>
    </StrictMode>,
  );
  return { router, store, user: userEvent.setup(), ...view };
}

/** A page that only says where it is, standing for the pages a test navigates to. */
export function LocationProbe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} at {location.pathname}
      {location.search}
    </p>
  );
}
