import type { ChurchAdmin } from '@churchtrades/shared/church-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReceivedCall } from '../../../../testing/api-server';
import { makeChurchAdmin, pageOf } from '../../testing/admin-factory';
import { renderAdmin } from '../../testing/render-admin';

const ST_MARY = makeChurchAdmin({ name: "St Mary's Parramatta", tradeCount: 12, pendingCount: 3 });
const ST_PAUL = makeChurchAdmin({
  name: "St Paul's Geelong",
  stateType: 'VIC',
  suburb: 'Geelong',
  enabled: false,
  moderated: false,
});

/** The churches as the server holds them: a toggle flips its field, each listing shows them as they now are. */
function churchServer(churches: ChurchAdmin[], { totalElements = churches.length } = {}) {
  const held = churches.map((church) => ({ ...church }));
  const flip = (field: 'enabled' | 'moderated') => ({ url }: ReceivedCall) => {
    const church = held.find(({ churchId }) => churchId === url.searchParams.get('churchId'));
    if (!church) return { status: 404, message: MESSAGES.churchNotFound };
    church[field] = !church[field];
    return { message: MESSAGES.churchUpdated, data: { church } };
  };
  return {
    'GET /api/churches/manage': ({ url }: ReceivedCall) => ({
      message: MESSAGES.churchesFound,
      data: { churches: pageOf(held, { number: Number(url.searchParams.get('page')), totalElements }) },
    }),
    'PATCH /api/churches/toggleEnabled': flip('enabled'),
    'PATCH /api/churches/toggleModerated': flip('moderated'),
  };
}

/** Types into a field at once: key by key is slow and tells nothing more here. */
async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const searchParams = (call: ReceivedCall | undefined) => Object.fromEntries(call?.url.searchParams ?? []);

describe('ChurchesPage', () => {
  it('lists each church with its state, suburb, businesses, pending businesses and switches', async () => {
    renderAdmin('/admin/churches', { routes: churchServer([ST_MARY, ST_PAUL]) });

    const row = (await screen.findByRole('link', { name: ST_MARY.name })).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'NSW',
      'Parramatta',
      '12',
      '3',
      '',
      '',
    ]);
    expect(within(row).getByRole('link')).toHaveAttribute('href', `/admin/churches/${ST_MARY.churchId}`);
    expect(screen.getByRole('switch', { name: `Enabled: ${ST_MARY.name}` })).toBeChecked();
    expect(screen.getByRole('switch', { name: `Moderated: ${ST_MARY.name}` })).toBeChecked();
    expect(screen.getByRole('switch', { name: `Enabled: ${ST_PAUL.name}` })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: `Moderated: ${ST_PAUL.name}` })).not.toBeChecked();
    expect(screen.getByText('2 churches')).toBeInTheDocument();
  });

  it('asks for the first page of every state with no name at first', async () => {
    const { server } = renderAdmin('/admin/churches', { routes: churchServer([ST_MARY]) });

    await screen.findByRole('link', { name: ST_MARY.name });
    expect(searchParams(server.calls('GET /api/churches/manage')[0])).toEqual({
      page: '0',
      name: '',
      stateType: 'ALL',
    });
  });

  it('searches by name and state from the first page', async () => {
    const { user, server, router } = renderAdmin('/admin/churches?page=2', { routes: churchServer([ST_MARY]) });
    await screen.findByRole('link', { name: ST_MARY.name });

    const search = screen.getByRole('search', { name: 'Search churches' });
    await fill(user, within(search).getByLabelText('Name'), '  Mary ');
    await user.selectOptions(within(search).getByLabelText('State'), 'New South Wales');
    await user.click(within(search).getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.search).toBe('?name=Mary&stateType=NSW'));
    await waitFor(() =>
      expect(searchParams(server.calls('GET /api/churches/manage').at(-1))).toEqual({
        page: '0',
        name: 'Mary',
        stateType: 'NSW',
      }),
    );
  });

  it('pages through the same search', async () => {
    const { user, server, router } = renderAdmin('/admin/churches?name=Mary&stateType=NSW', {
      routes: churchServer([ST_MARY], { totalElements: 25 }),
    });

    await user.click(await screen.findByRole('link', { name: 'Next page' }));

    await waitFor(() =>
      expect(searchParams(server.calls('GET /api/churches/manage').at(-1))).toEqual({
        page: '1',
        name: 'Mary',
        stateType: 'NSW',
      }),
    );
    expect(router.state.location.search).toBe('?name=Mary&stateType=NSW&page=1');
    expect(await screen.findByRole('link', { name: 'Previous page' })).toBeInTheDocument();
    const search = screen.getByRole('search', { name: 'Search churches' });
    expect(within(search).getByLabelText('Name')).toHaveValue('Mary');
    expect(within(search).getByLabelText('State')).toHaveValue('NSW');
  });

  it('says so when no church matches', async () => {
    renderAdmin('/admin/churches?name=Nowhere', { routes: churchServer([]) });

    expect(await screen.findByText('No churches found.')).toBeInTheDocument();
  });

  it.each([
    ['Enabled', 'PATCH /api/churches/toggleEnabled'],
    ['Moderated', 'PATCH /api/churches/toggleModerated'],
  ])('flips %s of one church through %s?churchId=, then shows it as the server holds it', async (name, route) => {
    const { user, server } = renderAdmin('/admin/churches', { routes: churchServer([ST_MARY, ST_PAUL]) });
    const box = await screen.findByRole('switch', { name: `${name}: ${ST_PAUL.name}` });

    await user.click(box);

    expect(await screen.findByText(MESSAGES.churchUpdated)).toBeInTheDocument();
    const [call] = server.calls(route);
    expect(call?.url.searchParams.get('churchId')).toBe(ST_PAUL.churchId);
    expect(call?.body).toBeUndefined();
    await waitFor(() => expect(screen.getByRole('switch', { name: `${name}: ${ST_PAUL.name}` })).toBeChecked());
    expect(screen.getByRole('switch', { name: `${name}: ${ST_MARY.name}` })).toBeChecked();
  });

  it("shows the server's refusal of a switch and leaves it as it was", async () => {
    const { user } = renderAdmin('/admin/churches', {
      routes: {
        ...churchServer([ST_MARY]),
        'PATCH /api/churches/toggleEnabled': { status: 403, message: MESSAGES.churchOfAnotherState },
      },
    });

    await user.click(await screen.findByRole('switch', { name: `Enabled: ${ST_MARY.name}` }));

    expect(await screen.findByText(MESSAGES.churchOfAnotherState)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: `Enabled: ${ST_MARY.name}` })).toBeChecked();
  });
});

describe('Register church', () => {
  function registerForm() {
    return screen.getByRole('region', { name: 'Register church' });
  }

  it('refuses a church without a name or a state, and a bad postcode and position, without sending it', async () => {
    const { user, server } = renderAdmin('/admin/churches', { routes: churchServer([]) });
    await screen.findByText('No churches found.');
    const form = registerForm();

    await fill(user, within(form).getByLabelText('Postcode'), '215');
    await fill(user, within(form).getByLabelText('Latitude'), '-91');
    await user.click(within(form).getByRole('button', { name: 'Register church' }));

    expect(await within(form).findByText(MESSAGES.churchNameRequired)).toBeInTheDocument();
    expect(within(form).getByText(MESSAGES.chooseState, { selector: '.invalid-feedback' })).toBeInTheDocument();
    expect(within(form).getByText(MESSAGES.postcodeInvalid)).toBeInTheDocument();
    expect(within(form).getByText(MESSAGES.coordinateInvalid)).toBeInTheDocument();
    expect(within(form).getByLabelText('Church name')).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('POST /api/churches/register')).toHaveLength(0);
  });

  it('sends the church as the schema shapes it, shows the answer and lists it', async () => {
    const registered = makeChurchAdmin({ name: "St Luke's Ryde", suburb: 'Ryde', postcode: '2112' });
    const listed: ChurchAdmin[] = [];
    const { user, server } = renderAdmin('/admin/churches', {
      routes: {
        'GET /api/churches/manage': () => ({ data: { churches: pageOf(listed) } }),
        'POST /api/churches/register': () => {
          listed.push(registered);
          return { status: 201, message: MESSAGES.churchRegistered, data: { church: registered } };
        },
      },
    });
    await screen.findByText('No churches found.');
    const form = registerForm();

    await fill(user, within(form).getByLabelText('Church name'), "St Luke's Ryde");
    await user.selectOptions(within(form).getByLabelText('State'), 'NSW');
    await fill(user, within(form).getByLabelText('Suburb'), ' Ryde ');
    await fill(user, within(form).getByLabelText('Postcode'), '2112');
    await fill(user, within(form).getByLabelText('Latitude'), '-33.815');
    await user.click(within(form).getByRole('button', { name: 'Register church' }));

    expect(await screen.findByText(MESSAGES.churchRegistered)).toBeInTheDocument();
    expect(server.calls('POST /api/churches/register').map(({ body }) => body)).toEqual([
      {
        name: "St Luke's Ryde",
        stateType: 'NSW',
        suburb: 'Ryde',
        postcode: '2112',
        latitude: -33.815,
        longitude: null,
      },
    ]);
    expect(await screen.findByRole('link', { name: "St Luke's Ryde" })).toBeInTheDocument();
    expect(within(form).getByLabelText('Church name')).toHaveValue('');
  });

  it("shows the server's refusal above the form", async () => {
    const { user } = renderAdmin('/admin/churches', {
      routes: {
        ...churchServer([]),
        'POST /api/churches/register': { status: 403, message: MESSAGES.churchOfAnotherState },
      },
    });
    await screen.findByText('No churches found.');
    const form = registerForm();

    await fill(user, within(form).getByLabelText('Church name'), "St Luke's Ryde");
    await user.selectOptions(within(form).getByLabelText('State'), 'VIC');
    await user.click(within(form).getByRole('button', { name: 'Register church' }));

    expect(await within(form).findByText(MESSAGES.churchOfAnotherState)).toBeInTheDocument();
    expect(within(form).getByLabelText('Church name')).toHaveValue("St Luke's Ryde");
  });
});
