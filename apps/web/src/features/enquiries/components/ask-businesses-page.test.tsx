import { MESSAGES } from '@churchtrades/shared/messages';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { cameFromState } from '../../../lib/came-from';
import { chooseBusiness, clearEnquiryChoice, getEnquiryChoice } from '../../../lib/enquiry-choice';
import { setLoggedIn } from '../../../lib/session';
import { serveApi } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-routes';
import { makeChallenge } from '../../../testing/fake-proof-of-work';
import { AskBusinessesPage } from './ask-businesses-page';

const ALPHA = { id: '00000000-0000-4000-8000-000000000201', name: 'Alpha Plumbing' };
const BRAVO = { id: '00000000-0000-4000-8000-000000000202', name: 'Bravo Electrical' };

function openPage(state?: unknown) {
  return renderRoutes([{ path: paths.askBusinesses.path, element: <AskBusinessesPage /> }], {
    initialEntries: [{ pathname: paths.askBusinesses.getHref(), state }],
  });
}

describe('the page asking the businesses ticked in a search', () => {
  beforeEach(() => {
    setLoggedIn(false);
    clearEnquiryChoice();
  });

  it('sends one message to the ticked businesses only, names them, and clears the ticks', async () => {
    chooseBusiness(ALPHA, true);
    chooseBusiness(BRAVO, true);
    const api = serveApi({
      'GET /api/enquiries/challenge': { data: { challenge: makeChallenge('first') } },
      'POST /api/enquiries': { data: { enquiry: { outcome: 'AWAITING_CONFIRMATION', tradeNames: [ALPHA.name, BRAVO.name] } } },
    });
    const { user } = openPage(cameFromState({ pathname: '/', search: '?searchText=plumber&page=2', hash: '' }));

    expect(screen.getByRole('link', { name: 'Back to search' })).toHaveAttribute('href', '/?searchText=plumber&page=2');
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([ALPHA.name, BRAVO.name]);
    await screen.findByText('Robot check ready');
    await user.type(screen.getByLabelText('Your name'), 'Mary Visitor');
    await user.type(screen.getByLabelText('Your e-mail address'), 'mary@example.com.au');
    await user.type(screen.getByLabelText('Your suburb'), 'Balmain');
    await user.type(screen.getByLabelText('Your message'), 'Quotes for rewiring and new pipes, please.');
    await user.click(screen.getByRole('button', { name: 'Ask 2 businesses' }));

    expect(await screen.findByText(MESSAGES.enquiryAwaitingConfirmation)).toBeInTheDocument();
    expect(screen.getByText('Alpha Plumbing, Bravo Electrical')).toBeInTheDocument();
    expect(api.calls('POST /api/enquiries')[0]?.body).toMatchObject({ tradeIds: [ALPHA.id, BRAVO.id] });
    expect(getEnquiryChoice()).toEqual([]);
  });

  it('asks the visitor to tick businesses first when none is ticked', () => {
    const api = serveApi({});
    openPage();

    expect(screen.getByText(new RegExp(MESSAGES.chooseEnquiryBusinesses))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Ask/ })).not.toBeInTheDocument();
    expect(api.requests()).toEqual([]);
  });
});
