import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './document-page.css';

/** The date the privacy policy and the terms were last changed (SPEC §1). */
const POLICIES_LAST_UPDATED = { iso: '2025-04-20', text: 'April 20, 2025' } as const;

interface DocumentPageProps {
  /** The page's one h1. */
  title: string;
  /** The browser tab's name for the page, when shorter than the heading ("About" for "About ChurchTrades"). */
  tabTitle?: string;
  children: ReactNode;
}

/** One page of text: its browser tab title, its one h1, at a readable width. */
export function DocumentPage({ title, tabTitle = title, children }: DocumentPageProps) {
  return (
    <article className="document-page">
      <title>{`${tabTitle} · ChurchTrades`}</title>
      <h1 className="mb-3">{title}</h1>
      {children}
    </article>
  );
}

export function PoliciesLastUpdated() {
  return (
    <p className="text-body-secondary">
      Last updated: <time dateTime={POLICIES_LAST_UPDATED.iso}>{POLICIES_LAST_UPDATED.text}</time>
    </p>
  );
}

export interface DocumentSection {
  /** The section's anchor, e.g. `cookies` for /privacypolicy#cookies. */
  id: string;
  title: string;
  content: ReactNode;
}

/**
 * Numbered sections with a list of contents at the top, so a reader on a phone can jump to the part
 * they came for. The contents use router links (not bare `#` anchors) so the router scrolls to the section.
 */
export function NumberedSections({ sections }: { sections: DocumentSection[] }) {
  return (
    <>
      <nav aria-labelledby="document-contents" className="document-contents border-start border-3 ps-3 my-4">
        <h2 id="document-contents" className="h6 mt-0">
          On this page
        </h2>
        <ol className="mb-0 ps-3">
          {sections.map((section) => (
            <li key={section.id}>
              <Link to={{ hash: section.id }}>{section.title}</Link>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id}>
          <h2 className="h4">{`${index + 1}. ${section.title}`}</h2>
          {section.content}
        </section>
      ))}
    </>
  );
}
