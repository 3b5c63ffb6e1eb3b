import { Link } from 'react-router';

export interface AuthLink {
  to: string;
  label: string;
}

/** The links under a login, register or reset screen, to the other ones. */
export function AuthLinks({ links }: { links: readonly AuthLink[] }) {
  return (
    <nav aria-label="Account links" className="d-flex flex-wrap justify-content-between gap-2 mt-4 small">
      {links.map((link) => (
        <Link key={link.to} to={link.to}>
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
