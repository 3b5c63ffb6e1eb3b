import { type ReactNode, StrictMode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from '../components/toaster';
import type { AppStore } from '../lib/store';

/**
 * Everything the screens rely on. The toast container lives here, once for the whole app, so a toast
 * raised just before a navigation (e.g. "Logged in" before the move to the business pages) survives
 * the change of layout.
 */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>
        {children}
        <Toaster />
      </Provider>
    </StrictMode>
  );
}
