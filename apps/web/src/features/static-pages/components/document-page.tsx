import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './document-page.css';

interface PolicyDate {
  iso: string;
  text: string;
}

/** The date the terms were last changed (SPEC §1). */
export const TERMS_LAST_UPDATED: PolicyDate = { iso: '2025-04-20', text: 'April 20, 2025' };
/** The privacy policy changed when it first listed the decisions made automatically. */
export const PRIVACY_POLICY_LAST_UPDATED: PolicyDate = { iso: '2026-12-04', text: 'December 4, 2026' };

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

export function PolicyLastUpdated({ date }: { date: PolicyDate }) {
  return (
    <p className="text-body-secondary">
      Last updated: <time dateTime={date.iso}>{date.text}</time>
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
