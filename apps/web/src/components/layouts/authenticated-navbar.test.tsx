import type { Role } from '@churchtrades/shared/roles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi } from '../../testing/api-server';
import { renderWithProviders } from '../../testing/render-with-providers';
import { makeUser } from '../../testing/user-factory';
import { AuthenticatedNavbar } from './authenticated-navbar';

function renderNavbar(role: Role) {
  const user = makeUser({ firstName: 'Jane', lastName: 'Citizen', role });
  serveApi({ 'GET /api/user/profile': { data: { user } } });
  return renderWithProviders(<AuthenticatedNavbar onLogout={() => {}} />);
}

describe('AuthenticatedNavbar', () => {
  it.each<[Role, string[]]>([
    ['USER', []],
    ['TRADER', []],
    ['PRIEST', ['Moderation']],
    ['MODERATOR', ['Moderation']],
    ['GOVERNOR', ['Moderation', 'Administration']],
    ['ADMIN', ['Moderation', 'Administration']],
    ['SUPER', ['Moderation', 'Administration']],
  ])('offers a %s the privileged pages %j', async (role, entries) => {
    renderNavbar(role);
    await screen.findByRole('button', { name: 'Jane Citizen' });

    const menu = screen.getByRole('navigation');
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent)
      .filter((text) => text === 'Moderation' || text === 'Administration');
    expect(links).toEqual(entries);
  });

  it('leads Moderation to /moderation and Administration to /admin', async () => {
    renderNavbar('GOVERNOR');

    expect(await screen.findByRole('link', { name: 'Moderation' })).toHaveAttribute('href', '/moderation');
    expect(screen.getByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: 'My Business' })).toHaveAttribute('href', '/trade/profile');
  });

  it("closes the phone menu when Profile is chosen from the user's menu, its links marked as links only", async () => {
    const user = userEvent.setup();
    renderNavbar('TRADER');
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    await user.click(toggle);
    await user.click(await screen.findByRole('button', { name: 'Jane Citizen' }));

    const profile = screen.getByRole('link', { name: 'Profile' });
    // aria-selected belongs to options and tabs; on a link, screen readers are told nonsense.
    expect(profile).not.toHaveAttribute('aria-selected');
    expect(screen.getByRole('link', { name: 'Password' })).not.toHaveAttribute('aria-selected');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(profile);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
