import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearEnquiryChoice, getEnquiryChoice } from '../../lib/enquiry-choice';
import { renderWithProviders } from '../../testing/render-with-providers';
import { AskBusinessCheckbox } from './ask-business-checkbox';
import { EnquiryChoiceBar } from './enquiry-choice-bar';

const BUSINESSES = ['Alpha Plumbing', 'Bravo Electrical', 'Charlie Carpentry', 'Delta Painting'].map((name, index) => ({
  id: `00000000-0000-4000-8000-00000000010${index}`,
  name,
}));

function renderCards() {
  return renderWithProviders(
    <>
      {BUSINESSES.map((business) => (
        <AskBusinessCheckbox key={business.id} business={business} />
      ))}
      <EnquiryChoiceBar />
    </>,
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name: `Ask this business: ${name}` });

describe('asking up to 3 businesses from a search', () => {
  beforeEach(clearEnquiryChoice);

  it('shows no bar until a business is ticked, then names it with the way to ask it', async () => {
    const { user } = renderCards();
    expect(screen.queryByRole('region', { name: 'Businesses to ask' })).not.toBeInTheDocument();

    await user.click(box('Alpha Plumbing'));

    const bar = screen.getByRole('region', { name: 'Businesses to ask' });
    expect(bar).toHaveTextContent('Alpha Plumbing');
    expect(within(bar).getByRole('link', { name: 'Ask 1 business' })).toHaveAttribute('href', '/enquiries/ask');
  });

  it('lets at most 3 be ticked: the fourth box is disabled and says why', async () => {
    const { user } = renderCards();

    for (const name of ['Alpha Plumbing', 'Bravo Electrical', 'Charlie Carpentry']) await user.click(box(name));

    expect(box('Delta Painting')).toBeDisabled();
    expect(box('Delta Painting')).toHaveAccessibleDescription(MESSAGES.tooManyEnquiryBusinesses);
    expect(screen.getByRole('link', { name: 'Ask 3 businesses' })).toBeInTheDocument();
    expect(getEnquiryChoice().map((business) => business.name)).toEqual(['Alpha Plumbing', 'Bravo Electrical', 'Charlie Carpentry']);

    await user.click(screen.getByRole('button', { name: 'Remove Bravo Electrical' }));

    expect(box('Bravo Electrical')).not.toBeChecked();
    expect(box('Delta Painting')).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Ask 2 businesses' })).toBeInTheDocument();
  });

  it('keeps the choice for the rest of the visit, and forgets it when cleared', async () => {
    const first = renderCards();
    await first.user.click(box('Bravo Electrical'));
    first.unmount();

    const { user } = renderCards();
    expect(box('Bravo Electrical')).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Clear' }));

    expect(box('Bravo Electrical')).not.toBeChecked();
    expect(screen.queryByRole('region', { name: 'Businesses to ask' })).not.toBeInTheDocument();
  });
});
