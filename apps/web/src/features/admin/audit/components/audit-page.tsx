import { AUDIT_PAGE_SIZE } from '@churchtrades/shared/audit';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { PagedList } from '../../components/paged-list';
import { useQueryFilter } from '../../hooks/use-query-filter';
import { filterParams } from '../../query-filter';
import { useAuditEntriesQuery } from '../api/audit-api';
import { AUDIT_FILTER_FIELDS } from '../audit-filter';
import { SUBJECT_NAMES } from '../audit-names';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';

/** `/admin/audit`: every privileged change, who made it and when, with what it changed; newest first. */
export function AuditPage() {
  const { filter, page, changeFilter, hrefForPage } = useQueryFilter(AUDIT_FILTER_FIELDS);
  // Changes are made elsewhere all the time: each visit asks afresh rather than showing a cached page.
  const params = filterParams(filter, page, AUDIT_PAGE_SIZE);
  const { currentData, error, isFetching, refetch } = useAuditEntriesQuery(params, { refetchOnMountOrArgChange: true });
  const subject = filter.subjectType === '' ? 'subject' : SUBJECT_NAMES[filter.subjectType].toLowerCase();

  return (
    <>
      <title>Audit log · Administration · ChurchTrades</title>
      <h2 className="h4 mb-3">Audit log</h2>
      <AuditFilters filter={filter} onChange={changeFilter} />
      {filter.subjectId !== '' && (
        <Alert variant="secondary" className="d-flex flex-wrap align-items-center justify-content-between gap-2 py-2">
          <span>Only the entries about one {subject}.</span>
          <Button variant="outline-secondary" size="sm" onClick={() => changeFilter({ subjectId: '' })}>
            Show all
          </Button>
        </Alert>
      )}
      <PagedList
        page={currentData}
        error={error}
        isFetching={isFetching}
        refetch={() => void refetch()}
        noun="entries"
        pagerLabel="Audit log pages"
        hrefForPage={hrefForPage}
      >
        {(entries) => <AuditTable entries={entries} />}
      </PagedList>
    </>
  );
}
