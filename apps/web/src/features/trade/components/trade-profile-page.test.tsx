import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../testing/fake-server';
import { renderRoutes } from '../../../testing/render-routes';
import { makeUser } from '../../../testing/user-factory';
import { TradeProfilePage } from './trade-profile-page';

function renderPage(owner = makeUser()) {
  fakeServer({ 'GET /api/user/profile': { data: { user: owner } } });
  return renderRoutes([{ path: '/trade/profile', element: <TradeProfilePage /> }], { initialEntries: ['/trade/profile'] });
}

describe('TradeProfilePage', () => {
  it("shows the owner's card and says that no business has been added yet", async () => {
    renderPage(makeUser({ firstName: 'Jane', lastName: 'Citizen', email: 'jane@example.com.au', phone: '0400 111 222' }));

    expect(screen.getByRole('heading', { name: 'My Business' })).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'Business Owner' })).closest('.card') as HTMLElement;
    expect(within(card).getByText('Jane Citizen')).toBeInTheDocument();
    expect(within(card).getByText('jane@example.com.au')).toBeInTheDocument();
    expect(within(card).getByText('0400 111 222')).toBeInTheDocument();
    expect(screen.getByText('You have not added your business yet.')).toBeInTheDocument();
  });

  it("shows '.....' for a phone the owner has not given", async () => {
    renderPage(makeUser({ phone: null }));

    expect(await screen.findByText('.....')).toBeInTheDocument();
  });
});
