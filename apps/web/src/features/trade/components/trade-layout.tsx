import { isReadOnlyRole } from '@churchtrades/shared/read-only';
import type { OwnTrade } from '@churchtrades/shared/trade-dashboard';
import type { UserView } from '@churchtrades/shared/user';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';
import { Navigate, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useGetProfileQuery } from '../../../lib/current-user-api';
import { useOwnTradeQuery } from '../api/trade-api';
import { BusinessOwnerCard } from './business-owner-card';
import { NewTradeForm } from './new-trade-form';
import { TradeCoverCard } from './trade-cover-card';
import { TradeLogoCard } from './trade-logo-card';
import { TradeNav } from './trade-nav';

/** What the business pages inside the layout work on. */
export interface TradeDashboard {
  trade: OwnTrade;
  /** SPEC §6: a USER sees the business but changes nothing. */
  readOnly: boolean;
}

/**
 * /trade (SPEC §2 Trade account layout): the logo and cover picture cards, the links and the owner's card on the left, the
 * business page beside. A user without a business is offered the form that lists one instead.
 */
export function TradeLayout() {
  const { data: user, error: userError } = useGetProfileQuery();
  const { data: trade, error: tradeError } = useOwnTradeQuery(user?.userId ?? skipToken);
  const { tradeId } = useParams();
  const { pathname } = useLocation();

  let content: ReactNode;
  // Each business page names itself in the title; until one shows, the layout does.
  let title: ReactNode = <title>My Business · ChurchTrades</title>;
  if (!user || trade === undefined) {
    const error = userError ?? tradeError;
    content = error ? <Alert variant="danger">{getErrorMessage(error)}</Alert> : <TradeLoading />;
  } else if (trade === null) {
    // The other pages need a business; until there is one, they lead to the form that lists it.
    if (pathname !== paths.tradeProfile.getHref()) return <Navigate to={paths.tradeProfile.getHref()} replace />;
    content = <NoTradeYet user={user} />;
  } else if (tradeId !== undefined && tradeId !== trade.id) {
    // A link to another business (or an old one): each owner has one business, so show theirs.
    return <Navigate to={paths.tradeProfile.getHref()} replace />;
  } else {
    const dashboard: TradeDashboard = { trade, readOnly: isReadOnlyRole(user.role) };
    title = null;
    content = (
      <Row className="g-4">
        <Col md={4} lg={3} className="d-flex flex-column gap-3">
          <TradeLogoCard trade={trade} readOnly={dashboard.readOnly} />
          <TradeCoverCard trade={trade} readOnly={dashboard.readOnly} />
          <TradeNav tradeId={trade.id} />
          <BusinessOwnerCard owner={trade.owner} />
        </Col>
        <Col md={8} lg={9}>
          <Outlet context={dashboard} />
        </Col>
      </Row>
    );
  }

  return (
    <>
      {title}
      <h1 className="h3 mb-4">My Business</h1>
      {content}
    </>
  );
}

/** The business and who may change it, for the pages inside the layout (shown only once it is loaded). */
export function useTradeDashboard(): TradeDashboard {
  return useOutletContext<TradeDashboard>();
}

function NoTradeYet({ user }: { user: UserView }) {
  const owner = { name: `${user.firstName} ${user.lastName}`, email: user.email, phone: user.phone };
  return (
    <Row className="g-4">
      <Col md={4} lg={3}>
        <BusinessOwnerCard owner={owner} />
      </Col>
      <Col md={8} lg={9}>
        <NewTradeForm readOnly={isReadOnlyRole(user.role)} />
      </Col>
    </Row>
  );
}

function TradeLoading() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading...</span>
      <Placeholder as="div" animation="glow" aria-hidden="true">
        <Row className="g-4">
          <Col md={4} lg={3} className="d-flex flex-column gap-3">
            <Placeholder xs={12} className="py-5 rounded" />
            <Placeholder xs={12} className="py-4 rounded" />
            <Placeholder xs={12} className="py-4 rounded" />
          </Col>
          <Col md={8} lg={9}>
            <Placeholder xs={12} className="py-5 rounded" />
          </Col>
        </Row>
      </Placeholder>
    </div>
  );
}
