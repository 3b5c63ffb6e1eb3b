import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { type AppStore, makeStore } from '../lib/store';

interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The URL the router starts at, e.g. '/?page=1'. */
  route?: string;
  store?: AppStore;
}

/** Renders `ui` with its own store (an empty API cache) inside a MemoryRouter. */
export function renderWithProviders(ui: ReactElement, { route = '/', store = makeStore(), ...options }: ProvidersOptions = {}) {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </Provider>
    );
  }
  return { store, user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...options }) };
}
