import { lazy, Suspense } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { To } from 'react-router';
import { getErrorMessage } from '../../../lib/api-error';
import { type TradeSearch, useSearchTradesQuery } from '../api/search-api';
import { useNearMe } from '../hooks/use-near-me';
import { useSearchFilter } from '../hooks/use-search-filter';
import { useSearchView } from '../hooks/use-search-view';
import { nearParams } from '../near-me';
import { filterParams } from '../search-filter';
import { NearMeControl } from './near-me-control';
import { SearchFilters } from './search-filters';
import { SearchResults } from './search-results';
import { TradeCardPlaceholders } from './trade-card-placeholders';
import { ViewSwitch } from './view-switch';

const LOAD_FAILED_MESSAGE = 'The businesses could not be loaded. Please try again.';

// The map and Leaflet load only when the Map view is chosen: the List view's bundle stays as it was.
const ResultsMap = lazy(() => import('./results-map').then((module) => ({ default: module.ResultsMap })));

/** The home page (SPEC §2 "Search page", §4 "Search"): approved businesses by text, state, category and church. */
export function SearchPage() {
  const { filter, changeFilter, changeText, hrefForPage } = useSearchFilter();
  const { view, changeView } = useSearchView();
  const { near, status, findNearMe, clearNear } = useNearMe();

  return (
    <>
      <title>ChurchTrades</title>
      <h1 className="visually-hidden">Find a business</h1>
      <SearchFilters filter={filter} onChange={changeFilter} onTextChange={changeText} />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <ViewSwitch view={view} onChange={changeView} />
        <NearMeControl near={near} status={status} onFind={findNearMe} onClear={clearNear} />
      </div>
      {view === 'map' ? (
        <Suspense fallback={<p role="status">Loading the map…</p>}>
          <ResultsMap params={{ ...filterParams(filter), ...nearParams(near) }} />
        </Suspense>
      ) : (
        <ResultsList filter={filter} near={near} hrefForPage={hrefForPage} />
      )}
    </>
  );
}

interface ResultsListProps extends TradeSearch {
  hrefForPage: (page: number) => To;
}

function ResultsList({ filter, near, hrefForPage }: ResultsListProps) {
  // currentData, not data: while another search loads, the previous one's cards must not stand in for it.
  const { currentData, error, isFetching, refetch } = useSearchTradesQuery({ filter, near });
  if (currentData) return <SearchResults page={currentData} hrefForPage={hrefForPage} />;
  if (error && !isFetching) {
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span>{getErrorMessage(error, LOAD_FAILED_MESSAGE)}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <TradeCardPlaceholders />;
}
