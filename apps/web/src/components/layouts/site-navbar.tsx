import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths';

/** The public top menu, in SPEC §2's order and wording. */
const MENU = [
  { label: 'Login', to: paths.login.getHref() },
  { label: 'Register', to: paths.register.getHref() },
  { label: 'About', to: paths.about.getHref() },
  { label: 'Privacy Policy', to: paths.privacyPolicy.getHref() },
  { label: 'Terms and Conditions', to: paths.termsAndConditions.getHref() },
  { label: "Donation's", to: paths.donation.getHref() },
  { label: 'Back to Business', to: paths.tradeProfile.getHref() },
] as const;

export function SiteNavbar() {
  // Held here, not inside react-bootstrap, so the phone menu button can tell screen readers whether the
  // menu is open: Navbar.Toggle sets no aria-expanded of its own.
  const [expanded, setExpanded] = useState(false);
  return (
    <Navbar expand="lg" bg="dark" data-bs-theme="dark" collapseOnSelect expanded={expanded} onToggle={setExpanded}>
      <Container>
        <Navbar.Brand as={Link} to={paths.home.getHref()} className="fw-semibold">
          ChurchTrades
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="site-menu" aria-expanded={expanded} />
        <Navbar.Collapse id="site-menu">
          <Nav className="ms-auto" as="ul">
            {MENU.map((item) => (
              <Nav.Item as="li" key={item.to}>
                {/* eventKey lets collapseOnSelect close the phone menu after a tap. */}
                <Nav.Link as={NavLink} to={item.to} eventKey={item.to}>
                  {item.label}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
