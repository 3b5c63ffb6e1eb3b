import type { ReactNode } from 'react';
import Pagination from 'react-bootstrap/Pagination';
import { Link, type To } from 'react-router';
import { pageWindow } from './page-window';

interface PagerProps {
  /** Current page, from 0. */
  page: number;
  totalPages: number;
  /** Link to a page (from 0); pages are links so they can be opened, shared and bookmarked. */
  hrefFor: (page: number) => To;
  /** Names the navigation landmark, e.g. "Search results pages". */
  label: string;
}

/** Back/forward arrows and numbered pages (shown 1-based); nothing when there is a single page. */
export function Pager({ page, totalPages, hrefFor, label }: PagerProps) {
  if (totalPages <= 1) return null;
  const last = totalPages - 1;

  return (
    <nav aria-label={label}>
      <Pagination className="justify-content-center flex-wrap">
        <PagerLink to={page > 0 ? hrefFor(page - 1) : null} label="Previous page">
          ‹
        </PagerLink>
        {pageWindow(page, totalPages).map((item) =>
          item.kind === 'gap' ? (
            <li key={`gap-${item.after}`} className="page-item disabled" aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          ) : item.page === page ? (
            <li key={item.page} className="page-item active">
              <span className="page-link" aria-current="page">
                {item.page + 1}
              </span>
            </li>
          ) : (
            <PagerLink key={item.page} to={hrefFor(item.page)} label={`Page ${item.page + 1}`}>
              {item.page + 1}
            </PagerLink>
          ),
        )}
        <PagerLink to={page < last ? hrefFor(page + 1) : null} label="Next page">
          ›
        </PagerLink>
      </Pagination>
    </nav>
  );
}

function PagerLink({ to, label, children }: { to: To | null; label: string; children: ReactNode }) {
  if (to === null) {
    return (
      // No link where there is nowhere to go; a plain span may not carry aria-label, so its name is hidden text.
      <li className="page-item disabled">
        <span className="page-link">
          <span aria-hidden="true">{children}</span>
          <span className="visually-hidden">{label}</span>
        </span>
      </li>
    );
  }
  return (
    <li className="page-item">
      <Link className="page-link" to={to} aria-label={label}>
        {children}
      </Link>
    </li>
  );
}
