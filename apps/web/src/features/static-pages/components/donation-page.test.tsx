import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { serveSiteInfo, siteInfoAnswer, siteInfoFailure, TEST_SITE_INFO } from '../testing/serve-site-info';
import { DonationPage } from './donation-page';

/** The bank account as a list of [term, value] pairs, read from the page. */
function bankDetails() {
  const region = screen.getByRole('region', { name: 'Donate by bank transfer' });
  return within(region)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('DonationPage', () => {
  it('says the product is free and that online donations are planned', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<DonationPage />, { route: '/donation' });

    expect(screen.getByRole('heading', { level: 1, name: 'Donations' })).toBeInTheDocument();
    expect(document.title).toBe('Donations · ChurchTrades');
    expect(screen.getByText(/ChurchTrades is free for customers\./)).toBeInTheDocument();
    expect(screen.getByText(/An online donation system is planned/)).toBeInTheDocument();
    await screen.findByRole('link', { name: TEST_SITE_INFO.supportEmail });
  });

  it('shows the bank account from /api/site', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<DonationPage />, { route: '/donation' });

    expect(await screen.findByText(TEST_SITE_INFO.bank.accountName)).toBeInTheDocument();
    expect(bankDetails()).toEqual([
      ['Account name', 'Parish Test Trust'],
      ['BSB', '062-123'],
      ['Account number', '10293847'],
    ]);
    expect(screen.getByText(/We typically reply within 24-48 hours\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEST_SITE_INFO.supportEmail })).toHaveAttribute(
      'href',
      'mailto:help@parish-test.org.au',
    );
  });

  it('holds a placeholder for each bank detail while /api/site answers', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<DonationPage />, { route: '/donation' });

    expect(bankDetails()).toEqual([
      ['Account name', 'Loading the account name…'],
      ['BSB', 'Loading the BSB…'],
      ['Account number', 'Loading the account number…'],
    ]);
    expect(screen.getByText('Loading the support e-mail address…')).toBeInTheDocument();
    await screen.findByText(TEST_SITE_INFO.bank.accountName);
  });

  it('keeps the page and notes what is missing when /api/site fails, then tries again on request', async () => {
    const requests = serveSiteInfo(siteInfoFailure, siteInfoAnswer());
    const { user } = renderWithProviders(<DonationPage />, { route: '/donation' });

    const note = await screen.findByRole('alert');
    expect(note).toHaveTextContent('We could not load the bank details and the support e-mail address just now.');
    expect(screen.getByRole('heading', { name: 'Donate by bank transfer' })).toBeInTheDocument();
    expect(screen.getByText(/An online donation system is planned/)).toBeInTheDocument();
    expect(bankDetails()).toEqual([
      ['Account name', 'not available right now'],
      ['BSB', 'not available right now'],
      ['Account number', 'not available right now'],
    ]);

    await user.click(within(note).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText(TEST_SITE_INFO.bank.accountName)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests()).toEqual(['GET /api/site', 'GET /api/site']);
  });
});
