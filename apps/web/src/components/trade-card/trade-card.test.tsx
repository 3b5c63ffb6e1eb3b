import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeTradeCard } from '../../testing/trade-factory';
import { TradeCard } from './trade-card';

describe('TradeCard', () => {
  it('shows the website host without its scheme, opening in a new tab', () => {
    render(<TradeCard trade={makeTradeCard({ website: 'https://www.smithplumbing.com.au/services?x=1' })} />);

    const link = screen.getByRole('link', { name: 'www.smithplumbing.com.au' });
    expect(link).toHaveAttribute('href', 'https://www.smithplumbing.com.au/services?x=1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("offers 'No Site! Google it?' searching for the name when there is no website", () => {
    render(<TradeCard trade={makeTradeCard({ name: 'Smith & Sons', website: null })} />);

    const link = screen.getByRole('link', { name: 'No Site! Google it?' });
    expect(link).toHaveAttribute('href', 'https://www.google.com/search?q=Smith%20%26%20Sons');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('never links a website that is not http(s)', () => {
    render(<TradeCard trade={makeTradeCard({ website: 'javascript:alert(1)' })} />);

    expect(screen.getByRole('link', { name: 'No Site! Google it?' })).toBeInTheDocument();
    expect(screen.queryByText(/javascript/)).not.toBeInTheDocument();
  });

  it("shows '.....' where the owner's e-mail, name, phone and address are missing", () => {
    render(
      <TradeCard trade={makeTradeCard({ ownerEmail: null, ownerName: null, ownerPhone: null, fullAddress: '  ' })} />,
    );

    expect(screen.getAllByText('.....')).toHaveLength(4);
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });

  it('links the e-mail and phone of the owner', () => {
    render(<TradeCard trade={makeTradeCard({ ownerEmail: 'jane@example.com.au', ownerPhone: '(02) 9000 1234' })} />);

    expect(screen.getByRole('link', { name: 'jane@example.com.au' })).toHaveAttribute('href', 'mailto:jane@example.com.au');
    expect(screen.getByRole('link', { name: '(02) 9000 1234' })).toHaveAttribute('href', 'tel:0290001234');
  });

  it('shows the stars and the number of reviews, named in words for screen readers', () => {
    render(<TradeCard trade={makeTradeCard({ rating: { average: 4.3, count: 12 } })} />);

    const rating = screen.getByRole('img', { name: '4.3 out of 5 stars from 12 reviews' });
    expect(rating).toHaveTextContent('4.3 (12)');
  });

  it('shows no rating for a business with fewer than 3 reviews', () => {
    render(<TradeCard trade={makeTradeCard({ rating: null })} />);

    expect(screen.queryByRole('img', { name: /out of 5 stars/ })).not.toBeInTheDocument();
    expect(screen.queryByText('★★★★★')).not.toBeInTheDocument();
  });

  it('shows only the first 200 characters of the brief', () => {
    const brief = `${'a'.repeat(200)}THE-REST`;
    render(<TradeCard trade={makeTradeCard({ brief })} />);

    expect(screen.getByText('a'.repeat(200))).toBeInTheDocument();
    expect(screen.queryByText(/THE-REST/)).not.toBeInTheDocument();
  });

  it("shows a circle with the business's initials when it has no logo", () => {
    render(<TradeCard trade={makeTradeCard({ name: 'Harbour City Plumbing', logoUri: null })} />);

    const logo = screen.getByRole('img', { name: 'Harbour City Plumbing logo' });
    expect(logo.tagName).toBe('DIV');
    expect(within(logo).getByText('HC')).toBeInTheDocument();
  });

  it('shows the logo image when there is one', () => {
    render(<TradeCard trade={makeTradeCard({ name: 'Acme', logoUri: '/uploads/acme.webp' })} />);

    expect(screen.getByRole('img', { name: 'Acme logo' })).toHaveAttribute('src', '/uploads/acme.webp');
  });

  it('shows how far the business is when the search was "Near me"', () => {
    render(<TradeCard trade={makeTradeCard({ distanceKm: 2.437 })} />);

    expect(screen.getByText('2.4 km away')).toBeInTheDocument();
  });

  it('shows no distance without one', () => {
    render(<TradeCard trade={makeTradeCard()} />);

    expect(screen.queryByText(/km away/)).not.toBeInTheDocument();
  });

  it("links the name to the business's public page when asked to", () => {
    const trade = makeTradeCard({ id: '0b6f3c1e-5a4d-4c2b-9e8f-1a2b3c4d5e6f', name: 'Smith & Sons Plumbing' });
    render(
      <MemoryRouter>
        <TradeCard trade={trade} linkToPage />
      </MemoryRouter>,
    );

    const heading = screen.getByRole('heading', { name: 'Smith & Sons Plumbing' });
    expect(within(heading).getByRole('link', { name: 'Smith & Sons Plumbing' })).toHaveAttribute(
      'href',
      '/business/0b6f3c1e-5a4d-4c2b-9e8f-1a2b3c4d5e6f/smith-and-sons-plumbing',
    );
  });

  it("offers \"Send an enquiry\" on a listed business's card, opening the form of its page, even without e-mail or phone", () => {
    const trade = makeTradeCard({ id: '0b6f3c1e-5a4d-4c2b-9e8f-1a2b3c4d5e6f', name: 'Quiet Plumbing', ownerEmail: null, ownerPhone: null });
    render(
      <MemoryRouter>
        <TradeCard trade={trade} linkToPage footer={<span>Ask box</span>} />
      </MemoryRouter>,
    );

    expect(screen.getByRole('link', { name: 'Send an enquiry to Quiet Plumbing' })).toHaveAttribute(
      'href',
      '/business/0b6f3c1e-5a4d-4c2b-9e8f-1a2b3c4d5e6f/quiet-plumbing#send-enquiry',
    );
    expect(screen.getByText('Ask box')).toBeInTheDocument();
  });

  it('does not link the name otherwise (a business under moderation has no public page)', () => {
    render(<TradeCard trade={makeTradeCard({ name: 'Pending Plumbing' })} footer={<span>Ask box</span>} />);

    expect(within(screen.getByRole('heading', { name: 'Pending Plumbing' })).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Send an enquiry/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Ask box')).not.toBeInTheDocument();
  });
});
