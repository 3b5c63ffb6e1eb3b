import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';

/** The side links of the account pages. */
export function AccountNav() {
  return (
    <Nav variant="pills" className="flex-column mt-3" as="ul" aria-label="Account pages">
      <Nav.Item as="li">
        <Nav.Link as={NavLink} to={paths.accountProfile.getHref()}>
          Profile
        </Nav.Link>
      </Nav.Item>
      <Nav.Item as="li">
        <Nav.Link as={NavLink} to={paths.accountPassword.getHref()}>
          Password
        </Nav.Link>
      </Nav.Item>
      <Nav.Item as="li">
        <Nav.Link as={NavLink} to={paths.accountSessions.getHref()}>
          Sessions
        </Nav.Link>
      </Nav.Item>
      <Nav.Item as="li">
        <Nav.Link as={NavLink} to={paths.accountData.getHref()}>
          Download my data
        </Nav.Link>
      </Nav.Item>
      <Nav.Item as="li">
        <Nav.Link as={NavLink} to={paths.accountDelete.getHref()}>
          Delete my account
        </Nav.Link>
      </Nav.Item>
    </Nav>
  );
}
