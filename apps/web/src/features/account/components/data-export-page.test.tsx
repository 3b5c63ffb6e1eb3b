import type { DataExportView } from '@churchtrades/shared/data-export';
import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../testing/user-factory';
import { renderAccount } from '../testing/render-account';

const KEY = 'k'.repeat(43);

const REQUESTED: DataExportView = {
  status: 'REQUESTED',
  requestedAt: '2026-03-02T09:30:00.000Z',
  readyAt: null,
  expiresAt: null,
  downloadedAt: null,
};
const READY: DataExportView = { ...REQUESTED, status: 'READY', readyAt: '2026-03-02T09:31:00.000Z', expiresAt: '2026-03-03T09:31:00.000Z' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DataExportPage', () => {
  it('asks for an archive with the password, says so, and shows it being prepared', async () => {
    let latest: DataExportView | null = null;
    const { user, server } = renderAccount('/account/data', makeUser(), {
      'GET /api/user/dataExport': () => ({ data: { dataExport: latest } }),
      'POST /api/user/dataExport': () => {
        latest = REQUESTED;
        return { message: MESSAGES.dataExportRequested, data: { dataExport: REQUESTED } };
      },
    });

    expect(await screen.findByRole('heading', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Code from your app')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Your password'), 'parish-picnic-on-sunday');
    await user.click(screen.getByRole('button', { name: 'Prepare my archive' }));

    expect(await screen.findByText(MESSAGES.dataExportRequested)).toBeInTheDocument();
    expect(server.calls('POST /api/user/dataExport')[0]!.body).toEqual({ password: 'parish-picnic-on-sunday' });
    expect(await screen.findByText(/We are preparing it and will email you a link/)).toBeInTheDocument();
  });

  it('asks an account with two-step on for a code too, and shows a wrong one under its field', async () => {
    const { user, server } = renderAccount('/account/data', makeUser({ mfa: true }), {
      'GET /api/user/dataExport': { data: { dataExport: null } },
      'POST /api/user/dataExport': { status: 400, message: MESSAGES.invalidTwoStepCode },
    });

    await user.type(await screen.findByLabelText('Your password'), 'parish-picnic-on-sunday');
    await user.type(screen.getByLabelText('Code from your app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Prepare my archive' }));

    expect(await screen.findByText(MESSAGES.invalidTwoStepCode)).toBeInTheDocument();
    expect(server.calls('POST /api/user/dataExport')[0]!.body).toEqual({ password: 'parish-picnic-on-sunday', code: '123456' });
  });

  it('downloads the archive from the mailed link once, under the name the server gave it', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:archive');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user, server } = renderAccount(`/account/data?key=${KEY}`, makeUser(), {
      'GET /api/user/dataExport': { data: { dataExport: READY } },
      [`GET /api/user/dataExport/${KEY}`]: () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="churchtrades-data-2026-03-02.zip"' },
        }),
    });

    expect(await screen.findByText(/Your archive is ready: we emailed you a link/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Download my archive' }));

    expect(await screen.findByText(/Downloaded: churchtrades-data-2026-03-02\.zip/)).toBeInTheDocument();
    expect(saved).toEqual(['churchtrades-data-2026-03-02.zip']);
    expect(screen.queryByRole('button', { name: 'Download my archive' })).not.toBeInTheDocument();
    expect(server.calls(`GET /api/user/dataExport/${KEY}`)).toHaveLength(1);
  });

  it('says when the link has been used', async () => {
    const { user } = renderAccount(`/account/data?key=${KEY}`, makeUser(), {
      'GET /api/user/dataExport': { data: { dataExport: { ...READY, status: 'DOWNLOADED', downloadedAt: READY.readyAt } } },
      [`GET /api/user/dataExport/${KEY}`]: { status: 410, message: MESSAGES.dataExportLinkUsed },
    });

    await user.click(await screen.findByRole('button', { name: 'Download my archive' }));

    expect(await screen.findByText(MESSAGES.dataExportLinkUsed)).toBeInTheDocument();
  });
});
