import { businessSlug } from '@churchtrades/shared/business-page';
import type { TradeDetail } from '@churchtrades/shared/trade-search';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import Alert from 'react-bootstrap/Alert';
import type { ComponentType } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { NotFoundRoute } from '../../../components/not-found';
import { PageLoading } from '../../../components/page-loading';
import { getErrorMessage } from '../../../lib/api-error';
import { cameFromPath } from '../../../lib/came-from';
import { usePublicBusinessQuery } from '../api/business-api';
import { BusinessProfile } from './business-profile';

/** What another feature shows of one business on its page (its reviews); app/ passes it in. */
type BusinessPart = ComponentType<{ trade: TradeDetail }>;

interface BusinessPageProps {
  /** A warning about the business's reviews, at the top of the page. */
  ReviewNotice?: BusinessPart;
  /** The business's reviews. */
  Reviews?: BusinessPart;
}

const LOAD_FAILED_MESSAGE = 'The business could not be loaded. Please try again.';

/**
 * /business/{id}/{slug}: the public page of one listed business; its child route (the enquiry) gets the business
 * as the outlet's context, its reviews come as props. A business that is not listed (or no
 * business at all) gets the Not-Found screen, as any unknown address does.
 */
export function BusinessPage({ ReviewNotice, Reviews }: BusinessPageProps = {}) {
  const { id = '', slug } = useParams();
  const location = useLocation();
  const { currentData: trade, error, isFetching, refetch } = usePublicBusinessQuery(id);

  if (!trade && !isFetching && isNotFound(error)) return <NotFoundRoute />;
  if (trade && slug !== businessSlug(trade.name)) {
    // An old or mistyped slug still finds the business; the address bar then shows its one true address.
    return <Navigate to={paths.business.getHref(trade.id, trade.name)} state={location.state} replace />;
  }
  return (
    <>
      <p>
        <Link to={backToSearchHref(location.state)}>Back to search</Link>
      </p>
      {trade ? (
        <BusinessProfile
          trade={trade}
          enquiry={<Outlet context={trade} />}
          reviewNotice={ReviewNotice && <ReviewNotice trade={trade} />}
          reviews={Reviews && <Reviews trade={trade} />}
        />
      ) : error && !isFetching ? (
        <LoadFailed error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <title>ChurchTrades</title>
          <PageLoading fillsScreen />
        </>
      )}
    </>
  );
}

function isNotFound(error: FetchBaseQueryError | SerializedError | undefined): boolean {
  return error !== undefined && 'status' in error && error.status === 404;
}

/**
 * The search the visitor came from, with its filters, when a result card handed it over
 * (`state={cameFromState(location)}`); else the search page as it starts.
 */
function backToSearchHref(state: unknown): string {
  const from = cameFromPath(state);
  const fromSearch = from !== null && from.split(/[?#]/)[0] === paths.home.path;
  return fromSearch ? from : paths.home.getHref();
}

function LoadFailed({ error, onRetry }: { error: FetchBaseQueryError | SerializedError; onRetry: () => void }) {
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <title>ChurchTrades</title>
      <span>{getErrorMessage(error, LOAD_FAILED_MESSAGE)}</span>
      <Button variant="outline-danger" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
