import type { UserView } from '@churchtrades/shared/user';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';
import { Outlet, useOutletContext } from 'react-router';
import { getErrorMessage } from '../../../lib/api-error';
import { useGetProfileQuery } from '../../../lib/current-user-api';
import { AccountNav } from './account-nav';
import { AccountSummary } from './account-summary';

/** /account (SPEC §2 Account): the user's card and links on the left, the profile or password page beside. */
export function AccountLayout() {
  const { data: user, error, isError } = useGetProfileQuery();

  if (isError) return <Alert variant="danger">{getErrorMessage(error)}</Alert>;
  if (!user) return <AccountLoading />;
  return (
    <Row className="g-4">
      <Col md={4} lg={3}>
        <AccountSummary user={user} />
        <AccountNav />
      </Col>
      <Col md={8} lg={9}>
        <Outlet context={user} />
      </Col>
    </Row>
  );
}

/** The logged-in user, for the pages inside the account layout (which shows them only once it is loaded). */
export function useAccountUser(): UserView {
  return useOutletContext<UserView>();
}

function AccountLoading() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading...</span>
      <Placeholder as="div" animation="glow" aria-hidden="true">
        <Row className="g-4">
          <Col md={4} lg={3}>
            <Placeholder xs={12} className="py-5 rounded" />
          </Col>
          <Col md={8} lg={9}>
            <Placeholder xs={12} className="py-5 rounded" />
          </Col>
        </Row>
      </Placeholder>
    </div>
  );
}
