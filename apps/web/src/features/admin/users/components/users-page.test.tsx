import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReceivedCall } from '../../../../testing/api-server';
import { makeUserAdmin } from '../../testing/directory-factory';
import { pageOf } from '../../testing/admin-factory';
import { expectLastQuery, lastQuery, renderDirectoryAdmin, ST_MARY } from '../../testing/render-directory-admin';

const FILTER = 'GET /api/masterUser/filter';

const MARY = makeUserAdmin({
  firstName: 'Mary',
  lastName: 'Jones',
  email: 'mary@example.com.au',
  role: 'MODERATOR',
  churches: [{ churchId: ST_MARY.churchId, name: ST_MARY.name, churchRole: 'MODERATOR' }],
  trade: { id: '00000000-0000-4000-8400-000000000099', name: 'Jones Plumbing' },
});
const PETER = makeUserAdmin({ firstName: 'Peter', lastName: 'Smith', accountNonLocked: false, enabled: false });

/** Answers every filter with Mary and Peter, 45 users in all (three pages of 20); Mary's own page opens too. */
const USERS_ROUTES = {
  [FILTER]: ({ url }: ReceivedCall) => {
    const number = Number(url.searchParams.get('page'));
    return { data: { users: pageOf([MARY, PETER], { number, size: 20, totalElements: 45 }) } };
  },
  [`GET /api/masterUser/${MARY.userId}`]: { data: { user: MARY } },
  'GET /api/churches/manage': { data: { churches: pageOf([]) } },
};

function renderUsers(path = '/admin/users') {
  return renderDirectoryAdmin(path, { routes: USERS_ROUTES });
}

describe('UsersPage', () => {
  it('lists the users with their role, churches, business and account standing; each name opens the user', async () => {
    const { user, router } = renderUsers();

    const row = (await screen.findByRole('link', { name: 'Mary Jones' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('mary@example.com.au')).toBeInTheDocument();
    expect(within(row).getByText('ROLE_MODERATOR')).toBeInTheDocument();
    expect(within(row).getByText(`${ST_MARY.name} (Moderator)`)).toBeInTheDocument();
    expect(within(row).getByText('Jones Plumbing')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const peter = screen.getByRole('link', { name: 'Peter Smith' }).closest('tr') as HTMLElement;
    expect(within(peter).getByText('Disabled')).toBeInTheDocument();
    expect(within(peter).getByText('Locked')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 - 2 of 45 users')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Mary Jones' }));

    expect(router.state.location.pathname).toBe(`/admin/users/${MARY.userId}`);
  });

  it('asks for the first page of every user when no filter is chosen', async () => {
    const { server } = renderUsers();

    await screen.findByRole('link', { name: 'Mary Jones' });
    expect(lastQuery(server, FILTER)).toEqual({ page: '0', size: '20' });
  });

  it('sends each chosen filter under the name the API gives it, and keeps them in the URL', async () => {
    const { user, server, router } = renderUsers();
    const filters = await screen.findByRole('search', { name: 'Filter users' });

    await user.type(within(filters).getByLabelText('Name or e-mail'), 'jones{Enter}');
    await user.selectOptions(within(filters).getByLabelText('State'), 'NSW');
    await user.selectOptions(
      within(filters).getByLabelText('Church'),
      await within(filters).findByRole('option', { name: ST_MARY.name }),
    );
    await user.selectOptions(within(filters).getByLabelText('Role'), 'MODERATOR');
    await user.selectOptions(within(filters).getByLabelText('Enabled'), 'Yes');
    await user.selectOptions(within(filters).getByLabelText('Not expired'), 'No');
    await user.selectOptions(within(filters).getByLabelText('Not locked'), 'Yes');
    await user.selectOptions(within(filters).getByLabelText('Credentials not expired'), 'No');

    const expected = {
      searchText: 'jones',
      stateType: 'NSW',
      churchId: ST_MARY.churchId,
      authority: 'MODERATOR',
      enabled: 'true',
      accountNonExpired: 'false',
      accountNonLocked: 'true',
      credentialsNonExpired: 'false',
    };
    await expectLastQuery(server, FILTER, { ...expected, page: '0', size: '20' });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(expected);
  });

  it('finds the accounts waiting for deletion, each showing the day it will be deleted', async () => {
    const leaving = makeUserAdmin({ firstName: 'Anna', lastName: 'Leaving', deletionDueAt: '2026-03-16T09:30:00.000Z' });
    const { user, server, router } = renderDirectoryAdmin('/admin/users', {
      routes: {
        [FILTER]: ({ url }: ReceivedCall) => ({
          data: { users: pageOf(url.searchParams.get('deletionPending') === 'true' ? [leaving] : [MARY, leaving], { size: 20 }) },
        }),
      },
    });

    const mary = (await screen.findByRole('link', { name: 'Mary Jones' })).closest('tr') as HTMLElement;
    expect(within(mary).queryByText('Deletion pending')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Deletion pending'), 'Yes');

    await expectLastQuery(server, FILTER, { deletionPending: 'true', page: '0', size: '20' });
    expect(router.state.location.search).toBe('?deletionPending=true');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Mary Jones' })).not.toBeInTheDocument());
    const row = (await screen.findByRole('link', { name: 'Anna Leaving' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Deletion pending')).toBeInTheDocument();
    expect(within(row).getByText('16 Mar 2026')).toHaveAttribute('dateTime', '2026-03-16T09:30:00.000Z');
    expect(within(row).queryByText('Active')).not.toBeInTheDocument();
  });

  it('offers the churches of the chosen state, and clears the church when the state changes', async () => {
    const { user, server } = renderUsers(`/admin/users?stateType=NSW&churchId=${ST_MARY.churchId}`);

    const church = await screen.findByLabelText('Church');
    await waitFor(() => expect(church).toHaveValue(ST_MARY.churchId));
    expect(within(church).queryByRole('option', { name: /St Paul/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('State'), 'VIC');

    await expectLastQuery(server, FILTER, { stateType: 'VIC', page: '0', size: '20' });
    expect(screen.getByLabelText('Church')).toHaveValue('');
  });

  it('reads the filters from the URL, so Back shows the previous list again', async () => {
    const { user, server, router } = renderUsers('/admin/users?authority=ADMIN&enabled=false');

    await screen.findByRole('link', { name: 'Mary Jones' });
    expect(screen.getByLabelText('Role')).toHaveValue('ADMIN');
    expect(screen.getByLabelText('Enabled')).toHaveValue('false');
    expect(lastQuery(server, FILTER)).toEqual({
      authority: 'ADMIN',
      enabled: 'false',
      page: '0',
      size: '20',
    });

    await user.selectOptions(screen.getByLabelText('Role'), 'TRADER');
    await waitFor(() => expect(lastQuery(server, FILTER)).toMatchObject({ authority: 'TRADER' }));
    await router.navigate(-1);

    await waitFor(() => expect(screen.getByLabelText('Role')).toHaveValue('ADMIN'));
    expect(router.state.location.search).toBe('?authority=ADMIN&enabled=false');
  });

  it('pages through the list, keeping the filters', async () => {
    const { user, server } = renderUsers('/admin/users?searchText=jo');

    await screen.findByRole('link', { name: 'Mary Jones' });
    await user.click(screen.getByRole('link', { name: 'Page 2' }));

    await expectLastQuery(server, FILTER, { searchText: 'jo', page: '1', size: '20' });
    expect(await screen.findByText('Showing 21 - 22 of 45 users')).toBeInTheDocument();
  });

  it('ignores a filter value the API would refuse', async () => {
    const { server } = renderUsers('/admin/users?authority=POPE&stateType=XX&churchId=42&enabled=maybe');

    await screen.findByRole('link', { name: 'Mary Jones' });
    expect(lastQuery(server, FILTER)).toEqual({ page: '0', size: '20' });
  });
});
