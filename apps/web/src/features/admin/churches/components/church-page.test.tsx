import type { ChurchAdmin, ChurchMember, ChurchRole } from '@churchtrades/shared/church-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReceivedCall, Reply, Route } from '../../../../testing/api-server';
import { makeChurchAdmin, makeChurchMember } from '../../testing/admin-factory';
import { renderAdmin } from '../../testing/render-admin';

const KNOWN_EMAIL = 'mark@example.com.au';

/** One church and its members as the server holds them; each change answers as the server does. */
function churchServer(church: ChurchAdmin, members: ChurchMember[] = []) {
  const held = { church: { ...church }, members: [...members] };
  const membership = (body: unknown) => body as { churchId: string; email: string; churchRole: ChurchRole };
  const membersOf = (churchRole: ChurchRole) => () => ({
    data: { users: held.members.filter((member) => member.churchRole === churchRole) },
  });
  const flip = (field: 'enabled' | 'moderated') => (): Reply => {
    held.church = { ...held.church, [field]: !held.church[field] };
    return { message: MESSAGES.churchUpdated, data: { church: held.church } };
  };
  const routes: Record<string, Route> = {
    [`GET /api/churches/manage/${church.churchId}`]: () => ({ data: { church: held.church } }),
    'GET /api/masterUser/churchPriests': membersOf('PRIEST'),
    'GET /api/masterUser/churchModerators': membersOf('MODERATOR'),
    'PATCH /api/churches/toggleEnabled': flip('enabled'),
    'PATCH /api/churches/toggleModerated': flip('moderated'),
    'POST /api/masterUser/churchMembers': ({ body }: ReceivedCall) => {
      const { email, churchRole } = membership(body);
      if (email !== KNOWN_EMAIL) return { status: 404, message: MESSAGES.noAccountWithEmail };
      held.members.push(makeChurchMember(churchRole, { firstName: 'Mark', lastName: 'Evans', email }));
      return { message: MESSAGES.memberAdded };
    },
    'PATCH /api/masterUser/churchMembers/remove': ({ body }: ReceivedCall) => {
      const { email, churchRole } = membership(body);
      held.members = held.members.filter((member) => member.email !== email || member.churchRole !== churchRole);
      return { message: MESSAGES.memberRemoved };
    },
    'PATCH /api/churches/update': ({ body }: ReceivedCall) => {
      const { churchId: _churchId, ...fields } = body as ChurchAdmin;
      held.church = { ...held.church, ...fields };
      return { message: MESSAGES.churchUpdated, data: { church: held.church } };
    },
    'PATCH /api/churches/logo': () => {
      held.church = { ...held.church, logo: '/uploads/churches/logo.webp' };
      return { message: 'Logo updated', data: { church: held.church } };
    },
  };
  return routes;
}

function renderChurch(church: ChurchAdmin, members: ChurchMember[] = []) {
  return renderAdmin(`/admin/churches/${church.churchId}`, { routes: churchServer(church, members) });
}

async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const region = (name: string) => screen.getByRole('region', { name });

describe('ChurchPage', () => {
  it('shows the church, its switches, and its priests and moderators', async () => {
    const church = makeChurchAdmin({ name: "St Mary's Parramatta", enabled: true, moderated: false });
    renderChurch(church, [
      makeChurchMember('PRIEST', { firstName: 'John', lastName: 'Baptist', email: 'john@example.com.au' }),
      makeChurchMember('MODERATOR', { firstName: 'Ruth', lastName: 'Moab', email: 'ruth@example.com.au' }),
    ]);

    expect(await screen.findByRole('heading', { name: "St Mary's Parramatta" })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enabled' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Moderated' })).not.toBeChecked();
    expect(within(region('Details')).getByLabelText('Church name')).toHaveValue("St Mary's Parramatta");
    expect(await within(region('Priests')).findByText('John Baptist')).toBeInTheDocument();
    expect(within(region('Priests')).queryByText('Ruth Moab')).not.toBeInTheDocument();
    expect(await within(region('Moderators')).findByText('Ruth Moab')).toBeInTheDocument();
    expect(screen.getByText('No logo yet')).toBeInTheDocument();
  });

  it('turns moderation on through toggleModerated?churchId= and shows the switch as the server holds it', async () => {
    const church = makeChurchAdmin({ moderated: false });
    const { user, server } = renderChurch(church);

    await user.click(await screen.findByRole('switch', { name: 'Moderated' }));

    expect(await screen.findByText(MESSAGES.churchUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Moderated' })).toBeChecked());
    expect(server.calls('PATCH /api/churches/toggleModerated').map(({ url }) => url.search)).toEqual([
      `?churchId=${church.churchId}`,
    ]);
    expect(server.calls('PATCH /api/churches/toggleEnabled')).toHaveLength(0);
  });

  it('adds a user by e-mail as a moderator, and lists them', async () => {
    const church = makeChurchAdmin();
    const { user, server } = renderChurch(church);
    const form = await screen.findByRole('region', { name: 'Add by email' });

    await fill(user, within(form).getByLabelText('Email'), KNOWN_EMAIL);
    await user.selectOptions(within(form).getByLabelText('Church role'), 'Moderator');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText(MESSAGES.memberAdded)).toBeInTheDocument();
    expect(server.calls('POST /api/masterUser/churchMembers').map(({ body }) => body)).toEqual([
      { churchId: church.churchId, email: KNOWN_EMAIL, churchRole: 'MODERATOR' },
    ]);
    expect(await within(region('Moderators')).findByText('Mark Evans')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveValue('');
  });

  it("shows the server's refusal of an unknown e-mail above the form", async () => {
    const { user } = renderChurch(makeChurchAdmin());
    const form = await screen.findByRole('region', { name: 'Add by email' });

    await fill(user, within(form).getByLabelText('Email'), 'nobody@example.com.au');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    expect(await within(form).findByText(MESSAGES.noAccountWithEmail)).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveValue('nobody@example.com.au');
  });

  it('removes a priest from the church', async () => {
    const church = makeChurchAdmin();
    const john = makeChurchMember('PRIEST', { firstName: 'John', lastName: 'Baptist', email: 'john@example.com.au' });
    const { user, server } = renderChurch(church, [john]);

    await user.click(await screen.findByRole('button', { name: 'Remove John Baptist as priest' }));

    expect(await screen.findByText(MESSAGES.memberRemoved)).toBeInTheDocument();
    expect(server.calls('PATCH /api/masterUser/churchMembers/remove').map(({ body }) => body)).toEqual([
      { churchId: church.churchId, email: 'john@example.com.au', churchRole: 'PRIEST' },
    ]);
    expect(await within(region('Priests')).findByText('No priests yet.')).toBeInTheDocument();
  });

  it('sends the edited details with the church id', async () => {
    const church = makeChurchAdmin({ name: "St Mary's Parramatta", postcode: '2150', latitude: null, longitude: null });
    const { user, server } = renderChurch(church);
    const form = await screen.findByRole('region', { name: 'Details' });

    await fill(user, within(form).getByLabelText('Church name'), "St Mary's Cathedral");
    await user.click(within(form).getByRole('button', { name: 'Update church' }));

    expect(await screen.findByText(MESSAGES.churchUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /api/churches/update').map(({ body }) => body)).toEqual([
      {
        churchId: church.churchId,
        name: "St Mary's Cathedral",
        stateType: 'NSW',
        suburb: 'Parramatta',
        postcode: '2150',
        latitude: null,
        longitude: null,
      },
    ]);
    expect(await screen.findByRole('heading', { name: "St Mary's Cathedral" })).toBeInTheDocument();
  });

  it('uploads a logo with the church id and shows it', async () => {
    const church = makeChurchAdmin({ name: "St Mary's Parramatta" });
    const { user, server } = renderChurch(church);
    // What goes into the form data is read where it is made: jsdom's File does not survive Node's multipart encoder.
    const appended = vi.spyOn(FormData.prototype, 'append');
    const image = new File(['png'], 'logo.png', { type: 'image/png' });

    await user.upload(await screen.findByLabelText('Change Logo'), image);

    expect(await screen.findByText('Logo updated')).toBeInTheDocument();
    expect(server.calls('PATCH /api/churches/logo')).toHaveLength(1);
    expect(appended.mock.calls).toEqual([
      ['churchId', church.churchId],
      ['file', image],
    ]);
    expect(await screen.findByRole('img', { name: "Logo of St Mary's Parramatta" })).toHaveAttribute(
      'src',
      '/uploads/churches/logo.webp',
    );
  });
});
