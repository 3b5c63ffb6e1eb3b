import type { OwnTrade } from '@churchtrades/shared/trade-dashboard';
import type { UserView } from '@churchtrades/shared/user';
import { Navigate } from 'react-router';
import { serveApi, type ReceivedCall, type Reply, type Route } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-routes';
import { makeUser } from '../../../testing/user-factory';
import { AddressPage } from '../components/address-page';
import { OffersPage } from '../components/offers-page';
import { SettingsPage } from '../components/settings-page';
import { SocialMediaPage } from '../components/social-media-page';
import { TradeLayout } from '../components/trade-layout';
import { TradeProfilePage } from '../components/trade-profile-page';
import { EnquiriesPage } from '../enquiries/enquiries-page';
import { EnquiryPage } from '../enquiries/enquiry-page';
import { ReviewsPage } from '../reviews/reviews-page';
import { makeReceivedEnquiries } from './enquiry-factory';
import { CHURCHES, MAIN_CATEGORIES, makeOwnTrade, PRIESTS, SUB_CATEGORIES } from './trade-dashboard-factory';

/** The user's business as the test API holds it, so a reload after a change shows the change. */
export class StoredTrade {
  constructor(public current: OwnTrade | null) {}

  /** Changes the stored business and answers as the server does, with the business as it now is. */
  change(changes: Partial<OwnTrade>, message = 'OK'): Reply {
    if (!this.current) throw new Error('There is no business to change');
    this.current = { ...this.current, ...changes };
    return { message, data: { trade: this.current } };
  }
}

interface TradeSetup {
  user?: UserView;
  /** The user's business; null for none yet. By default a listed business of the user. */
  trade?: OwnTrade | null;
  /** More server routes, or replacements of the ones below; given the stored business to change. */
  routes?: Record<string, Route> | ((stored: StoredTrade) => Record<string, Route>);
}

/** The categories and churches of the factory, answered as the server would. */
const DIRECTORY_ROUTES: Record<string, Route> = {
  'GET /api/category/main_categories': { data: { categories: MAIN_CATEGORIES } },
  'GET /api/category/sub_categories': ({ url }: ReceivedCall) => ({
    data: { categories: SUB_CATEGORIES[Number(url.searchParams.get('parent_id'))] ?? [] },
  }),
  'GET /api/churches/stateChurches': ({ url }: ReceivedCall) => ({
    data: { churches: CHURCHES.filter((church) => church.stateType === url.searchParams.get('stateType')) },
  }),
  'GET /api/churches/priests': ({ url }: ReceivedCall) => ({
    data: { priests: PRIESTS[url.searchParams.get('churchId') ?? ''] ?? [] },
  }),
};

/** The business pages at `path`, as the router nests them, for a user and their business. */
export function renderTrade(path: string, { user = makeUser(), trade, routes = {} }: TradeSetup = {}) {
  const stored = new StoredTrade(trade === undefined ? makeOwnTrade(user) : trade);
  const server = serveApi({
    'GET /api/user/profile': { data: { user } },
    [`GET /api/trades/byUser/${user.userId}`]: () => ({ data: { trade: stored.current } }),
    ...DIRECTORY_ROUTES,
    'GET /api/enquiries/received': { data: makeReceivedEnquiries([]) },
    ...(typeof routes === 'function' ? routes(stored) : routes),
  });
  const view = renderRoutes(
    [
      {
        path: '/trade',
        element: <TradeLayout />,
        children: [
          { index: true, element: <Navigate to="/trade/profile" replace /> },
          { path: '/trade/profile', element: <TradeProfilePage /> },
          { path: '/trade/enquiries', element: <EnquiriesPage /> },
          { path: '/trade/enquiries/:id', element: <EnquiryPage /> },
          { path: '/trade/reviews', element: <ReviewsPage /> },
          { path: '/trade/address/:tradeId', element: <AddressPage /> },
          { path: '/trade/media/:tradeId', element: <SocialMediaPage /> },
          { path: '/trade/offers/:tradeId', element: <OffersPage /> },
          { path: '/trade/setting/:tradeId', element: <SettingsPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return {
    server,
    owner: user,
    stored,
    /** The loads of the user's business so far. */
    tradeLoads: () => server.calls(`GET /api/trades/byUser/${user.userId}`).length,
    ...view,
  };
}
