import { businessPath } from '@churchtrades/shared/business-page';
import type { TradeDetail } from '@churchtrades/shared/trade-search';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { cameFromState } from '../../../lib/came-from';
import { serveApi } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-routes';
import { makeTradeDetail } from '../testing/business-factory';
import { BusinessPage } from './business-page';

const TILE_URL = 'https://tiles.example.org/{z}/{x}/{y}.png';

const SITE = {
  data: {
    site: {
      supportEmail: 'help@parish-test.org.au',
      bank: { accountName: 'Parish Test Trust', bsb: '062-123', accountNumber: '10293847' },
      mapTileUrl: TILE_URL,
    },
  },
};

// The page's code (and Leaflet's) is compiled on first import; on a busy machine that outlasts the default 1 s.
const SLOW = { timeout: 5000 };

function serveBusiness(trade: TradeDetail) {
  return serveApi({ [`GET /api/trades/${trade.id}`]: { data: { trade } }, 'GET /api/site': SITE });
}

function openPage(path: string, state?: unknown) {
  return renderRoutes([{ path: paths.business.path, element: <BusinessPage /> }], { initialEntries: [{ pathname: path, state }] });
}

async function findBusinessHeading(name: string) {
  return screen.findByRole('heading', { level: 1, name }, SLOW);
}

const FULL_BUSINESS = makeTradeDetail({
  name: 'Harbour City Plumbing',
  brief: `${'Licensed plumbers serving the inner west. '.repeat(6)}THE-END-OF-THE-BRIEF`,
  service: 'Blocked drains\nHot water systems\nGas fitting',
  tags: 'drains, hot water , ,gas',
  logoUri: '/uploads/harbour.webp',
  website: 'https://www.harbourplumbing.com.au/home',
  ownerName: 'Jane Citizen',
  ownerEmail: 'jane@harbourplumbing.com.au',
  ownerPhone: '(02) 9000 1234',
  fullAddress: '12 Darling St, Balmain NSW 2041',
  stateType: 'NSW',
  churchName: "St Augustine's Balmain",
  mainCategory: 'Trades',
  subCategory: 'Plumbing',
  atClient: true,
  atBusiness: true,
  online: true,
  businessKind: 'COMPANY',
  latitude: -33.8587,
  longitude: 151.1798,
  socialMedias: [
    { mediaType: 'FACEBOOK', name: 'harbourplumbing', url: 'https://www.facebook.com/harbourplumbing' },
    { mediaType: 'INSTAGRAM', name: '@harbour.plumbing', url: 'https://www.instagram.com/harbour.plumbing' },
    { mediaType: 'LINKEDIN', name: 'harbour-plumbing', url: 'https://www.linkedin.com/company/harbour-plumbing' },
    { mediaType: 'YOUTUBE', name: 'harbourtv', url: 'https://www.youtube.com/@harbourtv' },
    { mediaType: 'TIKTOK', name: 'harbourpipes', url: 'https://www.tiktok.com/@harbourpipes' },
    { mediaType: 'WEBSITE', name: 'https://shop.harbourplumbing.com.au', url: 'https://shop.harbourplumbing.com.au' },
  ],
});
const FULL_PATH = businessPath(FULL_BUSINESS.id, FULL_BUSINESS.name);

describe('the public business page', () => {
  it('shows everything the card shows, in full, with the name as the heading', async () => {
    serveBusiness(FULL_BUSINESS);
    openPage(FULL_PATH);

    await findBusinessHeading('Harbour City Plumbing');
    expect(screen.getByRole('img', { name: 'Harbour City Plumbing logo' })).toHaveAttribute('src', '/uploads/harbour.webp');
    expect(screen.getByText(/THE-END-OF-THE-BRIEF/)).toHaveTextContent(FULL_BUSINESS.brief.trim());
    const services = screen.getByRole('region', { name: 'Services' });
    // Kept as the owner wrote them, one a line; the stylesheet shows the breaks.
    expect(within(services).getByText(/Blocked drains/).textContent).toBe('Blocked drains\nHot water systems\nGas fitting');
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(within(tags).getAllByRole('listitem').map((tag) => tag.textContent)).toEqual(['drains', 'hot water', 'gas']);
    expect(screen.getByText('Trades › Plumbing')).toBeInTheDocument();
    expect(screen.getByText("St Augustine's Balmain (NSW)")).toBeInTheDocument();
    expect(screen.getByText('12 Darling St, Balmain NSW 2041')).toBeInTheDocument();
    expect(screen.getByText('Jane Citizen')).toBeInTheDocument();
    expect(screen.getByText('Kind of business').nextElementSibling).toHaveTextContent('Company');
    expect(screen.getByText('(02) 9000 1234')).toBeInTheDocument();
    expect(screen.getByText('jane@harbourplumbing.com.au')).toBeInTheDocument();
    const website = screen.getByRole('link', { name: 'www.harbourplumbing.com.au' });
    expect(website).toHaveAttribute('href', 'https://www.harbourplumbing.com.au/home');
    expect(website).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the cover picture at the top, its place kept at 16:9 and fetched first', async () => {
    serveBusiness({ ...FULL_BUSINESS, image: '/uploads/covers/harbour.webp' });
    openPage(FULL_PATH);

    const heading = await findBusinessHeading('Harbour City Plumbing');
    const cover = screen.getByRole('img', { name: 'Cover picture of Harbour City Plumbing' });
    expect(cover).toHaveAttribute('src', '/uploads/covers/harbour.webp');
    expect(cover).toHaveAttribute('width', '1600');
    expect(cover).toHaveAttribute('height', '900');
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    expect(cover.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no cover picture for a business without one', async () => {
    serveBusiness(FULL_BUSINESS);
    openPage(FULL_PATH);

    await findBusinessHeading('Harbour City Plumbing');
    expect(screen.queryByRole('img', { name: /Cover picture/ })).not.toBeInTheDocument();
  });

  it('names the browser tab after the business', async () => {
    serveBusiness(FULL_BUSINESS);
    openPage(FULL_PATH);

    await findBusinessHeading('Harbour City Plumbing');
    await waitFor(() => expect(document.title).toBe('Harbour City Plumbing · ChurchTrades'));
  });

  it('shows a badge for each place the business serves', async () => {
    serveBusiness(FULL_BUSINESS);
    openPage(FULL_PATH);

    await findBusinessHeading('Harbour City Plumbing');
    const badges = screen.getByRole('list', { name: 'Service locations' });
    expect(within(badges).getAllByRole('listitem').map((badge) => badge.textContent)).toEqual([
      'At your place',
      'At our place',
      'Online',
    ]);
  });

  it('shows only the places a business serves', async () => {
    const trade = makeTradeDetail({ name: 'Balmain Bakery', atClient: false, atBusiness: true, online: false });
    serveBusiness(trade);
    openPage(businessPath(trade.id, trade.name));

    await findBusinessHeading('Balmain Bakery');
    const badges = screen.getByRole('list', { name: 'Service locations' });
    expect(within(badges).getAllByRole('listitem').map((badge) => badge.textContent)).toEqual(['At our place']);
  });

  it('links every social media entry, each opening in a new tab', async () => {
    serveBusiness(FULL_BUSINESS);
    openPage(FULL_PATH);

    await findBusinessHeading('Harbour City Plumbing');
    const social = screen.getByRole('region', { name: 'Social media' });
    const links = within(social).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Facebook harbourplumbing', 'https://www.facebook.com/harbourplumbing'],
      ['Instagram @harbour.plumbing', 'https://www.instagram.com/harbour.plumbing'],
      ['LinkedIn harbour-plumbing', 'https://www.linkedin.com/company/harbour-plumbing'],
      ['YouTube harbourtv', 'https://www.youtube.com/@harbourtv'],
      ['TikTok harbourpipes', 'https://www.tiktok.com/@harbourpipes'],
      ['Website https://shop.harbourplumbing.com.au', 'https://shop.harbourplumbing.com.au/'],
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      // Each with its network's mark, hidden from screen readers beside the network's name.
      expect(link.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    }
    expect(within(social).getByRole('link', { name: 'Facebook harbourplumbing' })).toBeInTheDocument();
  });

  it('never makes a link of a social media entry that is not http(s)', async () => {
    const trade = makeTradeDetail({
      name: 'Odd Links',
      socialMedias: [{ mediaType: 'WEBSITE', name: 'x', url: 'javascript:alert(1)' }],
    });
    serveBusiness(trade);
    openPage(businessPath(trade.id, trade.name));

    await findBusinessHeading('Odd Links');
    expect(screen.queryByRole('region', { name: 'Social media' })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('offers to call, e-mail and get directions to the business', async () => {
    serveBusiness(FULL_BUSINESS);
    openPage(FULL_PATH);

    await findBusinessHeading('Harbour City Plumbing');
    expect(screen.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:0290001234');
    expect(screen.getByRole('link', { name: 'Email' })).toHaveAttribute('href', 'mailto:jane@harbourplumbing.com.au');
    const directions = screen.getByRole('link', { name: 'Directions' });
    expect(directions).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=-33.8587%2C151.1798',
    );
    expect(directions).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('gives directions to the address when the business has no coordinates, and no Call or Email without them', async () => {
    const trade = makeTradeDetail({
      name: 'No Pin Plumbing',
      latitude: null,
      longitude: null,
      fullAddress: 'Balmain NSW 2041',
      ownerPhone: null,
      ownerEmail: '  ',
    });
    serveBusiness(trade);
    openPage(businessPath(trade.id, trade.name));

    await findBusinessHeading('No Pin Plumbing');
    expect(screen.getByRole('link', { name: 'Directions' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=Balmain%20NSW%202041',
    );
    expect(screen.queryByRole('link', { name: 'Call' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Map of No Pin Plumbing' })).not.toBeInTheDocument();
  });

  it('shows a small map with the business marked, drawn from the configured tile server with its credit', async () => {
    serveBusiness(FULL_BUSINESS);
    openPage(FULL_PATH);

    const map = await screen.findByRole('region', { name: 'Map of Harbour City Plumbing' }, SLOW);
    expect(await within(map).findByRole('img', { name: 'Harbour City Plumbing' }, SLOW)).toBeInTheDocument();
    expect(within(map).getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/copyright',
    );
    const tiles = map.querySelectorAll('img.leaflet-tile');
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) expect(tile.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\.org\/15\/\d+\/\d+\.png$/);
    expect(within(map).queryByText('The map cannot be shown right now.')).not.toBeInTheDocument();
  });

  it('draws the built-in outline of Australia under its marker when the tiles cannot be loaded', async () => {
    serveBusiness(FULL_BUSINESS);
    openPage(FULL_PATH);

    const map = await screen.findByRole('region', { name: 'Map of Harbour City Plumbing' }, SLOW);
    await within(map).findByRole('img', { name: 'Harbour City Plumbing' }, SLOW);
    // jsdom loads no images: each tile is told it failed, as a browser does when the tile server is down.
    for (const tile of map.querySelectorAll('img.leaflet-tile')) fireEvent.error(tile);

    expect(await within(map).findByRole('link', { name: 'Natural Earth' }, SLOW)).toBeInTheDocument();
    // The coastline and the state borders, drawn as vector paths in place of the tiles.
    expect(map.querySelectorAll('.leaflet-overlay-pane path')).toHaveLength(2);
    expect(map.querySelectorAll('img.leaflet-tile')).toHaveLength(0);
    expect(within(map).getByRole('img', { name: 'Harbour City Plumbing' })).toBeInTheDocument();
    expect(within(map).queryByText('The map cannot be shown right now.')).not.toBeInTheDocument();
  });

  it('shows no map and no directions for a business that serves only online', async () => {
    const trade = makeTradeDetail({ name: 'Cloud Bookkeeping', atClient: false, atBusiness: false, online: true });
    serveBusiness(trade);
    openPage(businessPath(trade.id, trade.name));

    await findBusinessHeading('Cloud Bookkeeping');
    expect(screen.queryByRole('region', { name: /^Map of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Directions' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Service locations' })).getByRole('listitem')).toHaveTextContent('Online');
  });

  it('shows the Not-Found screen for a business that is not listed', async () => {
    const { calls } = serveApi({
      'GET /api/trades/6f1c2b1e-0000-4000-8000-000000000000': { status: 404, message: 'Business not found' },
    });
    openPage('/business/6f1c2b1e-0000-4000-8000-000000000000/gone-plumbing');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }, SLOW)).toBeInTheDocument();
    expect(calls('GET /api/trades/6f1c2b1e-0000-4000-8000-000000000000')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Page Not Found · ChurchTrades'));
  });

  it('offers to try again when the business could not be loaded', async () => {
    const { calls } = serveApi({
      [`GET /api/trades/${FULL_BUSINESS.id}`]: { status: 503, message: 'Resting' },
      'GET /api/site': SITE,
    });
    const { user } = openPage(FULL_PATH);

    expect(await screen.findByText('Resting', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls(`GET /api/trades/${FULL_BUSINESS.id}`)).toHaveLength(2));
  });

  it('puts the right slug in the address when the page was asked for with another', async () => {
    serveBusiness(FULL_BUSINESS);
    const { router } = openPage(`/business/${FULL_BUSINESS.id}/old-name`);

    await findBusinessHeading('Harbour City Plumbing');
    expect(router.state.location.pathname).toBe(`/business/${FULL_BUSINESS.id}/harbour-city-plumbing`);
  });

  it('leads back to the search the visitor came from, with its filters', async () => {
    serveBusiness(FULL_BUSINESS);
    openPage(FULL_PATH, cameFromState({ pathname: '/', search: '?searchText=plumber&page=2', hash: '' }));

    await findBusinessHeading('Harbour City Plumbing');
    expect(screen.getByRole('link', { name: 'Back to search' })).toHaveAttribute('href', '/?searchText=plumber&page=2');
  });

  it('leads back to the search page when the visitor did not come from a search', async () => {
    serveBusiness(FULL_BUSINESS);
    openPage(FULL_PATH, cameFromState({ pathname: '/about', search: '', hash: '' }));

    await findBusinessHeading('Harbour City Plumbing');
    expect(screen.getByRole('link', { name: 'Back to search' })).toHaveAttribute('href', '/');
  });

  it('says how quickly the business usually replies to enquiries, when it is known', async () => {
    serveBusiness({ ...FULL_BUSINESS, replyTime: 'DAY' });
    openPage(FULL_PATH);

    await findBusinessHeading('Harbour City Plumbing');
    expect(screen.getByText('This business usually replies within a day.')).toBeInTheDocument();
  });

  it('says nothing of reply times while too few enquiries were answered', async () => {
    serveBusiness({ ...FULL_BUSINESS, replyTime: null });
    openPage(FULL_PATH);

    await findBusinessHeading('Harbour City Plumbing');
    expect(screen.queryByText(/usually replies/)).not.toBeInTheDocument();
  });

  it('shows its stars and number of reviews under its name, leading to its reviews', async () => {
    serveBusiness({ ...FULL_BUSINESS, rating: { average: 4.3, count: 12 } });
    openPage(FULL_PATH);

    const heading = await findBusinessHeading('Harbour City Plumbing');
    const rating = screen.getByRole('link', { name: '4.3 out of 5 · 12 reviews' });
    expect(rating).toHaveAttribute('href', '#reviews');
    expect(heading.closest('header')).toContainElement(rating);
  });

  it('shows no rating for a business with fewer than 3 reviews', async () => {
    serveBusiness({ ...FULL_BUSINESS, rating: null });
    openPage(FULL_PATH);

    await findBusinessHeading('Harbour City Plumbing');
    expect(screen.queryByText(/out of 5/)).not.toBeInTheDocument();
  });

  it("shows what the page's parts from other features give: a notice at the top, the reviews below", async () => {
    serveBusiness(FULL_BUSINESS);
    renderRoutes(
      [
        {
          path: paths.business.path,
          element: (
            <BusinessPage
              ReviewNotice={({ trade }) => <p>Notice about {trade.name}</p>}
              Reviews={({ trade }) => <section aria-label="Reviews">Reviews of {trade.name}</section>}
            />
          ),
        },
      ],
      { initialEntries: [FULL_PATH] },
    );

    const heading = await findBusinessHeading('Harbour City Plumbing');
    const notice = screen.getByText('Notice about Harbour City Plumbing');
    const reviews = screen.getByRole('region', { name: 'Reviews' });
    expect(reviews).toHaveTextContent('Reviews of Harbour City Plumbing');
    expect(heading.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.compareDocumentPosition(screen.getByRole('region', { name: 'Services' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Services' }).compareDocumentPosition(reviews) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
