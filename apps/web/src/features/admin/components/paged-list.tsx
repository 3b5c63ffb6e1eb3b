import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Page } from '@churchtrades/shared/trade-search';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Placeholder from 'react-bootstrap/Placeholder';
import type { To } from 'react-router';
import { Pager } from '../../../components/pager/pager';
import { getErrorMessage } from '../../../lib/api-error';

interface PagedListProps<T> {
  /** The page the filters ask for; undefined while it loads (currentData, so an older page never stands in). */
  page: Page<T> | undefined;
  error: FetchBaseQueryError | SerializedError | undefined;
  isFetching: boolean;
  refetch: () => void;
  /** What the rows are, plural: "users", "businesses". */
  noun: string;
  /** Names the pager's landmark, e.g. "Users pages". */
  pagerLabel: string;
  hrefForPage: (page: number) => To;
  /** What an empty list says; by default that nothing matches the filters. */
  empty?: string;
  children: (rows: T[]) => ReactNode;
}

/** An administration list: its count, its table (given by the page) and the pager, or why there is none. */
export function PagedList<T>(props: PagedListProps<T>) {
  const { page, error, isFetching, refetch, noun, pagerLabel, hrefForPage, empty, children } = props;
  if (!page) {
    if (error && !isFetching) {
      return (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>{getErrorMessage(error)}</span>
          <Button variant="outline-danger" size="sm" onClick={refetch}>
            Try again
          </Button>
        </Alert>
      );
    }
    return <ListLoading />;
  }
  if (page.content.length === 0) return <Alert variant="info">{empty ?? `No ${noun} match these filters.`}</Alert>;
  const first = page.number * page.size + 1;
  return (
    <>
      <p className="text-body-secondary small mb-2">
        Showing {first} - {first + page.content.length - 1} of {page.totalIsEstimate ? 'about ' : ''}
        {page.totalElements} {noun}
      </p>
      {children(page.content)}
      <Pager page={page.number} totalPages={page.totalPages} hrefFor={hrefForPage} label={pagerLabel} />
    </>
  );
}

function ListLoading() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading...</span>
      <Placeholder as="div" animation="glow" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((row) => (
          <Placeholder key={row} xs={12} className="py-3 mb-2 rounded" />
        ))}
      </Placeholder>
    </div>
  );
}
