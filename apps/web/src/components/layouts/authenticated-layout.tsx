import Container from 'react-bootstrap/Container';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { cameFromState } from '../../lib/came-from';
import { useLoggedIn } from '../../lib/use-logged-in';
import { AuthenticatedNavbar } from './authenticated-navbar';
import { SiteFooter } from './site-footer';
import { useLogout } from './use-logout';

/**
 * SPEC §2 "Authenticated area": the business and account pages. Without the logged-in flag the visitor
 * is sent to /login, which brings them back here afterwards. The flag is followed while the page is open,
 * so a session the server ended ("You are not logged in") or a logout in another tab leads to the login too.
 */
export function AuthenticatedLayout() {
  const loggedIn = useLoggedIn();
  const location = useLocation();
  const { loggingOut, logOut } = useLogout();

  if (!loggedIn && !loggingOut) {
    return <Navigate to={paths.login.getHref()} state={cameFromState(location)} replace />;
  }
  return (
    <div className="d-flex flex-column min-vh-100">
      <a className="visually-hidden-focusable" href="#main">
        Skip to main content
      </a>
      <header>
        <AuthenticatedNavbar onLogout={() => void logOut()} />
      </header>
      <Container as="main" id="main" className="flex-grow-1 py-4">
        <Outlet />
      </Container>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
