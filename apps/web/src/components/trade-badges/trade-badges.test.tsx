import type { TradeBadges as TradeBadgesData } from '@churchtrades/shared/verification';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TradeBadges } from './trade-badges';

const NONE: TradeBadgesData = { abn: null, church: null, licence: null };
const ALL: TradeBadgesData = {
  abn: { abn: '51824753556', checkedAt: '2026-10-01T03:00:00.000Z' },
  church: {
    churchName: "St Mary's Parramatta",
    vouchedAt: '2026-03-02T01:00:00.000Z',
    until: '2027-03-02T01:00:00.000Z',
    voucherRole: 'PRIEST',
    voucherName: 'Mary Nguyen',
  },
  licence: { number: '123456C', state: 'NSW', kind: 'Electrical contractor', checkedAt: '2026-09-15T02:00:00.000Z' },
};

function renderBadges(badges: TradeBadgesData) {
  const user = userEvent.setup();
  const result = render(<TradeBadges badges={badges} tradeName="Smith & Sons" />);
  return { user, ...result };
}

const badge = (name: string) => screen.getByRole('button', { name });

describe('TradeBadges', () => {
  it('shows nothing for a business with no badge', () => {
    const { container } = renderBadges(NONE);

    expect(container).toBeEmptyDOMElement();
  });

  it('shows each badge that holds, closed, in a list named for the business', () => {
    renderBadges(ALL);

    const list = screen.getByRole('list', { name: 'What was checked about Smith & Sons' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual([
      '✓ ABN active',
      "✓ Known to St Mary's Parramatta",
      '✓ Licence checked',
    ]);
    for (const button of within(list).getAllByRole('button')) expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens "ABN active" on what the register said, when, and what it does not prove', async () => {
    const { user } = renderBadges({ ...NONE, abn: ALL.abn });

    await user.click(badge('ABN active'));

    expect(badge('ABN active')).toHaveAttribute('aria-expanded', 'true');
    const detail = document.getElementById(badge('ABN active').getAttribute('aria-controls') ?? '');
    expect(detail).toHaveTextContent(
      'On 1 October 2026 the Australian Business Register said that ABN 51 824 753 556 is active and registered to this business.',
    );
    expect(detail).toHaveTextContent('It does not prove a licence, insurance or the quality of the work.');
  });

  it('names who vouched by their role, and by name only when they chose it', async () => {
    const { user, rerender } = renderBadges(ALL);

    await user.click(badge("Known to St Mary's Parramatta"));
    expect(
      screen.getByText(
        "On 2 March 2026 Mary Nguyen, the priest of St Mary's Parramatta, said they know the person running this business. Their word holds until 2 March 2027.",
      ),
    ).toBeInTheDocument();

    const unnamed = { ...ALL, church: { ...ALL.church!, voucherRole: 'MODERATOR' as const, voucherName: null } };
    rerender(<TradeBadges badges={unnamed} tradeName="Smith & Sons" />);
    expect(screen.getByText(/^On 2 March 2026 a moderator of St Mary's Parramatta said they know/)).toBeInTheDocument();
    expect(screen.queryByText(/Mary Nguyen/)).not.toBeInTheDocument();
  });

  it('says which licence a moderator found on which register, and opens one badge at a time', async () => {
    const { user } = renderBadges(ALL);

    await user.click(badge('ABN active'));
    await user.click(badge('Licence checked'));

    expect(badge('ABN active')).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.getByText('On 15 September 2026 a ChurchTrades moderator found Electrical contractor licence 123456C on the public register of NSW.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Australian Business Register/)).not.toBeInTheDocument();
  });

  it('opens and closes from the keyboard, Escape returning to the badge', async () => {
    const { user } = renderBadges(ALL);

    await user.tab();
    expect(badge('ABN active')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText(/Australian Business Register/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByText(/Australian Business Register/)).not.toBeInTheDocument();
    expect(badge('ABN active')).toHaveFocus();
    await user.keyboard(' ');
    expect(badge('ABN active')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(badge('ABN active')).toHaveAttribute('aria-expanded', 'false');
  });
});
