import { REVIEWS_SHOWN_FROM } from '@churchtrades/shared/rating';
import { removalNoteText, type TradeReviews } from '@churchtrades/shared/reviews';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { RatingSummary } from '../../../components/rating/rating-stars';
import { dayText } from '../../../components/trade-badges/badge-text';
import { getErrorMessage } from '../../../lib/api-error';
import { type ReviewedTrade, useTradeReviewsQuery } from '../api/reviews-api';
import { starsFilterText, waitingText } from '../review-text';
import { ReviewItem } from './review-item';
import { StarFilter } from './star-filter';
import './reviews.css';

const LOAD_FAILED_MESSAGE = 'The reviews could not be loaded. Please try again.';

/**
 * A business's reviews on its page: its rating (from 3 reviews), every published review newest first, filtered by
 * stars, the owner's answers beside them, how many wait for a moderator, and a note for each one removed. Nothing
 * leaves without a trace.
 */
export function TradeReviewsSection({ trade }: { trade: ReviewedTrade }) {
  const [stars, setStars] = useState<number | undefined>(undefined);
  const { data, error, isError, isFetching, refetch } = useTradeReviewsQuery({ tradeId: trade.id, page: 0 });

  return (
    <section id="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="h4">
        Reviews
      </h2>
      {data ? (
        <>
          <ReviewsSummary reviews={data} />
          {data.reviews.totalElements > 0 && <StarFilter stars={stars} starCounts={data.starCounts} onChange={setStars} />}
          <ReviewsList key={stars ?? 'all'} trade={trade} stars={stars} />
          <RemovalNotes notes={data.removalNotes} />
        </>
      ) : isError && !isFetching ? (
        <LoadFailed message={getErrorMessage(error, LOAD_FAILED_MESSAGE)} onRetry={() => void refetch()} />
      ) : (
        <Loading />
      )}
    </section>
  );
}

function ReviewsSummary({ reviews }: { reviews: TradeReviews }) {
  return (
    <>
      <p className="mb-2">
        {reviews.rating ? (
          <RatingSummary rating={reviews.rating} />
        ) : (
          `No rating yet: a business's rating shows from ${REVIEWS_SHOWN_FROM} reviews.`
        )}
      </p>
      {reviews.waitingCount > 0 && <p className="small text-body-secondary">{waitingText(reviews.waitingCount)}</p>}
    </>
  );
}

/**
 * The reviews of the filter, a page at a time: "More reviews" adds the next page under those shown, and the keyboard
 * goes on at its first review.
 */
function ReviewsList({ trade, stars }: { trade: ReviewedTrade; stars: number | undefined }) {
  const [pages, setPages] = useState(1);
  const last = useTradeReviewsQuery({ tradeId: trade.id, stars, page: pages - 1 });
  const lastPage = last.data?.reviews;
  const more = lastPage !== undefined && lastPage.number + 1 < lastPage.totalPages;

  if (lastPage?.totalElements === 0) {
    return <p>{stars === undefined ? 'No reviews yet.' : `No reviews with ${starsFilterText(stars)}.`}</p>;
  }
  return (
    <>
      <ol className="list-unstyled mb-3" aria-label={stars === undefined ? 'Reviews' : `Reviews with ${starsFilterText(stars)}`}>
        {Array.from({ length: pages }, (_, page) => (
          <ReviewsPage key={page} trade={trade} stars={stars} page={page} />
        ))}
      </ol>
      {last.isError && !last.isFetching ? (
        <LoadFailed message={getErrorMessage(last.error, LOAD_FAILED_MESSAGE)} onRetry={() => void last.refetch()} />
      ) : last.isFetching && !last.data ? (
        <Loading />
      ) : (
        more && (
          <Button variant="outline-primary" onClick={() => setPages(pages + 1)}>
            More reviews
          </Button>
        )
      )}
    </>
  );
}

function ReviewsPage({ trade, stars, page }: { trade: ReviewedTrade; stars: number | undefined; page: number }) {
  const { data } = useTradeReviewsQuery({ tradeId: trade.id, stars, page });
  const first = useRef<HTMLElement>(null);
  const focused = useRef(page === 0);

  useEffect(() => {
    if (!data || focused.current) return;
    focused.current = true;
    first.current?.focus();
  }, [data]);

  return data?.reviews.content.map((review, index) => (
    <li key={review.id}>
      <ReviewItem review={review} tradeName={trade.name} ref={index === 0 ? first : undefined} />
    </li>
  ));
}

function RemovalNotes({ notes }: { notes: TradeReviews['removalNotes'] }) {
  if (notes.length === 0) return null;
  return (
    <ul aria-label="Removed reviews" className="list-unstyled small text-body-secondary mt-4 mb-0">
      {notes.map((note) => (
        <li key={`${note.removedAt}-${note.reason}`} className="mb-1">
          {removalNoteText(dayText(note.removedAt), note.reason)}
        </li>
      ))}
    </ul>
  );
}

function Loading() {
  return (
    <div role="status" className="d-flex align-items-center gap-2 py-2">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>Loading reviews…</span>
    </div>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span>{message}</span>
      <Button variant="outline-danger" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
