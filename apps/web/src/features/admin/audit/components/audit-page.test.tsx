import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReceivedCall } from '../../../../testing/api-server';
import { pageOf } from '../../testing/admin-factory';
import { makeAuditEntry } from '../../testing/directory-factory';
import { expectLastQuery, lastQuery, renderDirectoryAdmin } from '../../testing/render-directory-admin';
import { localDateTime } from '../../local-date-time';

const USER_ID = '00000000-0000-4000-8300-000000000042';
const CHURCH_ID = '00000000-0000-4000-8100-000000000042';
const TRADE_ID = '00000000-0000-4000-8400-000000000042';

const ROLE_CHANGE = makeAuditEntry({
  actorEmail: 'admin@example.com.au',
  action: 'user.role',
  subjectType: 'USER',
  subjectId: USER_ID,
  subjectName: 'Mary Jones',
  before: { role: 'TRADER', governedState: null },
  after: { role: 'GOVERNOR', governedState: 'VIC' },
  createdAt: '2025-06-02T03:04:00.000Z',
});
const CHURCH_RENAMED = makeAuditEntry({
  actorEmail: 'governor@example.com.au',
  action: 'church.update',
  subjectType: 'CHURCH',
  subjectId: CHURCH_ID,
  subjectName: "St Mary's Parramatta",
  before: { name: "St Mary's", suburb: 'Parramatta' },
  after: { name: "St Mary's Parramatta", suburb: 'Parramatta' },
});
const LOCKED = makeAuditEntry({
  action: 'trade.lock',
  subjectType: 'TRADE',
  subjectId: TRADE_ID,
  subjectName: 'Jones Plumbing',
  before: { locked: false },
  after: { locked: true },
});
const CATEGORY_CREATED = makeAuditEntry({
  action: 'category.create',
  subjectType: 'CATEGORY',
  subjectId: '7',
  subjectName: 'Gardening',
  before: null,
  after: { name: 'Gardening', tags: '' },
});

const MAIL_RESENT = makeAuditEntry({
  action: 'mail.resend',
  subjectType: 'MAIL',
  subjectId: '00000000-0000-4000-8700-000000000042',
  subjectName: 'Your business is listed on ChurchTrades to olivia.tran@bigpond.invalid',
  before: { state: 'FAILED', tries: 5 },
  after: { state: 'QUEUED', tries: 0 },
});

function renderAudit(path = '/admin/audit') {
  return renderDirectoryAdmin(path, {
    routes: {
      'GET /api/audit': ({ url }: ReceivedCall) => ({
        data: {
          entries: pageOf([ROLE_CHANGE, CHURCH_RENAMED, LOCKED, CATEGORY_CREATED, MAIL_RESENT], {
            number: Number(url.searchParams.get('page')),
            size: 25,
            totalElements: 60,
          }),
        },
      }),
    },
  });
}

function rowOf(text: string): HTMLElement {
  return screen.getByText(text, { selector: 'td, td *' }).closest('tr') as HTMLElement;
}

describe('AuditPage', () => {
  it('shows when, who, what and to what, and each changed field as before → after', async () => {
    renderAudit();

    await screen.findByRole('link', { name: 'Mary Jones' });
    const role = rowOf('Role changed');
    const when = within(role).getByText(localDateTime(ROLE_CHANGE.createdAt));
    expect(when).toHaveAttribute('dateTime', ROLE_CHANGE.createdAt);
    expect(within(role).getByText('admin@example.com.au')).toBeInTheDocument();
    expect(within(role).getByText('User')).toBeInTheDocument();
    expect(within(role).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'role: TRADER → GOVERNOR',
      'governedState: — → VIC',
    ]);
    // Only what changed: the suburb stayed.
    expect(within(rowOf('Church updated')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "name: St Mary's → St Mary's Parramatta",
    ]);
    const locked = rowOf('Business locked or unlocked');
    expect(within(locked).getByRole('listitem')).toHaveTextContent('locked: false → true');
    expect(within(rowOf('Category created')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'name: — → Gardening',
      'tags: — → ""',
    ]);
  });

  it('links each subject to its page where it has one', async () => {
    renderAudit();

    expect(await screen.findByRole('link', { name: 'Mary Jones' })).toHaveAttribute('href', `/admin/users/${USER_ID}`);
    const church = screen.getByRole('link', { name: "St Mary's Parramatta" });
    expect(church).toHaveAttribute('href', `/admin/churches/${CHURCH_ID}`);
    const trade = screen.getByRole('link', { name: 'Jones Plumbing' });
    expect(trade).toHaveAttribute('href', `/moderation/trades/${TRADE_ID}`);
    // A mail has no page of its own: the link leads to the failed ones.
    expect(screen.getByRole('link', { name: MAIL_RESENT.subjectName })).toHaveAttribute('href', '/admin/mails');
    expect(screen.queryByRole('link', { name: 'Gardening' })).not.toBeInTheDocument();
    expect(screen.getByText('Gardening')).toBeInTheDocument();
  });

  it('sends the e-mail, action, subject and days chosen, and keeps them in the URL', async () => {
    const { user, server, router } = renderAudit();
    const filters = await screen.findByRole('search', { name: 'Filter the audit log' });
    expect(lastQuery(server, 'GET /api/audit')).toEqual({ page: '0', size: '25' });

    await user.type(within(filters).getByLabelText('Who (e-mail)'), 'admin@{Enter}');
    await user.selectOptions(within(filters).getByLabelText('Action'), 'Role changed');
    await user.selectOptions(within(filters).getByLabelText('Subject'), 'User');
    await user.type(within(filters).getByLabelText('From'), '2025-06-01');
    await user.type(within(filters).getByLabelText('To'), '2025-06-30');

    const expected = {
      actor: 'admin@',
      action: 'user.role',
      subjectType: 'USER',
      from: '2025-06-01',
      to: '2025-06-30',
    };
    await expectLastQuery(server, 'GET /api/audit', { ...expected, page: '0', size: '25' });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(expected);
  });

  it("shows one subject's entries when the URL names it, until Show all", async () => {
    const { user, server } = renderAudit(`/admin/audit?subjectType=USER&subjectId=${USER_ID}`);

    expect(await screen.findByText('Only the entries about one user.')).toBeInTheDocument();
    const oneUser = { subjectType: 'USER', subjectId: USER_ID };
    expect(lastQuery(server, 'GET /api/audit')).toEqual({ ...oneUser, page: '0', size: '25' });

    await user.click(screen.getByRole('button', { name: 'Show all' }));

    await expectLastQuery(server, 'GET /api/audit', { subjectType: 'USER', page: '0', size: '25' });
    expect(screen.queryByText('Only the entries about one user.')).not.toBeInTheDocument();
  });

  it('pages through the log, keeping the filters', async () => {
    const { user, server } = renderAudit('/admin/audit?action=trade.lock');

    await screen.findByRole('link', { name: 'Mary Jones' });
    expect(screen.getByLabelText('Action')).toHaveValue('trade.lock');
    await user.click(screen.getByRole('link', { name: 'Page 3' }));

    await expectLastQuery(server, 'GET /api/audit', { action: 'trade.lock', page: '2', size: '25' });
  });
});
