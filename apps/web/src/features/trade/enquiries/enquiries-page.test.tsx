import type { ReceivedEnquiry } from '@churchtrades/shared/enquiries';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../testing/user-factory';
import { makeReceivedEnquiry } from '../testing/enquiry-factory';
import { Inbox } from '../testing/inbox-server';
import { renderTrade } from '../testing/render-trade';

function renderInbox(path: string, enquiries: ReceivedEnquiry[], user = makeUser()) {
  const inbox = new Inbox(enquiries);
  return { inbox, ...renderTrade(path, { user, routes: inbox.routes() }) };
}

function folderTab(name: RegExp): HTMLElement {
  return within(screen.getByRole('navigation', { name: 'Enquiry folders' })).getByRole('link', { name });
}

describe('EnquiriesPage', () => {
  it('lists the New folder with the counts of every folder, unread rows bold and announced', async () => {
    const unread = makeReceivedEnquiry({ senderName: 'Mary Brown', suburb: 'Parramatta' });
    const read = makeReceivedEnquiry({ senderName: 'Tom Lee', suburb: 'Ryde', read: true });
    const answered = makeReceivedEnquiry({ senderName: 'Ann Ng', folder: 'ANSWERED', read: true });
    const { server } = renderInbox('/trade/enquiries', [unread, read, answered]);

    const table = await screen.findByRole('table', { name: 'Enquiries in New' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Unread: Mary Brown' })).toHaveAttribute(
      'href',
      `/trade/enquiries/${unread.id}`,
    );
    expect(rows[0]).toHaveClass('fw-bold');
    expect(rows[0]).toHaveTextContent('Parramatta');
    expect(rows[0]).toHaveTextContent('Could you quote for a leaking hot water tank next week?');
    expect(within(rows[0] as HTMLElement).getByText(/2025/)).toHaveAttribute('datetime', '2025-03-01T09:30:00.000Z');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Tom Lee' })).toBeInTheDocument();
    expect(rows[1]).not.toHaveClass('fw-bold');

    expect(folderTab(/^New/)).toHaveAccessibleName('New 2 enquiries, 1 unread');
    expect(folderTab(/^New/)).toHaveAttribute('aria-current', 'page');
    expect(folderTab(/^Answered/)).toHaveAccessibleName('Answered 1 enquiry');
    expect(folderTab(/^Archived/)).toHaveAccessibleName('Archived 0 enquiries');
    expect(screen.getByRole('link', { name: 'Enquiries 1 unread' })).toHaveAttribute('href', '/trade/enquiries');
    const asked = server.calls('GET /api/enquiries/received')[0]?.url.searchParams;
    expect(Object.fromEntries(asked ?? [])).toEqual({ folder: 'NEW', page: '0', size: '20' });
  });

  it('opens another folder from its tab, and says so in words when a folder is empty', async () => {
    const archived = makeReceivedEnquiry({ senderName: 'Ann Ng', folder: 'ARCHIVED', read: true });
    const { user, router } = renderInbox('/trade/enquiries', [archived]);

    expect(await screen.findByText('There are no enquiries in New.')).toBeInTheDocument();
    await user.click(folderTab(/^Archived/));

    expect(await screen.findByRole('table', { name: 'Enquiries in Archived' })).toHaveTextContent('Ann Ng');
    expect(router.state.location.search).toBe('?folder=archived');
    await user.click(folderTab(/^Spam/));
    expect(await screen.findByText('There are no enquiries in Spam.')).toBeInTheDocument();
  });

  it('pages through a full folder', async () => {
    const many = Array.from({ length: 25 }, (_, index) => makeReceivedEnquiry({ senderName: `Sender ${index + 1}` }));
    const { user, server } = renderInbox('/trade/enquiries', many);

    await screen.findByRole('link', { name: 'Unread: Sender 1' });
    await user.click(within(screen.getByRole('navigation', { name: 'Enquiry pages' })).getByRole('link', { name: 'Page 2' }));

    expect(await screen.findByRole('link', { name: 'Unread: Sender 21' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Unread: Sender 1' })).not.toBeInTheDocument();
    expect(server.calls('GET /api/enquiries/received').at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('opens an enquiry, which marks it read: the folder shows it read when the owner comes back', async () => {
    const enquiry = makeReceivedEnquiry({ senderName: 'Mary Brown' });
    const { user } = renderInbox('/trade/enquiries', [enquiry]);

    await user.click(await screen.findByRole('link', { name: 'Unread: Mary Brown' }));
    expect(await screen.findByRole('heading', { name: 'Enquiry from Mary Brown' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: /unread/ })).not.toBeInTheDocument());

    await user.click(screen.getByRole('link', { name: '‹ Back to New' }));
    expect(await screen.findByRole('link', { name: 'Mary Brown' })).toBeInTheDocument();
    expect(folderTab(/^New/)).toHaveAccessibleName('New 1 enquiry');
  });
});
