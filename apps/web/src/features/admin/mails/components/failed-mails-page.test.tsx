import type { FailedMail } from '@churchtrades/shared/mail-outbox';
import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReceivedCall, Route } from '../../../../testing/api-server';
import { localDateTime } from '../../local-date-time';
import { pageOf } from '../../testing/admin-factory';
import { makeFailedMail } from '../../testing/directory-factory';
import { lastQuery, renderDirectoryAdmin } from '../../testing/render-directory-admin';

const UNKNOWN_USER = makeFailedMail({
  to: 'olivia.tran@bigpond.invalid',
  subject: 'Your business is listed on ChurchTrades',
  lastError: '550 5.1.1 <olivia.tran@bigpond.invalid>: Recipient address rejected: User unknown',
  tries: 5,
  failedAt: '2025-06-02T03:04:00.000Z',
});
const NO_DOMAIN = makeFailedMail({
  to: 'jack.kelly@parish-mail.invalid',
  subject: 'Your business was not approved on ChurchTrades',
  lastError: 'getaddrinfo ENOTFOUND parish-mail.invalid',
  tries: 3,
});

const RESEND = 'POST /api/mails/failed/:id/resend';

/** The failed mails page over a server holding `mails`, where sending one again takes it off the list. */
function renderFailedMails(mails: FailedMail[], resend?: Route) {
  let failed = [...mails];
  return renderDirectoryAdmin('/admin/mails', {
    routes: {
      'GET /api/mails/failed': () => ({ data: { mails: pageOf(failed, { size: 20 }) } }),
      [RESEND]:
        resend ??
        (({ url }: ReceivedCall) => {
          failed = failed.filter((mail) => !url.pathname.includes(mail.id));
          return { message: MESSAGES.failedMailResent };
        }),
    },
  });
}

function rowOf(to: string): HTMLElement {
  return screen.getByText(to, { selector: 'td' }).closest('tr') as HTMLElement;
}

describe('FailedMailsPage', () => {
  it('lists each failed email: to whom, its subject, the last error, its tries and when it failed', async () => {
    const { server } = renderFailedMails([UNKNOWN_USER, NO_DOMAIN]);

    expect(await screen.findByRole('heading', { name: 'Failed emails' })).toBeInTheDocument();
    await screen.findByText(UNKNOWN_USER.to);
    const cells = within(rowOf(UNKNOWN_USER.to))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      UNKNOWN_USER.to,
      UNKNOWN_USER.subject,
      UNKNOWN_USER.lastError,
      '5',
      localDateTime(UNKNOWN_USER.failedAt),
      'Send again',
    ]);
    expect(within(rowOf(UNKNOWN_USER.to)).getByText(localDateTime(UNKNOWN_USER.failedAt))).toHaveAttribute(
      'dateTime',
      UNKNOWN_USER.failedAt,
    );
    expect(within(rowOf(NO_DOMAIN.to)).getByText(NO_DOMAIN.lastError)).toBeInTheDocument();
    expect(screen.getByText('Showing 1 - 2 of 2 failed emails')).toBeInTheDocument();
    expect(lastQuery(server, 'GET /api/mails/failed')).toEqual({ page: '0', size: '20' });
  });

  it('sends an email again, says so, and takes it off the list', async () => {
    const { user, server } = renderFailedMails([UNKNOWN_USER, NO_DOMAIN]);

    await user.click(await screen.findByRole('button', { name: `Send again to ${UNKNOWN_USER.to}` }));

    expect(await screen.findByText(MESSAGES.failedMailResent)).toBeInTheDocument();
    const [call] = server.calls(RESEND);
    expect(call?.url.pathname).toBe(`/api/mails/failed/${UNKNOWN_USER.id}/resend`);
    await waitFor(() => expect(screen.queryByText(UNKNOWN_USER.to, { selector: 'td' })).not.toBeInTheDocument());
    expect(screen.getByText(NO_DOMAIN.to, { selector: 'td' })).toBeInTheDocument();
    expect(server.calls('GET /api/mails/failed')).toHaveLength(2);
  });

  it('says plainly when no email has failed', async () => {
    renderFailedMails([]);

    expect(await screen.findByText(/No email has failed/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's answer when the email is no longer among the failed ones, and reloads the list", async () => {
    const { user, server } = renderFailedMails([UNKNOWN_USER], {
      status: 404,
      message: MESSAGES.failedMailNotFound,
    });

    await user.click(await screen.findByRole('button', { name: `Send again to ${UNKNOWN_USER.to}` }));

    expect(await screen.findByText(MESSAGES.failedMailNotFound)).toBeInTheDocument();
    await waitFor(() => expect(server.calls('GET /api/mails/failed')).toHaveLength(2));
  });
});
