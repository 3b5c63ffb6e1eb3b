import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { getErrorMessage } from '../../../lib/api-error';
import { useSearchTradesQuery } from '../api/search-api';
import { useSearchFilter } from '../hooks/use-search-filter';
import { SearchFilters } from './search-filters';
import { SearchResults } from './search-results';
import { TradeCardPlaceholders } from './trade-card-placeholders';

const LOAD_FAILED_MESSAGE = 'The businesses could not be loaded. Please try again.';

/** The home page (SPEC §2 "Search page", §4 "Search"): approved businesses by text, state, category and church. */
export function SearchPage() {
  const { filter, changeFilter, changeText, hrefForPage } = useSearchFilter();
  // currentData, not data: while another search loads, the previous one's cards must not stand in for it.
  const { currentData, error, isFetching, refetch } = useSearchTradesQuery(filter);

  return (
    <>
      <h1 className="visually-hidden">Find a business</h1>
      <SearchFilters filter={filter} onChange={changeFilter} onTextChange={changeText} />
      {currentData ? (
        <SearchResults page={currentData} hrefForPage={hrefForPage} />
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
