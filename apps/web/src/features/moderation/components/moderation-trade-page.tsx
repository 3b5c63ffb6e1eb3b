import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useModerationTradeQuery } from '../api/moderation-api';
import { ChurchChecksPanel } from './church-checks-panel';
import { LoadFailed, Loading, ModerationAccess } from './moderation-access';
import { ModerationTradeView } from './moderation-trade-view';

/**
 * /moderation/trades/{id}: one business, shown and decided on as in the lists, with its church's checks (a
 * vouch, its licence); where a "possible duplicate" link leads, where administrators open a business, and where
 * a mail asking to renew a vouch leads.
 */
export function ModerationTradePage() {
  return <ModerationAccess>{() => <ModerationTrade />}</ModerationAccess>;
}

function ModerationTrade() {
  const { id = '' } = useParams();
  const { currentData: trade, error, isFetching, refetch } = useModerationTradeQuery(id);

  return (
    <>
      <p>
        <Link to={paths.moderation.getHref()}>Back to moderation</Link>
      </p>
      {trade ? (
        <>
          <ModerationTradeView trade={trade} headingLevel="h2" />
          <ChurchChecksPanel tradeId={trade.id} tradeName={trade.name} />
        </>
      ) : error && !isFetching ? (
        <LoadFailed error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading />
      )}
    </>
  );
}
