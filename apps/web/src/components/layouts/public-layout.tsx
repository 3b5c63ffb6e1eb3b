import Container from 'react-bootstrap/Container';
import { Outlet, ScrollRestoration } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteNavbar } from './site-navbar';

/** SPEC §2 "Public layout": top menu, the page, copyright footer. Toasts are app-wide (app/provider). */
export function PublicLayout() {
  return (
    <div className="d-flex flex-column min-vh-100">
      <a className="visually-hidden-focusable" href="#main">
        Skip to main content
      </a>
      <header>
        <SiteNavbar />
      </header>
      <Container as="main" id="main" className="flex-grow-1 py-4">
        <Outlet />
      </Container>
      <SiteFooter />
      {/* A new page (e.g. the next page of results, picked at the bottom) starts at the top; Back returns to where the reader was. */}
      <ScrollRestoration />
    </div>
  );
}
