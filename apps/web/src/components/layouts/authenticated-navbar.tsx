import { mayAdministerChurches, mayViewModeration } from '@churchtrades/shared/permissions';
import type { Role } from '@churchtrades/shared/roles';
import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths';
import { useGetProfileQuery } from '../../lib/current-user-api';
import { Avatar } from '../avatar';

/**
 * The entries a privileged role may open, by the rules the server's guards apply (permissions.ts), so a user
 * is offered exactly the pages whose calls would be allowed.
 */
const PRIVILEGED_ENTRIES: readonly { label: string; to: string; allowed: (role: Role) => boolean }[] = [
  { label: 'Moderation', to: paths.moderation.getHref(), allowed: mayViewModeration },
  { label: 'Administration', to: paths.admin.getHref(), allowed: mayAdministerChurches },
];

function privilegedEntries(role: Role) {
  return PRIVILEGED_ENTRIES.filter((entry) => entry.allowed(role));
}

/**
 * SPEC §2 "Authenticated area": logo, My Business, the pages the user's role opens (Moderation,
 * Administration), and the user's menu with Profile, Password and Logout.
 */
export function AuthenticatedNavbar({ onLogout }: { onLogout: () => void }) {
  const { data: user } = useGetProfileQuery();
  // Held here so the phone menu button can say whether the menu is open (see site-navbar).
  const [expanded, setExpanded] = useState(false);
  const name = user ? `${user.firstName} ${user.lastName}` : 'Account';

  return (
    <Navbar expand="md" bg="dark" data-bs-theme="dark" collapseOnSelect expanded={expanded} onToggle={setExpanded}>
      <Container>
        <Navbar.Brand as={Link} to={paths.home.getHref()} className="d-flex align-items-center gap-2 fw-semibold">
          <img src="/favicon.svg" alt="" width={28} height={28} className="border border-secondary rounded" />
          ChurchTrades
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="account-menu" aria-expanded={expanded} />
        <Navbar.Collapse id="account-menu">
          <Nav className="ms-auto align-items-md-center" as="ul">
            <Nav.Item as="li">
              <Nav.Link as={NavLink} to={paths.tradeProfile.getHref()} eventKey="my-business">
                My Business
              </Nav.Link>
            </Nav.Item>
            {user &&
              privilegedEntries(user.role).map((entry) => (
                <Nav.Item as="li" key={entry.to}>
                  <Nav.Link as={NavLink} to={entry.to} eventKey={entry.to}>
                    {entry.label}
                  </Nav.Link>
                </Nav.Item>
              ))}
            <NavDropdown
              as="li"
              id="user-menu"
              align="end"
              title={
                <span className="d-inline-flex align-items-center gap-2">
                  <Avatar imageUrl={user?.imageUrl} size={32} />
                  {name}
                </span>
              }
            >
              <NavDropdown.ItemText>
                <span className="d-block fw-semibold">{name}</span>
                {user && <span className="d-block small text-body-secondary">{user.email}</span>}
              </NavDropdown.ItemText>
              <NavDropdown.Divider />
              {/*
                Closed by hand rather than by an eventKey: inside a Nav an item with one gets aria-selected,
                which a link may not carry.
              */}
              <NavDropdown.Item as={Link} to={paths.accountProfile.getHref()} onClick={() => setExpanded(false)}>
                Profile
              </NavDropdown.Item>
              <NavDropdown.Item as={Link} to={paths.accountPassword.getHref()} onClick={() => setExpanded(false)}>
                Password
              </NavDropdown.Item>
              <NavDropdown.Item as={Link} to={paths.accountData.getHref()} onClick={() => setExpanded(false)}>
                Download my data
              </NavDropdown.Item>
              <NavDropdown.Divider />
              <NavDropdown.Item as="button" onClick={onLogout}>
                Logout
              </NavDropdown.Item>
            </NavDropdown>
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
