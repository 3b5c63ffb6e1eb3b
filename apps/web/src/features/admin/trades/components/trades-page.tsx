import { TRADE_ADMIN_PAGE_SIZE } from '@churchtrades/shared/trade-admin';
import { FormAlert } from '../../../../components/form/form-alert';
import { useFormAlert } from '../../../../components/form/use-form-alert';
import { PagedList } from '../../components/paged-list';
import { useQueryFilter } from '../../hooks/use-query-filter';
import { filterParams } from '../../query-filter';
import { useSearchAllTradesQuery } from '../api/trades-admin-api';
import { TRADE_FILTER_FIELDS } from '../trade-filter';
import { TradeFilters } from './trade-filters';
import { type ToggleFeedback, TradesTable } from './trades-table';

/** `/admin/trades`: every business in any state, by name, state and status; lock or expire one. */
export function TradesPage() {
  const { filter, page, changeFilter, hrefForPage } = useQueryFilter(TRADE_FILTER_FIELDS);
  const { currentData, error, isFetching, refetch } = useSearchAllTradesQuery(
    filterParams(filter, page, TRADE_ADMIN_PAGE_SIZE),
  );
  const { alert, clearAlert, showError } = useFormAlert();
  const feedback: ToggleFeedback = { started: clearAlert, refused: (refusal) => showError(refusal) };

  return (
    <>
      <title>Businesses · Administration · ChurchTrades</title>
      <h2 className="h4 mb-3">Businesses</h2>
      <TradeFilters filter={filter} onChange={changeFilter} />
      <FormAlert alert={alert} onClose={clearAlert} />
      <PagedList
        page={currentData}
        error={error}
        isFetching={isFetching}
        refetch={() => void refetch()}
        noun="businesses"
        pagerLabel="Businesses pages"
        hrefForPage={hrefForPage}
      >
        {(trades) => <TradesTable trades={trades} feedback={feedback} />}
      </PagedList>
    </>
  );
}
