import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { serveSiteInfo, siteInfoAnswer, TEST_SITE_INFO } from '../testing/serve-site-info';
import { AboutPage } from './about-page';

describe('AboutPage', () => {
  it('has one h1, section headings in order and a tab title', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<AboutPage />, { route: '/about' });

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['About ChurchTrades']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Who it is for',
      'How it works',
      'Frequently asked questions',
      'Mobile apps',
      'What we are planning',
      'Contact us',
    ]);
    expect(document.title).toBe('About · ChurchTrades');
    await screen.findAllByRole('link', { name: TEST_SITE_INFO.supportEmail });
  });

  it('says how it works: free search, free registration, attached to a church, moderators approve', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<AboutPage />, { route: '/about' });

    const steps = within(screen.getByRole('heading', { name: 'How it works' }).nextElementSibling as HTMLElement);
    expect(steps.getAllByRole('listitem').map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Search\..*You do not need to log in\.$/),
      expect.stringMatching(/^Owners register for free\./),
      expect.stringMatching(/^Each business is attached to a church/),
      expect.stringMatching(/^Church moderators approve\./),
    ]);
    expect(steps.getByRole('link', { name: 'creates an account' })).toHaveAttribute('href', '/register');
    await screen.findAllByRole('link', { name: TEST_SITE_INFO.supportEmail });
  });

  it('states the app-store status and every planned feature', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<AboutPage />, { route: '/about' });

    expect(screen.getByText(/the iOS app awaits store approval/)).toBeInTheDocument();
    expect(screen.getByText(/the Android app is in development/)).toBeInTheDocument();
    const plans = within(screen.getByRole('heading', { name: 'What we are planning' }).parentElement as HTMLElement);
    for (const feature of [
      'Advertising',
      'Job listings',
      'Ratings',
      'Live directions',
      'Monthly reports',
      'Church event notifications',
    ]) {
      expect(plans.getByText(feature, { selector: 'strong' })).toBeInTheDocument();
    }
    await screen.findAllByRole('link', { name: TEST_SITE_INFO.supportEmail });
  });

  it('answers the FAQ in an accordion whose questions open and close', async () => {
    serveSiteInfo(siteInfoAnswer());
    const { user } = renderWithProviders(<AboutPage />, { route: '/about' });

    const questions = screen.getAllByRole('heading', { level: 3 });
    expect(questions.length).toBeGreaterThanOrEqual(6);
    expect(questions.map((question) => question.textContent)).toEqual(
      expect.arrayContaining([
        'Is ChurchTrades free?',
        'Who can list a business?',
        'How does approval work?',
        'How do I change my listing?',
        'My business is online only. Will it show on the map?',
        'How do I contact support?',
      ]),
    );

    const question = screen.getByRole('button', { name: 'My business is online only. Will it show on the map?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = screen.getByRole('region', { name: 'My business is online only. Will it show on the map?' });
    expect(question).toHaveAttribute('aria-controls', answer.id);
    expect(answer).toHaveTextContent('Online-only businesses do not show on the map');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await screen.findAllByRole('link', { name: TEST_SITE_INFO.supportEmail });
  });

  it('gives the support e-mail from /api/site and the usual reply time in the FAQ', async () => {
    const requests = serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<AboutPage />, { route: '/about' });

    const answer = screen.getByRole('region', { name: 'How do I contact support?', hidden: true });
    const email = await within(answer).findByRole('link', { name: TEST_SITE_INFO.supportEmail, hidden: true });
    expect(email).toHaveAttribute('href', `mailto:${TEST_SITE_INFO.supportEmail}`);
    expect(answer).toHaveTextContent('We typically reply within 24-48 hours.');
    expect(requests()).toEqual(['GET /api/site']);
  });

  it('says it is free and who can list, with the minimum age', async () => {
    serveSiteInfo(siteInfoAnswer());
    renderWithProviders(<AboutPage />, { route: '/about' });

    expect(screen.getByRole('region', { name: 'Is ChurchTrades free?', hidden: true })).toHaveTextContent(
      'There are no fees.',
    );
    expect(screen.getByRole('region', { name: 'Who can list a business?', hidden: true })).toHaveTextContent(
      /18 or older.*sole trader, a company or a joint venture/,
    );
    await screen.findAllByRole('link', { name: TEST_SITE_INFO.supportEmail });
  });
});
