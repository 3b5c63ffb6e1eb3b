import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportRenderError } from '../lib/error-reporter';
import { ErrorScreen } from './routes/route-error';

interface AppErrorBoundaryState {
  failed: boolean;
}

/**
 * The last line: an error no route caught (in the providers, the toasts, the router itself) shows the same
 * friendly screen as a route's, instead of a blank page, and goes to the shared handler.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): AppErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    reportRenderError(error);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
