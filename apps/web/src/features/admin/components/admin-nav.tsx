import { mayAdministerChurches, mayAdministerDirectory } from '@churchtrades/shared/permissions';
import type { Role } from '@churchtrades/shared/roles';
import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';

/** The administration sections, each with the rule (permissions.ts) that lets a role reach it. */
export const adminSections = [
  { label: 'Churches', href: paths.adminChurches.getHref(), allowed: mayAdministerChurches },
  { label: 'Categories', href: paths.adminCategories.getHref(), allowed: mayAdministerDirectory },
  { label: 'Users', href: paths.adminUsers.getHref(), allowed: mayAdministerDirectory },
  { label: 'Businesses', href: paths.adminTrades.getHref(), allowed: mayAdministerDirectory },
  { label: 'Audit', href: paths.adminAudit.getHref(), allowed: mayAdministerDirectory },
  { label: 'Failed emails', href: paths.adminMails.getHref(), allowed: mayAdministerDirectory },
  { label: 'Settings', href: paths.adminSettings.getHref(), allowed: mayAdministerDirectory },
] as const;

/** The side links of the administration pages: only the sections the role may reach. */
export function AdminNav({ role }: { role: Role }) {
  return (
    <Nav variant="pills" className="flex-column" as="ul" aria-label="Administration sections">
      {adminSections
        .filter((section) => section.allowed(role))
        .map(({ label, href }) => (
          <Nav.Item as="li" key={href}>
            <Nav.Link as={NavLink} to={href}>
              {label}
            </Nav.Link>
          </Nav.Item>
        ))}
    </Nav>
  );
}
