import { MESSAGES } from '@churchtrades/shared/messages';
import type { Role } from '@churchtrades/shared/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReceivedCall, Route } from '../../../../testing/api-server';
import { makeUser } from '../../../../testing/user-factory';
import { makeChurchAdmin, pageOf } from '../../testing/admin-factory';
import { makeUserAdmin } from '../../testing/directory-factory';
import { renderDirectoryAdmin } from '../../testing/render-directory-admin';

const ST_JOHN = makeChurchAdmin({ name: "St John's Hobart", stateType: 'TAS' });
const ST_LUKE = makeChurchAdmin({ name: "St Luke's Perth", stateType: 'WA' });
const REGISTER = 'POST /api/masterUser/registerMasterUser';

function renderRegister({ viewerRole = 'ADMIN', routes = {} }: { viewerRole?: Role; routes?: Record<string, Route> } = {}) {
  const registered = makeUserAdmin({ firstName: 'Hannah', lastName: 'Greaves', role: 'MODERATOR', moderated: false });
  return renderDirectoryAdmin('/admin/users/new', {
    viewer: makeUser({ role: viewerRole }),
    routes: {
      'GET /api/churches/manage': ({ url }: ReceivedCall) => {
        const name = (url.searchParams.get('name') ?? '').toLowerCase();
        const churches = [ST_JOHN, ST_LUKE].filter((church) => church.name.toLowerCase().includes(name));
        return { data: { churches: pageOf(churches) } };
      },
      [REGISTER]: { status: 201, message: MESSAGES.masterUserRegistered, data: { user: registered } },
      [`GET /api/masterUser/${registered.userId}`]: { data: { user: registered } },
      'GET /api/masterUser/filter': { data: { users: pageOf([]) } },
      ...routes,
    },
  });
}

function roleOptions(): string[] {
  return within(screen.getByLabelText('Role'))
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

async function fillPerson(user: ReturnType<typeof renderRegister>['user']) {
  await user.type(await screen.findByLabelText('First name'), 'Hannah');
  await user.type(screen.getByLabelText('Last name'), 'Greaves');
  await user.type(screen.getByLabelText('Email address'), 'hannah@example.org');
  await user.type(screen.getByLabelText('Phone'), '0400 222 333');
}

describe('RegisterMasterUserPage', () => {
  it('is reached from the users page', async () => {
    const { user, router } = renderDirectoryAdmin('/admin/users', {
      routes: {
        'GET /api/masterUser/filter': { data: { users: pageOf([]) } },
        'GET /api/churches/manage': { data: { churches: pageOf([]) } },
      },
    });

    await user.click(await screen.findByRole('link', { name: 'Register a master user' }));

    expect(router.state.location.pathname).toBe('/admin/users/new');
  });

  it('offers an ADMIN the master roles up to GOVERNOR only', async () => {
    renderRegister();

    await screen.findByLabelText('Role');
    await waitFor(() => expect(roleOptions()).toEqual([MESSAGES.chooseRole, 'Priest', 'Moderator', 'Governor']));
  });

  it('offers a SUPER every master role', async () => {
    renderRegister({ viewerRole: 'SUPER' });

    await screen.findByLabelText('Role');
    await waitFor(() =>
      expect(roleOptions()).toEqual([
        MESSAGES.chooseRole,
        'Priest',
        'Moderator',
        'Governor',
        'Administrator',
        'Developer',
        'Super',
      ]),
    );
  });

  it('registers a moderator of a church found by name, then opens their page', async () => {
    const { user, server, router } = renderRegister();
    await fillPerson(user);
    await user.selectOptions(screen.getByLabelText('Role'), 'MODERATOR');
    await user.type(screen.getByLabelText('Church name'), 'hobart');
    await waitFor(() => expect(screen.getByRole('option', { name: "St John's Hobart (TAS)" })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Church'), ST_JOHN.churchId);
    await user.click(screen.getByRole('button', { name: 'Add church' }));

    expect(screen.getByRole('list', { name: 'Churches they will serve' })).toHaveTextContent("St John's Hobart (Moderator)");
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(MESSAGES.masterUserRegistered)).toBeInTheDocument();
    expect(server.calls(REGISTER)[0]?.body).toEqual({
      firstName: 'Hannah',
      lastName: 'Greaves',
      email: 'hannah@example.org',
      phone: '0400 222 333',
      role: 'MODERATOR',
      governedState: null,
      priestOf: [],
      moderates: [ST_JOHN.churchId],
    });
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/users\/[0-9a-f-]{36}$/));
  });

  it('asks a governor for their state before sending anything', async () => {
    const { user, server } = renderRegister();
    await fillPerson(user);
    await user.selectOptions(screen.getByLabelText('Role'), 'GOVERNOR');

    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(MESSAGES.governorNeedsState)).toBeInTheDocument();
    expect(server.calls(REGISTER)).toHaveLength(0);
  });

  it('removes a church added by mistake', async () => {
    const { user } = renderRegister();
    await user.type(await screen.findByLabelText('Church name'), 'perth');
    await waitFor(() => expect(screen.getByRole('option', { name: "St Luke's Perth (WA)" })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Church'), ST_LUKE.churchId);
    await user.selectOptions(screen.getByLabelText('Serves as'), 'PRIEST');
    await user.click(screen.getByRole('button', { name: 'Add church' }));
    expect(screen.getByRole('list', { name: 'Churches they will serve' })).toHaveTextContent("St Luke's Perth (Priest)");

    await user.click(screen.getByRole('button', { name: "Remove St Luke's Perth (Priest)" }));

    expect(screen.queryByRole('list', { name: 'Churches they will serve' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a taken e-mail in a red alert", async () => {
    const { user } = renderRegister({
      routes: { [REGISTER]: { status: 409, message: MESSAGES.masterUserEmailTaken } },
    });
    await fillPerson(user);
    await user.selectOptions(screen.getByLabelText('Role'), 'PRIEST');

    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.masterUserEmailTaken);
  });
});
