import type { UserView } from '@churchtrades/shared/user';
import { serveApi, type Route } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-routes';
import { makeUser } from '../../../testing/user-factory';
import { EnquiryReportsPage } from '../components/enquiry-reports-page';
import { ModerationPage } from '../components/moderation-page';
import { ModerationTradePage } from '../components/moderation-trade-page';
import { ReviewModerationPage } from '../components/review-moderation-page';
import { makeTradeChecks } from './moderation-factory';

/** The moderation pages at `path`, as the router nests them, for a user and the server routes given. */
export function renderModeration(
  path: string,
  { user = makeUser({ role: 'MODERATOR' }), routes = {} }: { user?: UserView; routes?: Record<string, Route> } = {},
) {
  const server = serveApi({
    'GET /api/user/profile': { data: { user } },
    'GET /api/churches/stateChurches': { data: { churches: [] } },
    'GET /api/trades/byPriest': { data: { trades: [] } },
    'GET /api/moderation/trades/:id/checks': { data: { checks: makeTradeChecks() } },
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/moderation', element: <ModerationPage /> },
      { path: '/moderation/enquiries', element: <EnquiryReportsPage /> },
      { path: '/moderation/reviews', element: <ReviewModerationPage /> },
      { path: '/moderation/trades/:id', element: <ModerationTradePage /> },
    ],
    { initialEntries: [path] },
  );
  return { server, ...view };
}
