import { type ReactNode, StrictMode } from 'react';
import { Provider } from 'react-redux';
import { Toaster } from '../components/toaster';
import type { AppStore } from '../lib/store';
import { AppErrorBoundary } from './app-error-boundary';

/**
 * Everything the screens rely on. The toast container lives here, once for the whole app, so a toast
 * raised just before a navigation (e.g. "Logged in" before the move to the business pages) survives
 * the change of layout. An error no route catches still ends on a friendly screen.
 */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <Provider store={store}>
          {children}
          <Toaster />
        </Provider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
