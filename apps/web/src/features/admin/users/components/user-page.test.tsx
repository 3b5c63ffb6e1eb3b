import { MESSAGES } from '@churchtrades/shared/messages';
import type { Role } from '@churchtrades/shared/roles';
import type { UserAdmin } from '@churchtrades/shared/user-admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReceivedCall, Reply, Route } from '../../../../testing/api-server';
import { makeUser } from '../../../../testing/user-factory';
import { makeChurchAdmin, pageOf } from '../../testing/admin-factory';
import { makeUserAdmin } from '../../testing/directory-factory';
import { lastQuery, renderDirectoryAdmin, ST_MARY } from '../../testing/render-directory-admin';

const TRADE_ID = '00000000-0000-4000-8400-000000000077';
const ST_JOHN = makeChurchAdmin({ name: "St John's Hobart", stateType: 'TAS', enabled: false });

/** The user as the test API holds it, so the reload after a change shows the change. */
class StoredUser {
  constructor(public current: UserAdmin) {}

  change(changes: Partial<UserAdmin>, message: string): Reply {
    this.current = { ...this.current, ...changes };
    return { message, data: { user: this.current } };
  }
}

interface UserPageSetup {
  viewerRole?: Role;
  user?: Partial<UserAdmin>;
  routes?: (stored: StoredUser) => Record<string, Route>;
}

function renderUserPage({ viewerRole = 'ADMIN', user = {}, routes = () => ({}) }: UserPageSetup = {}) {
  const stored = new StoredUser(
    makeUserAdmin({
      firstName: 'Mary',
      lastName: 'Jones',
      email: 'mary@example.com.au',
      phone: '0411 111 111',
      trade: { id: TRADE_ID, name: 'Jones Plumbing' },
      ...user,
    }),
  );
  const view = renderDirectoryAdmin(`/admin/users/${stored.current.userId}`, {
    viewer: makeUser({ role: viewerRole }),
    routes: {
      [`GET /api/masterUser/${stored.current.userId}`]: () => ({ data: { user: stored.current } }),
      'GET /api/churches/manage': ({ url }: ReceivedCall) => {
        const name = (url.searchParams.get('name') ?? '').toLowerCase();
        return { data: { churches: pageOf([ST_JOHN].filter((church) => church.name.toLowerCase().includes(name))) } };
      },
      ...routes(stored),
    },
  });
  return { ...view, stored, userLoads: () => view.server.calls(`GET /api/masterUser/${stored.current.userId}`).length };
}

function roleOptions(): string[] {
  return within(screen.getByLabelText('Role'))
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe('UserPage', () => {
  it("shows the user's details, churches served and a link to their business for moderators", async () => {
    const { user, router } = renderUserPage({
      user: {
        role: 'GOVERNOR',
        governedState: 'NSW',
        accountNonLocked: false,
        churches: [{ churchId: ST_MARY.churchId, name: ST_MARY.name, churchRole: 'PRIEST' }],
      },
    });

    expect(await screen.findByRole('heading', { name: 'Mary Jones' })).toBeInTheDocument();
    const details = screen.getByRole('heading', { name: 'Details' }).closest('.card') as HTMLElement;
    expect(within(details).getByRole('link', { name: 'mary@example.com.au' })).toHaveAttribute(
      'href',
      'mailto:mary@example.com.au',
    );
    expect(within(details).getByText('0411 111 111')).toBeInTheDocument();
    expect(within(details).getByText('ROLE_GOVERNOR')).toBeInTheDocument();
    expect(within(details).getByText('of NSW')).toBeInTheDocument();
    expect(within(details).getByText('Locked')).toBeInTheDocument();
    expect(within(details).getByText(`${ST_MARY.name} (Priest)`)).toBeInTheDocument();

    await user.click(within(details).getByRole('link', { name: 'Jones Plumbing' }));

    expect(router.state.location.pathname).toBe(`/moderation/trades/${TRADE_ID}`);
  });

  it('shows in the details that the owner asked to delete the account, and the day it will be deleted', async () => {
    renderUserPage({ user: { enabled: false, deletionDueAt: '2026-03-16T09:30:00.000Z' } });

    expect(await screen.findByRole('heading', { name: 'Mary Jones' })).toBeInTheDocument();
    const details = screen.getByRole('heading', { name: 'Details' }).closest('.card') as HTMLElement;
    expect(within(details).getByText('Deletion pending')).toBeInTheDocument();
    expect(within(details).getByText('16 Mar 2026')).toBeInTheDocument();
    expect(within(details).getByText('Disabled')).toBeInTheDocument();
  });

  it('offers an ADMIN the roles up to GOVERNOR only', async () => {
    renderUserPage({ viewerRole: 'ADMIN' });

    await screen.findByLabelText('Role');
    expect(roleOptions()).toEqual(['USER', 'TRADER', 'PRIEST', 'MODERATOR', 'GOVERNOR']);
  });

  it('offers a SUPER every role, ADMIN, DEVELOPER and SUPER too', async () => {
    renderUserPage({ viewerRole: 'SUPER' });

    await screen.findByLabelText('Role');
    expect(roleOptions()).toEqual(['USER', 'TRADER', 'PRIEST', 'MODERATOR', 'GOVERNOR', 'ADMIN', 'DEVELOPER', 'SUPER']);
  });

  it('changes the role, then shows the role the server gave', async () => {
    const { user, server } = renderUserPage({
      routes: (stored) => ({
        'PATCH /api/user/updateRole': () => stored.change({ role: 'MODERATOR' }, MESSAGES.roleUpdated),
      }),
    });

    await user.selectOptions(await screen.findByLabelText('Role'), 'MODERATOR');
    await user.click(screen.getByRole('button', { name: 'Change role' }));

    expect(await screen.findByText(MESSAGES.roleUpdated)).toBeInTheDocument();
    const [call] = server.calls('PATCH /api/user/updateRole');
    expect(call?.body).toEqual({ userId: expect.any(String), role: 'MODERATOR', governedState: null });
    expect(await screen.findByText('ROLE_MODERATOR')).toBeInTheDocument();
  });

  it('asks for the state a governor governs before sending anything', async () => {
    const { user, server, stored } = renderUserPage({
      routes: (stored) => ({
        'PATCH /api/user/updateRole': () =>
          stored.change({ role: 'GOVERNOR', governedState: 'VIC' }, MESSAGES.roleUpdated),
      }),
    });

    expect(await screen.findByLabelText('Role')).toBeInTheDocument();
    expect(screen.queryByLabelText('Governed state')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Role'), 'GOVERNOR');
    await user.click(screen.getByRole('button', { name: 'Change role' }));

    expect(await screen.findByText(MESSAGES.governorNeedsState)).toBeInTheDocument();
    expect(screen.getByLabelText('Governed state')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('PATCH /api/user/updateRole')).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Governed state'), 'VIC');
    await user.click(screen.getByRole('button', { name: 'Change role' }));

    expect(await screen.findByText(MESSAGES.roleUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /api/user/updateRole')[0]?.body).toEqual({
      userId: stored.current.userId,
      role: 'GOVERNOR',
      governedState: 'VIC',
    });
  });

  it("shows the server's refusal of a role change in a red alert", async () => {
    const { user } = renderUserPage({
      routes: () => ({ 'PATCH /api/user/updateRole': { status: 403, message: MESSAGES.roleNotGrantable } }),
    });

    await user.selectOptions(await screen.findByLabelText('Role'), 'USER');
    await user.click(screen.getByRole('button', { name: 'Change role' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.roleNotGrantable);
    expect(screen.getByText('ROLE_TRADER')).toBeInTheDocument();
  });

  it.each([
    ['Enabled', 'tglUserAccountEnabled', { enabled: false }],
    ['Locked', 'tglUserAccountLocked', { accountNonLocked: false }],
    ['Expired', 'tglUserAccountExpired', { accountNonExpired: false }],
    ['Credentials expired', 'tglUserCredentialsExpired', { credentialsNonExpired: false }],
  ] as const)('flips %s through PATCH /user/%s?userId=, then shows what the server holds', async (name, path, off) => {
    const { user, server, stored } = renderUserPage({
      routes: (stored) => ({
        [`PATCH /api/user/${path}`]: () => stored.change(off, MESSAGES.accountSwitchUpdated),
      }),
    });
    const box = await screen.findByRole('switch', { name });
    const before = (box as HTMLInputElement).checked;

    await user.click(box);

    expect(await screen.findByText(MESSAGES.accountSwitchUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name })).toHaveProperty('checked', !before));
    const [call] = server.calls(`PATCH /api/user/${path}`);
    expect(call?.url.searchParams.get('userId')).toBe(stored.current.userId);
    expect(call?.body).toBeUndefined();
  });

  it('confirms a moderator waiting for it, then names who confirmed them', async () => {
    const { user, server, stored } = renderUserPage({
      user: { role: 'MODERATOR', authority: 'ROLE_MODERATOR', moderated: false },
      routes: (stored) => ({
        'PATCH /api/masterUser/toggleModerated': () =>
          stored.change(
            { moderated: true, moderatedBy: { userId: 'admin', name: 'Ada Admin' } },
            MESSAGES.masterUserConfirmation,
          ),
      }),
    });
    const box = await screen.findByRole('switch', { name: 'Confirmed' });
    expect(box).not.toBeChecked();
    expect(screen.getAllByText("Waiting for an administrator's confirmation").length).toBeGreaterThan(0);
    expect(screen.getByText('Not confirmed')).toBeInTheDocument();

    await user.click(box);

    expect(await screen.findByText(MESSAGES.masterUserConfirmation)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Confirmed' })).toBeChecked());
    expect(screen.getAllByText('Confirmed by Ada Admin').length).toBeGreaterThan(0);
    const [call] = server.calls('PATCH /api/masterUser/toggleModerated');
    expect(call?.url.searchParams.get('userId')).toBe(stored.current.userId);
  });

  it('offers no confirmation for a trader', async () => {
    renderUserPage();

    expect(await screen.findByRole('switch', { name: 'Locked' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Confirmed' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a switch and leaves it as it was", async () => {
    const { user } = renderUserPage({
      routes: () => ({
        'PATCH /api/user/tglUserAccountLocked': { status: 403, message: MESSAGES.accountBeyondYourRole },
      }),
    });

    await user.click(await screen.findByRole('switch', { name: 'Locked' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.accountBeyondYourRole);
    expect(screen.getByRole('switch', { name: 'Locked' })).not.toBeChecked();
  });

  it('offers no role or switches for one’s own account', async () => {
    const admin = makeUser({ role: 'ADMIN' });
    renderDirectoryAdmin(`/admin/users/${admin.userId}`, {
      viewer: admin,
      routes: {
        [`GET /api/masterUser/${admin.userId}`]: {
          data: { user: makeUserAdmin({ userId: admin.userId, role: 'ADMIN' }) },
        },
        'GET /api/churches/manage': { data: { churches: pageOf([]) } },
      },
    });

    expect(await screen.findByText(MESSAGES.ownAccountNotHere)).toBeInTheDocument();
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('says why an ADMIN cannot change another ADMIN', async () => {
    renderUserPage({ viewerRole: 'ADMIN', user: { role: 'ADMIN' } });

    expect(await screen.findByText(MESSAGES.accountBeyondYourRole)).toBeInTheDocument();
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();
  });

  it('attaches the user to a church found by name, as its moderator', async () => {
    const { user, server, userLoads } = renderUserPage({
      routes: (stored) => ({
        'POST /api/masterUser/churchMembers': () => {
          const churches = [{ churchId: ST_JOHN.churchId, name: ST_JOHN.name, churchRole: 'MODERATOR' as const }];
          stored.change({ role: 'MODERATOR', churches }, MESSAGES.memberAdded);
          return { status: 201, message: MESSAGES.memberAdded };
        },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Attach to a church' });

    await user.type(within(form).getByLabelText('Church name'), 'hobart');
    await waitFor(() => expect(lastQuery(server, 'GET /api/churches/manage')).toMatchObject({ name: 'hobart' }));
    await user.selectOptions(
      within(form).getByLabelText('Church'),
      await within(form).findByRole('option', { name: `${ST_JOHN.name} (TAS) · disabled` }),
    );
    await user.click(within(form).getByRole('radio', { name: 'Moderator' }));
    const loadsBefore = userLoads();
    await user.click(within(form).getByRole('button', { name: 'Attach' }));

    expect(await screen.findByText(MESSAGES.memberAdded)).toBeInTheDocument();
    expect(server.calls('POST /api/masterUser/churchMembers')[0]?.body).toEqual({
      churchId: ST_JOHN.churchId,
      email: 'mary@example.com.au',
      churchRole: 'MODERATOR',
    });
    await waitFor(() => expect(userLoads()).toBeGreaterThan(loadsBefore));
    const served = screen.getByRole('heading', { name: 'Churches served' }).closest('.card') as HTMLElement;
    const remove = await within(served).findByRole('button', { name: `Remove as Moderator of ${ST_JOHN.name}` });
    expect(remove).toBeEnabled();
  });

  it('names what is missing before attaching', async () => {
    const { user, server } = renderUserPage();
    const form = await screen.findByRole('form', { name: 'Attach to a church' });

    await user.click(within(form).getByRole('button', { name: 'Attach' }));

    expect(await within(form).findByText(MESSAGES.chooseChurch, { selector: '.invalid-feedback' })).toBeInTheDocument();
    expect(within(form).getByText(MESSAGES.chooseChurchRole)).toBeInTheDocument();
    expect(server.calls('POST /api/masterUser/churchMembers')).toHaveLength(0);
  });

  it('removes the user from a church they serve', async () => {
    const { user, server } = renderUserPage({
      user: { role: 'PRIEST', churches: [{ churchId: ST_MARY.churchId, name: ST_MARY.name, churchRole: 'PRIEST' }] },
      routes: (stored) => ({
        'PATCH /api/masterUser/churchMembers/remove': () => {
          stored.change({ churches: [] }, MESSAGES.memberRemoved);
          return { message: MESSAGES.memberRemoved };
        },
      }),
    });

    await user.click(await screen.findByRole('button', { name: `Remove as Priest of ${ST_MARY.name}` }));

    expect(await screen.findByText(MESSAGES.memberRemoved)).toBeInTheDocument();
    expect(server.calls('PATCH /api/masterUser/churchMembers/remove')[0]?.body).toEqual({
      churchId: ST_MARY.churchId,
      email: 'mary@example.com.au',
      churchRole: 'PRIEST',
    });
    expect(await screen.findByText('Not a priest or moderator of any church.')).toBeInTheDocument();
  });

  it('sends the user a password reset email', async () => {
    const { user, server } = renderUserPage({
      routes: () => ({
        'PATCH /api/trades/sendNewOwnerPasswordResetEmail': { message: MESSAGES.ownerResetEmailSent },
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'Send password reset email' }));

    expect(await screen.findByText(MESSAGES.ownerResetEmailSent)).toBeInTheDocument();
    const [call] = server.calls('PATCH /api/trades/sendNewOwnerPasswordResetEmail');
    expect(call?.url.searchParams.get('email')).toBe('mary@example.com.au');
  });

  it("shows a refused reset email's message in a red alert", async () => {
    const { user } = renderUserPage({
      routes: () => ({
        'PATCH /api/trades/sendNewOwnerPasswordResetEmail': { status: 403, message: MESSAGES.forbidden },
      }),
    });

    await user.click(await screen.findByRole('button', { name: 'Send password reset email' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.forbidden);
  });

  it("links to the audit log's entries about the user", async () => {
    const { user, router, stored } = renderUserPage({
      routes: () => ({ 'GET /api/audit': { data: { entries: pageOf([]) } } }),
    });

    await user.click(await screen.findByRole('link', { name: 'Audit history' }));

    expect(router.state.location.pathname).toBe('/admin/audit');
    expect(router.state.location.search).toBe(`?subjectType=USER&subjectId=${stored.current.userId}`);
  });
});
