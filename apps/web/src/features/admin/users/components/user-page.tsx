import { MESSAGES } from '@churchtrades/shared/messages';
import { mayManageAccountOf } from '@churchtrades/shared/permissions';
import { isMasterRole, type UserAdmin } from '@churchtrades/shared/user-admin';
import type { UserView } from '@churchtrades/shared/user';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { getErrorMessage } from '../../../../lib/api-error';
import { useGetProfileQuery } from '../../../../lib/current-user-api';
import { filterQuery } from '../../query-filter';
import { useUserAdminQuery } from '../api/users-api';
import { AccountSwitches } from './account-switches';
import { ChurchLinks } from './church-links';
import { ConfirmationSwitch } from './confirmation-switch';
import { OwnerResetCard } from './owner-reset-card';
import { RoleForm } from './role-form';
import { UserDetails } from './user-details';

/** `/admin/users/{id}`: one user's details, role, account switches, churches served and password reset. */
export function UserPage() {
  const { id } = useParams();
  const { data: viewer } = useGetProfileQuery();
  const { data: user, error } = useUserAdminQuery(id ?? skipToken);

  if (!user || !viewer) {
    if (error) return <Alert variant="danger">{getErrorMessage(error)}</Alert>;
    return <UserLoading />;
  }
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <>
      <title>{`${name} · Users · Administration · ChurchTrades`}</title>
      <p className="mb-2">
        <Link to={paths.adminUsers.getHref()}>‹ Users</Link>
      </p>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h2 className="h4 mb-0">{name}</h2>
        <Link to={auditHistoryOf(user)}>Audit history</Link>
      </div>
      <Row className="g-4">
        <Col lg={5} className="d-flex flex-column gap-4">
          <UserDetails user={user} />
          <OwnerResetCard user={user} />
        </Col>
        <Col lg={7} className="d-flex flex-column gap-4">
          <AccountControls user={user} viewer={viewer} />
          <ChurchLinks user={user} />
        </Col>
      </Row>
    </>
  );
}

/** The audit log's entries about the user. */
function auditHistoryOf(user: UserAdmin) {
  return {
    pathname: paths.adminAudit.getHref(),
    search: filterQuery({ subjectType: 'USER', subjectId: user.userId }, 0),
  };
}

/**
 * The role and the switches, offered only where the server would allow them: never one's own account, nor
 * that of a role one may not give. The server refuses either anyway.
 */
function AccountControls({ user, viewer }: { user: UserAdmin; viewer: UserView }) {
  if (user.userId === viewer.userId) return <Alert variant="secondary">{MESSAGES.ownAccountNotHere}</Alert>;
  if (!mayManageAccountOf(viewer.role, user.role)) {
    return <Alert variant="secondary">{MESSAGES.accountBeyondYourRole}</Alert>;
  }
  return (
    <>
      {/* Keyed by what the server holds, so a reload after a change starts the form from it. */}
      <RoleForm key={`${user.role}-${user.governedState ?? ''}`} user={user} viewerRole={viewer.role} />
      <AccountSwitches user={user} />
      {isMasterRole(user.role) && <ConfirmationSwitch user={user} />}
    </>
  );
}

function UserLoading() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading...</span>
      <Placeholder as="div" animation="glow" aria-hidden="true">
        <Placeholder xs={6} className="py-3 mb-3 rounded" />
        <Row className="g-4">
          <Col lg={5}>
            <Placeholder xs={12} className="py-5 rounded" />
          </Col>
          <Col lg={7}>
            <Placeholder xs={12} className="py-5 rounded" />
          </Col>
        </Row>
      </Placeholder>
    </div>
  );
}
