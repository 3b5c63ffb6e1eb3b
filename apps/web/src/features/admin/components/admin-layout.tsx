import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerChurches, mayAdministerDirectory } from '@churchtrades/shared/permissions';
import type { Role } from '@churchtrades/shared/roles';
import type { UserView } from '@churchtrades/shared/user';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';
import { Outlet, useLocation, useOutletContext } from 'react-router';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useGetProfileQuery } from '../../../lib/current-user-api';
import { AdminNav, adminSections } from './admin-nav';

/**
 * /admin (issue "Moderation and administration"): the sections the user's role may reach on the left, the
 * section's page beside. A page the role may not reach shows why instead; the server refuses its calls anyway.
 */
export function AdminLayout() {
  const { data: user, error, isError } = useGetProfileQuery();
  const { pathname } = useLocation();

  if (isError) return <Alert variant="danger">{getErrorMessage(error)}</Alert>;
  if (!user) return <AdminLoading />;
  if (!mayAdministerChurches(user.role)) return <NotAllowed />;
  return (
    <>
      <h1 className="h3 mb-4">Administration</h1>
      <Row className="g-4">
        <Col md={3} lg={2}>
          <AdminNav role={user.role} />
        </Col>
        <Col md={9} lg={10}>
          {mayOpen(user.role, pathname) ? <Outlet context={user} /> : <NotAllowed />}
        </Col>
      </Row>
    </>
  );
}

/** The logged-in administrator, for the pages inside the layout (which shows them only once it is loaded). */
export function useAdminUser(): UserView {
  return useOutletContext<UserView>();
}

function mayOpen(role: Role, pathname: string): boolean {
  // /admin itself only leads on to the first section, which every role let in here may open.
  if (pathname.replace(/\/$/, '') === paths.admin.getHref()) return true;
  const section = adminSections.find(({ href }) => pathname === href || pathname.startsWith(`${href}/`));
  return section ? section.allowed(role) : mayAdministerDirectory(role);
}

// Each page names itself in the title; a page the role may not open is named by the layout.
function NotAllowed() {
  return (
    <Alert variant="warning" role="alert">
      <title>Administration · ChurchTrades</title>
      {MESSAGES.forbidden}
    </Alert>
  );
}

function AdminLoading() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading...</span>
      <Placeholder as="div" animation="glow" aria-hidden="true">
        <Row className="g-4">
          <Col md={3} lg={2}>
            <Placeholder xs={12} className="py-5 rounded" />
          </Col>
          <Col md={9} lg={10}>
            <Placeholder xs={12} className="py-5 rounded" />
          </Col>
        </Row>
      </Placeholder>
    </div>
  );
}
