import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../../lib/api-error';
import { useSearchTradesQuery } from '../api/search-api';
import { readSearchFilter, searchFilterQuery } from '../search-filter';
import { SearchResults } from './search-results';
import { TradeCardPlaceholders } from './trade-card-placeholders';

const LOAD_FAILED_MESSAGE = 'The businesses could not be loaded. Please try again.';

/** The home page (SPEC §2 "Search page"): approved businesses, a page at a time. */
export function SearchPage() {
  const [searchParams] = useSearchParams();
  const filter = readSearchFilter(searchParams);
  // currentData, not data: while another page loads, the previous page's cards must not stand in for it.
  const { currentData, error, isFetching, refetch } = useSearchTradesQuery(filter);

  return (
    <>
      <h1 className="visually-hidden">Find a business</h1>
      {currentData ? (
        <SearchResults
          page={currentData}
          hrefForPage={(page) => ({ search: searchFilterQuery(searchParams, { ...filter, page }) })}
        />
      ) : error && !isFetching ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>{getErrorMessage(error, LOAD_FAILED_MESSAGE)}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <TradeCardPlaceholders />
      )}
    </>
  );
}
