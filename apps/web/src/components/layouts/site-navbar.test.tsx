import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { SiteNavbar } from './site-navbar';

describe('SiteNavbar', () => {
  it('has a menu button that says whether the phone menu is open, and closes it once a page is chosen', async () => {
    const { user } = renderWithProviders(<SiteNavbar />);
    const menuButton = screen.getByRole('button', { name: 'Toggle navigation' });

    expect(menuButton).toHaveAttribute('aria-controls', 'site-menu');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    // The menu folds away with a transition whose timer outlives the click: the test ends once it has run.
    const menu = document.getElementById('site-menu');
    await waitFor(() => expect(menu).not.toHaveClass('collapsing'));
    expect(menu).not.toHaveClass('show');
  });
});
