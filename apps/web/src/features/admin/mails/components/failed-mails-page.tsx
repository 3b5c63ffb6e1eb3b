import { FAILED_MAIL_PAGE_SIZE } from '@churchtrades/shared/mail-outbox';
import { PagedList } from '../../components/paged-list';
import { useQueryFilter } from '../../hooks/use-query-filter';
import { useFailedMailsQuery } from '../api/failed-mails-api';
import { FailedMailsTable } from './failed-mails-table';

const NO_FILTERS = {};

/**
 * `/admin/mails`: the emails the site gave up on after their last try (an address that does not exist, a mail
 * server that refused them), the latest first, each of which an administrator may send again.
 */
export function FailedMailsPage() {
  const { page, hrefForPage } = useQueryFilter(NO_FILTERS);
  // Mails fail and are sent again elsewhere all the time: each visit asks afresh rather than showing a cached page.
  const { currentData, error, isFetching, refetch } = useFailedMailsQuery(
    { page, size: FAILED_MAIL_PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );

  return (
    <>
      <title>Failed emails · Administration · ChurchTrades</title>
      <h2 className="h4 mb-3">Failed emails</h2>
      <p className="text-body-secondary">
        Emails that could not be delivered after every try. Send one again once its address or the mail server is
        fixed.
      </p>
      <PagedList
        page={currentData}
        error={error}
        isFetching={isFetching}
        refetch={() => void refetch()}
        noun="failed emails"
        pagerLabel="Failed emails pages"
        hrefForPage={hrefForPage}
        empty="No email has failed: every one was delivered or is still being tried."
      >
        {(mails) => <FailedMailsTable mails={mails} />}
      </PagedList>
    </>
  );
}
