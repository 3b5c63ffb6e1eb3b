import { MESSAGES } from '@churchtrades/shared/messages';
import type { OwnTrade, SocialMediaEntry } from '@churchtrades/shared/trade-dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReceivedCall, Route } from '../../../testing/api-server';
import { makeUser } from '../../../testing/user-factory';
import { chooseOption } from '../testing/choose-option';
import { renderTrade } from '../testing/render-trade';
import { makeOwnTrade, makeSocialMediaEntry } from '../testing/trade-dashboard-factory';

const NEW_ID = 'c9999999-9999-4999-8999-999999999999';

/** The social media routes, with the business's entries kept as the server would keep them. */
function socialMediaRoutes(trade: OwnTrade, initial: SocialMediaEntry[]): Record<string, Route> {
  let entries = initial;
  return {
    [`GET /api/socialMedia/searchByEntityId/${trade.id}`]: () => ({ data: { socialMedias: entries } }),
    'POST /api/socialMedia/create': ({ body }: ReceivedCall) => {
      const sent = body as SocialMediaEntry;
      entries = [...entries, { ...sent, id: NEW_ID, referenceId: NEW_ID, url: `https://example.com/${sent.name}` }];
      return { status: 201, message: MESSAGES.socialMediaCreated };
    },
    'PATCH /api/socialMedia/update': ({ body }: ReceivedCall) => {
      const sent = body as SocialMediaEntry;
      entries = entries.map((entry) => (entry.id === sent.id ? { ...entry, ...sent } : entry));
      return { message: MESSAGES.socialMediaUpdated };
    },
    'PATCH /api/socialMedia/delete': ({ body }: ReceivedCall) => {
      entries = entries.filter((entry) => entry.id !== (body as { id: string }).id);
      return { message: MESSAGES.socialMediaDeleted };
    },
  };
}

function renderSocialMedia(entries: (trade: OwnTrade) => SocialMediaEntry[] = () => [], user = makeUser()) {
  const trade = makeOwnTrade(user);
  const initial = entries(trade);
  const view = renderTrade(`/trade/media/${trade.id}`, { user, trade, routes: socialMediaRoutes(trade, initial) });
  return {
    ...view,
    trade,
    initial,
    listLoads: () => view.server.calls(`GET /api/socialMedia/searchByEntityId/${trade.id}`).length,
  };
}

/** What a cell shows besides its Open link. */
function shownText(cell: HTMLElement): string {
  const copy = cell.cloneNode(true) as HTMLElement;
  for (const link of copy.querySelectorAll('a')) link.remove();
  return copy.textContent ?? '';
}

function rows(): string[][] {
  const body = screen.getAllByRole('rowgroup')[1] as HTMLElement;
  return within(body)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell').map(shownText));
}

function openLink(name: string) {
  return screen.findByRole('link', { name: `Open ${name} (opens in new tab)` });
}

describe('SocialMediaPage', () => {
  it('lists the entries under Social Media and name, each with a link of its own opening its page in a new tab', async () => {
    renderSocialMedia((trade) => [
      makeSocialMediaEntry(trade, {
        mediaType: 'FACEBOOK',
        name: 'smithplumbing',
        url: 'https://www.facebook.com/smithplumbing',
      }),
      makeSocialMediaEntry(trade, { mediaType: 'WEBSITE', name: 'https://smith.com.au', url: 'https://smith.com.au' }),
    ]);

    const link = await openLink('smithplumbing');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Social Media', 'name']);
    expect(rows()).toEqual([
      ['Facebook', 'smithplumbing'],
      ['Website', 'https://smith.com.au'],
    ]);
    expect(link).toHaveAttribute('href', 'https://www.facebook.com/smithplumbing');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByLabelText('Name')).toHaveAttribute('placeholder', 'Media Reference');
    expect(screen.getByLabelText('Media')).toHaveDisplayValue(MESSAGES.chooseMediaType);
  });

  it("saves a new entry with the placeholder reference id 'refnull', reloads the list and empties the form", async () => {
    const { user, server, trade, listLoads } = renderSocialMedia();

    expect(await screen.findByText(/No social media yet/)).toBeInTheDocument();
    await chooseOption(user, 'Media', 'Instagram');
    await user.type(screen.getByLabelText('Name'), '@smith.plumbing');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.socialMediaCreated)).toBeInTheDocument();
    expect(server.calls('POST /api/socialMedia/create')[0]?.body).toEqual({
      entityId: trade.id,
      referenceId: 'refnull',
      name: '@smith.plumbing',
      mediaType: 'INSTAGRAM',
    });
    expect(await openLink('@smith.plumbing')).toBeInTheDocument();
    await waitFor(() => {
      expect(listLoads()).toBe(2);
      expect(screen.getByLabelText('Name')).toHaveValue('');
      expect(screen.getByLabelText('Media')).toHaveValue('SELECT');
    });
    expect(server.calls('PATCH /api/socialMedia/update')).toHaveLength(0);
  });

  it('loads a clicked row for editing, and saves it as a change of that entry', async () => {
    const { user, server, initial } = renderSocialMedia((trade) => [
      makeSocialMediaEntry(trade, { mediaType: 'FACEBOOK', name: 'smithplumbing' }),
      makeSocialMediaEntry(trade, { mediaType: 'WEBSITE', name: 'https://smith.com.au' }),
    ]);
    const website = initial[1] as SocialMediaEntry;

    await user.click(await screen.findByRole('cell', { name: 'Website' }));

    expect(screen.getByRole('button', { name: 'Website' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Facebook' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Name')).toHaveValue('https://smith.com.au');
    expect(screen.getByLabelText('Media')).toHaveValue('WEBSITE');
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'https://smithplumbing.com.au');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.socialMediaUpdated)).toBeInTheDocument();
    expect(server.calls('PATCH /api/socialMedia/update')[0]?.body).toEqual({
      id: website.id,
      entityId: website.entityId,
      referenceId: website.referenceId,
      name: 'https://smithplumbing.com.au',
      mediaType: 'WEBSITE',
    });
    expect(await openLink('https://smithplumbing.com.au')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(server.calls('POST /api/socialMedia/create')).toHaveLength(0);
  });

  it('loads a row clicked on its name, and leaves the row alone when its Open link is followed', async () => {
    const { user } = renderSocialMedia((trade) => [
      makeSocialMediaEntry(trade, { mediaType: 'FACEBOOK', name: 'smithplumbing', url: 'https://www.facebook.com/smithplumbing' }),
      makeSocialMediaEntry(trade, { mediaType: 'WEBSITE', name: 'https://smith.com.au', url: 'https://smith.com.au' }),
    ]);
    const link = await openLink('https://smith.com.au');
    // jsdom cannot open a tab: the click is kept from navigating, and still bubbles as a real one does.
    link.addEventListener('click', (event) => event.preventDefault());

    await user.click(link);

    expect(screen.getByRole('button', { name: 'Website' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Name')).toHaveValue('');

    await user.click(screen.getByText('https://smith.com.au'));

    expect(screen.getByRole('button', { name: 'Website' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('https://smith.com.au');
  });

  it('lets a keyboard choose a row by its media type and reach its Open link apart', async () => {
    const { user } = renderSocialMedia((trade) => [
      makeSocialMediaEntry(trade, { mediaType: 'TIKTOK', name: '@smith', url: 'https://www.tiktok.com/@smith' }),
    ]);
    const choose = await screen.findByRole('button', { name: 'TikTok' });
    const link = await openLink('@smith');

    choose.focus();
    await user.keyboard('{Enter}');
    expect(choose).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('@smith');

    await user.tab();
    expect(link).toHaveFocus();
    expect(link).toHaveAttribute('href', 'https://www.tiktok.com/@smith');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('shows no Open link for an entry that names no page', async () => {
    renderSocialMedia((trade) => [makeSocialMediaEntry(trade, { name: 'smithplumbing', url: '' })]);

    expect(await screen.findByText('smithplumbing')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('empties the form and the selection on New, so Save adds another entry', async () => {
    const { user, server } = renderSocialMedia((trade) => [makeSocialMediaEntry(trade, { name: 'smithplumbing' })]);

    await user.click(await screen.findByRole('button', { name: 'Facebook' }));
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'New' }));

    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Media')).toHaveValue('SELECT');
    expect(screen.getByRole('button', { name: 'Facebook' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await chooseOption(user, 'Media', 'YouTube');
    await user.type(screen.getByLabelText('Name'), '@SmithPlumbing');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.socialMediaCreated)).toBeInTheDocument();
    expect(server.calls('POST /api/socialMedia/create')).toHaveLength(1);
  });

  it('deletes the selected entry by its id, reloads the list and empties the form', async () => {
    const { user, server, initial, listLoads } = renderSocialMedia((trade) => [
      makeSocialMediaEntry(trade, { mediaType: 'FACEBOOK', name: 'smithplumbing' }),
      makeSocialMediaEntry(trade, { mediaType: 'TIKTOK', name: '@smith', url: 'https://www.tiktok.com/@smith' }),
    ]);

    await user.click(await screen.findByText('smithplumbing'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(MESSAGES.socialMediaDeleted)).toBeInTheDocument();
    expect(server.calls('PATCH /api/socialMedia/delete')[0]?.body).toEqual({ id: initial[0]?.id });
    await waitFor(() => expect(screen.queryByText('smithplumbing')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'TikTok' })).toBeInTheDocument();
    expect(listLoads()).toBe(2);
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('checks the reference against the media type before sending it', async () => {
    const { user, server } = renderSocialMedia();

    await user.type(await screen.findByLabelText('Name'), 'smithplumbing.com.au');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Media')).toHaveAccessibleDescription(MESSAGES.chooseMediaType);
    await chooseOption(user, 'Media', 'Website');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.websiteLinkInvalid),
    );

    expect(server.calls('POST /api/socialMedia/create')).toHaveLength(0);
  });

  it("shows the server's refusal in a red alert", async () => {
    const user = makeUser();
    const trade = makeOwnTrade(user);
    const { user: person } = renderTrade(`/trade/media/${trade.id}`, {
      user,
      trade,
      routes: {
        ...socialMediaRoutes(trade, []),
        'POST /api/socialMedia/create': { status: 400, message: MESSAGES.facebookReferenceInvalid },
      },
    });

    await chooseOption(person, 'Media', 'Facebook');
    await person.type(screen.getByLabelText('Name'), 'smithplumbing');
    await person.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.facebookReferenceInvalid);
  });

  it('disables the form for a USER, who may still look at an entry', async () => {
    const reader = makeUser({ role: 'USER' });
    const { user } = renderSocialMedia((trade) => [makeSocialMediaEntry(trade, { name: 'smithplumbing' })], reader);

    await user.click(await screen.findByRole('button', { name: 'Facebook' }));

    expect(screen.getByLabelText('Name')).toHaveValue('smithplumbing');
    expect(screen.getByLabelText('Name')).toBeDisabled();
    for (const name of ['New', 'Save', 'Delete']) expect(screen.getByRole('button', { name })).toBeDisabled();
  });
});
