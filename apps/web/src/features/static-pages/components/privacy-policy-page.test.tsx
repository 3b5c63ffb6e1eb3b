import { screen, within } from '@testing-library/react';
import { AUTOMATED_DECISION_KINDS, AUTOMATED_DECISIONS } from '@churchtrades/shared/automated-decisions';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { serveSiteInfo, siteInfoAnswer, siteInfoFailure, TEST_SITE_INFO } from '../testing/serve-site-info';
import { PrivacyPolicyPage } from './privacy-policy-page';

function section(name: RegExp) {
  return within(screen.getByRole('heading', { level: 2, name }).parentElement as HTMLElement);
}

describe('PrivacyPolicyPage', () => {
  it('has one h1, a tab title, the date it was last updated and numbered sections listed at the top', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<PrivacyPolicyPage />, { route: '/privacypolicy' });

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Privacy Policy']);
    expect(document.title).toBe('Privacy Policy · ChurchTrades');
    expect(screen.getByText('December 4, 2026')).toHaveAttribute('datetime', '2026-12-04');
    expect(screen.getByText(/^Last updated:/)).toHaveTextContent('Last updated: December 4, 2026');

    const contents = within(screen.getByRole('navigation', { name: 'On this page' }));
    expect(contents.getByRole('link', { name: 'Cookies and browser storage' })).toHaveAttribute(
      'href',
      '/privacypolicy#cookies',
    );
    expect(screen.getByRole('heading', { level: 2, name: /^\d+\. Cookies and browser storage$/ })).toBeInTheDocument();
    await screen.findAllByRole('link', { name: TEST_SITE_INFO.supportEmail });
  });

  it('names the Privacy Act 1988 and the Australian Privacy Principles', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<PrivacyPolicyPage />, { route: '/privacypolicy' });

    expect(screen.getByText(/in line with the/)).toHaveTextContent(
      'in line with the Privacy Act 1988 (Cth) and the Australian Privacy Principles',
    );
    await screen.findAllByRole('link', { name: TEST_SITE_INFO.supportEmail });
  });

  it('lists what a public card shows, the session-only cookie, the e-mails sent, and no sale of data', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<PrivacyPolicyPage />, { route: '/privacypolicy' });

    expect(
      section(/What is shown publicly/)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'the business name',
      "the owner's name",
      "the owner's e-mail address",
      "the owner's phone number",
      'the business address',
    ]);
    expect(section(/Cookies/).getByText(/We use one cookie, for your session only\./)).toBeInTheDocument();
    expect(section(/How we use/).getByText(/a link to verify your account/)).toHaveTextContent(
      'a link to reset your password',
    );
    expect(
      section(/Who we share it with/).getByText('We do not sell, rent or trade personal information,'),
    ).toBeInTheDocument();
    await screen.findAllByRole('link', { name: TEST_SITE_INFO.supportEmail });
  });

  it('does not serve people under 13, offers access and correction, and points complaints to the OAIC', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<PrivacyPolicyPage />, { route: '/privacypolicy' });

    expect(section(/Children/).getByText(/We do not serve people under 13/)).toBeInTheDocument();
    expect(section(/Seeing and correcting/).getByText(/ask for a copy/)).toBeInTheDocument();
    const complaints = section(/Complaints/);
    expect(complaints.getByText(/Office of the Australian Information Commissioner \(OAIC\)/)).toBeInTheDocument();
    expect(complaints.getByRole('link', { name: 'www.oaic.gov.au' })).toHaveAttribute(
      'href',
      'https://www.oaic.gov.au/',
    );
    await screen.findAllByRole('link', { name: TEST_SITE_INFO.supportEmail });
  });

  it('explains every decision the code makes alone, from the one list of them, with how to ask a person', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<PrivacyPolicyPage />, { route: '/privacypolicy' });

    const decisions = section(/Decisions made automatically/);
    expect(screen.getByRole('link', { name: 'Decisions made automatically' })).toHaveAttribute(
      'href',
      '/privacypolicy#automated-decisions',
    );
    for (const kind of AUTOMATED_DECISION_KINDS) {
      const decision = AUTOMATED_DECISIONS[kind];
      const entry = within(decisions.getByRole('region', { name: decision.title }));
      expect(entry.getByRole('heading', { level: 3 })).toHaveTextContent(decision.title);
      expect(entry.getAllByRole('term').map((term) => term.textContent)).toEqual([
        'What starts it',
        'What it reads',
        'What it does',
        'How long it lasts',
        'Asking a person to look at it',
      ]);
      expect(entry.getAllByRole('definition').map((definition) => definition.textContent)).toEqual([
        decision.trigger,
        decision.reads,
        decision.effect,
        decision.lasts,
        decision.screen ? `${decision.askAPerson} See ${decision.screen.label}.` : decision.askAPerson,
      ]);
      if (decision.screen) expect(entry.getByRole('link', { name: decision.screen.label })).toHaveAttribute('href', decision.screen.path);
    }
    expect(await decisions.findByRole('link', { name: TEST_SITE_INFO.supportEmail })).toBeInTheDocument();
  });

  it('links each decision to a screen the web app has', () => {
    const screens = Object.values(AUTOMATED_DECISIONS).flatMap((decision) => (decision.screen ? [decision.screen.path] : []));
    const appPaths = Object.values(paths).map((route) => route.path);
    expect(screens.length).toBeGreaterThan(0);
    for (const screenPath of screens) expect(appPaths).toContain(screenPath);
  });

  it('gives the support e-mail from /api/site with the usual reply time', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<PrivacyPolicyPage />, { route: '/privacypolicy' });

    const contact = section(/Contact us/);
    expect(await contact.findByRole('link', { name: TEST_SITE_INFO.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${TEST_SITE_INFO.supportEmail}`,
    );
    expect(contact.getByText(/We typically reply within 24-48 hours\./)).toBeInTheDocument();
  });

  it('stays readable with a short note when /api/site fails', async () => {
    serveSiteInfo(siteInfoFailure);
    renderWithProviders(<PrivacyPolicyPage />, { route: '/privacypolicy' });

    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the support e-mail address just now.');
    expect(section(/Contact us/).getByText(/We typically reply within 24-48 hours\./)).toHaveTextContent(
      'not available right now',
    );
    expect(screen.getByRole('heading', { level: 2, name: /Cookies and browser storage/ })).toBeInTheDocument();
  });
});
