import { MESSAGES } from '@churchtrades/shared/messages';
import type { Role } from '@churchtrades/shared/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/user-factory';
import { pageOf } from '../testing/admin-factory';
import { renderAdmin } from '../testing/render-admin';

const EMPTY_CHURCHES = { 'GET /api/churches/manage': { data: { churches: pageOf([]) } } };

function renderAs(role: Role, path = '/admin/churches') {
  return renderAdmin(path, { user: makeUser({ role }), routes: EMPTY_CHURCHES });
}

function sectionLinks() {
  const nav = screen.getByRole('list', { name: 'Administration sections' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('AdminLayout', () => {
  it('offers a GOVERNOR the churches only', async () => {
    renderAs('GOVERNOR');

    expect(await screen.findByRole('heading', { name: 'Churches' })).toBeInTheDocument();
    expect(sectionLinks()).toEqual([['Churches', '/admin/churches']]);
  });

  it.each<Role>(['ADMIN', 'DEVELOPER', 'SUPER'])('offers an %s every section', async (role) => {
    renderAs(role);

    expect(await screen.findByRole('heading', { name: 'Churches' })).toBeInTheDocument();
    expect(sectionLinks()).toEqual([
      ['Churches', '/admin/churches'],
      ['Categories', '/admin/categories'],
      ['Users', '/admin/users'],
      ['Businesses', '/admin/trades'],
      ['Audit', '/admin/audit'],
      ['Failed emails', '/admin/mails'],
      ['Settings', '/admin/settings'],
    ]);
  });

  it.each<Role>(['TRADER', 'PRIEST', 'MODERATOR'])('tells a %s they may not enter, and asks nothing', async (role) => {
    const { server } = renderAs(role);

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.forbidden);
    expect(screen.queryByRole('list', { name: 'Administration sections' })).not.toBeInTheDocument();
    expect(server.calls('GET /api/churches/manage')).toHaveLength(0);
  });

  it('tells a GOVERNOR who opens a directory page that they are not allowed', async () => {
    renderAs('GOVERNOR', '/admin/users');

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.forbidden);
    expect(screen.queryByText(/Other administration page/)).not.toBeInTheDocument();
    expect(sectionLinks()).toEqual([['Churches', '/admin/churches']]);
  });

  it('opens the users page for an ADMIN', async () => {
    renderAs('ADMIN', '/admin/users');

    expect(await screen.findByText('Other administration page at /admin/users')).toBeInTheDocument();
  });

  it.each<Role>(['GOVERNOR', 'ADMIN'])('sends a %s from /admin to the churches', async (role) => {
    const { router } = renderAs(role, '/admin');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/churches'));
    expect(await screen.findByRole('heading', { name: 'Churches' })).toBeInTheDocument();
  });
});
