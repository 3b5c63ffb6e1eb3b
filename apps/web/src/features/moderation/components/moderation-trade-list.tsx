import type { ModerationTradePage } from '@churchtrades/shared/moderation';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { To } from 'react-router';
import { Pager } from '../../../components/pager/pager';
import { LoadFailed, Loading } from './moderation-access';
import { ModerationTradeView } from './moderation-trade-view';

interface ModerationTradeListProps {
  /** The page asked for; undefined while it loads. */
  page: ModerationTradePage | undefined;
  error: FetchBaseQueryError | SerializedError | undefined;
  isFetching: boolean;
  onRetry: () => void;
  /** What an empty list means, e.g. "Nothing waits for a decision." */
  emptyText: string;
  hrefForPage: (page: number) => To;
  label: string;
}

/** A page of businesses, each shown whole, with the count and the page links. */
export function ModerationTradeList({
  page,
  error,
  isFetching,
  onRetry,
  emptyText,
  hrefForPage,
  label,
}: ModerationTradeListProps) {
  if (!page) return error && !isFetching ? <LoadFailed error={error} onRetry={onRetry} /> : <Loading />;
  if (page.content.length === 0) return <p className="text-body-secondary">{emptyText}</p>;
  return (
    <>
      <p className="text-body-secondary small" aria-live="polite">
        {page.totalElements === 1 ? '1 business' : `${page.totalElements} businesses`}
      </p>
      <ol className="list-unstyled d-flex flex-column gap-4" aria-label={label}>
        {page.content.map((trade) => (
          <li key={trade.id}>
            <ModerationTradeView trade={trade} headingLevel="h3" linkToPage />
          </li>
        ))}
      </ol>
      <Pager page={page.number} totalPages={page.totalPages} hrefFor={hrefForPage} label={`${label} pages`} />
    </>
  );
}
