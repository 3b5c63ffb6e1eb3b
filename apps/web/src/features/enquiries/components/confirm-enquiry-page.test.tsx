import { MESSAGES } from '@churchtrades/shared/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { serveApi } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-routes';
import { ConfirmEnquiryPage } from './confirm-enquiry-page';

function openPage(href: string) {
  return renderRoutes([{ path: paths.enquiryConfirm.path, element: <ConfirmEnquiryPage /> }], { initialEntries: [href] });
}

describe('the enquiry confirmation page', () => {
  it('confirms the key once, however often the page mounts, and says the enquiry went to the business', async () => {
    const api = serveApi({
      'POST /api/enquiries/confirm': { data: { enquiry: { outcome: 'SENT', tradeNames: ['Harbour City Plumbing'] } } },
    });
    openPage(paths.enquiryConfirm.getHref('key-1'));

    expect(await screen.findByText(MESSAGES.enquiryConfirmed)).toBeInTheDocument();
    expect(screen.getByText('Harbour City Plumbing')).toBeInTheDocument();
    expect(api.calls('POST /api/enquiries/confirm').map((call) => call.body)).toEqual([{ key: 'key-1' }]);
  });

  it('says when the confirmed enquiry waits for a moderator', async () => {
    serveApi({
      'POST /api/enquiries/confirm': { data: { enquiry: { outcome: 'HELD', tradeNames: ['Alpha Plumbing', 'Bravo Electrical'] } } },
    });
    openPage(paths.enquiryConfirm.getHref('key-2'));

    expect(await screen.findByText(MESSAGES.enquiryHeld)).toBeInTheDocument();
    expect(screen.getByText('Alpha Plumbing, Bravo Electrical')).toBeInTheDocument();
  });

  it("shows the server's message for a key used already", async () => {
    serveApi({ 'POST /api/enquiries/confirm': { status: 409, message: MESSAGES.enquiryLinkUsed } });
    openPage(paths.enquiryConfirm.getHref('key-3'));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.enquiryLinkUsed);
  });

  it('sends nothing for a link without a key', () => {
    const api = serveApi({});
    openPage(paths.enquiryConfirm.path);

    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.enquiryLinkInvalid);
    expect(api.requests()).toEqual([]);
  });
});
