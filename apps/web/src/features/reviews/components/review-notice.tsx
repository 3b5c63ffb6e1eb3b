import { reviewNoticeText } from '@churchtrades/shared/reviews';
import Alert from 'react-bootstrap/Alert';
import { dayText } from '../../../components/trade-badges/badge-text';
import { type ReviewedTrade, useTradeReviewsQuery } from '../api/reviews-api';

/**
 * The public notice of a business found gathering fake reviews, at the top of its page while it lasts. It comes
 * with the reviews' first page, which the reviews section asks for too (one request for both).
 */
export function ReviewNotice({ trade }: { trade: ReviewedTrade }) {
  const { data } = useTradeReviewsQuery({ tradeId: trade.id, page: 0 });
  if (!data?.notice) return null;
  return (
    <Alert variant="danger" className="mb-4">
      {reviewNoticeText(dayText(data.notice.startedAt), data.notice.reason)}
    </Alert>
  );
}
