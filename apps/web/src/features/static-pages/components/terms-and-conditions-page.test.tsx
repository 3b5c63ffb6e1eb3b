import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { serveSiteInfo, siteInfoAnswer, TEST_SITE_INFO } from '../testing/serve-site-info';
import { TermsAndConditionsPage } from './terms-and-conditions-page';

function section(name: RegExp) {
  return within(screen.getByRole('heading', { level: 2, name }).parentElement as HTMLElement);
}

describe('TermsAndConditionsPage', () => {
  it('has one h1, a tab title, the date it was last updated and its sections in order', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<TermsAndConditionsPage />, { route: '/termsandconditions' });

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Terms and Conditions']);
    expect(document.title).toBe('Terms and Conditions · ChurchTrades');
    expect(screen.getByText(/^Last updated:/)).toHaveTextContent('Last updated: April 20, 2025');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'On this page',
      '1. Accepting these terms',
      '2. Who can use ChurchTrades',
      '3. Your account and its security',
      '4. Listings and moderation',
      '5. Acceptable use',
      '6. No fees',
      '7. The service',
      '8. Our liability and the Australian Consumer Law',
      '9. Suspending and closing accounts',
      '10. Changes to these terms',
      '11. Governing law',
      '12. Contact us',
    ]);
    await screen.findAllByRole('link', { name: TEST_SITE_INFO.supportEmail });
  });

  it('sets the minimum age at 18, charges no fees and keeps Australian Consumer Law rights', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<TermsAndConditionsPage />, { route: '/termsandconditions' });

    expect(
      section(/Who can use/).getByText(/You must be at least 18 years old to use ChurchTrades/),
    ).toBeInTheDocument();
    expect(section(/No fees/).getByText(/ChurchTrades is free\. We charge no fees/)).toBeInTheDocument();
    expect(section(/Australian Consumer Law/).getByText(/Nothing in these terms excludes/)).toHaveTextContent(
      'Australian Consumer Law (Schedule 2 to the Competition and Consumer Act 2010 (Cth))',
    );
    expect(
      section(/Listings and moderation/).getByText(/A moderator of that church reviews the listing/),
    ).toBeInTheDocument();
    await screen.findAllByRole('link', { name: TEST_SITE_INFO.supportEmail });
  });

  it('is governed by the law of New South Wales', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<TermsAndConditionsPage />, { route: '/termsandconditions' });

    expect(section(/Governing law/).getByText(/governed by the laws of New South Wales, Australia/)).toBeInTheDocument();
    await screen.findAllByRole('link', { name: TEST_SITE_INFO.supportEmail });
  });

  it('gives the support e-mail from /api/site with the usual reply time', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<TermsAndConditionsPage />, { route: '/termsandconditions' });

    const contact = section(/Contact us/);
    expect(await contact.findByRole('link', { name: TEST_SITE_INFO.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${TEST_SITE_INFO.supportEmail}`,
    );
    expect(contact.getByText(/We typically reply within 24-48 hours\./)).toBeInTheDocument();
  });
});
