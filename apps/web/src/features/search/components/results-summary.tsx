import type { TradePage } from '@churchtrades/shared/trade-search';

/**
 * "Showing X - Y of Z results", X counted from 1 (SPEC §2). A very broad search is not counted row by row
 * on the server (`totalIsEstimate`); its total then reads "of about Z".
 */
export function ResultsSummary({ page }: { page: TradePage }) {
  const first = page.number * page.size + 1;
  const last = page.number * page.size + page.content.length;
  return (
    <p className="text-body-secondary mb-3">
      Showing {first} - {last} of {page.totalIsEstimate ? 'about ' : ''}
      {page.totalElements} results
    </p>
  );
}
