import type { PublicReview } from '@churchtrades/shared/reviews';
import type { Ref } from 'react';
import Badge from 'react-bootstrap/Badge';
import { ReviewStars } from '../../../components/rating/rating-stars';
import { dayText } from '../../../components/trade-badges/badge-text';
import { REVIEW_RELATION_NAMES, workDoneText } from '../../../components/review/review-relation';
import { ReportReview } from './report-review';

interface ReviewItemProps {
  review: PublicReview;
  tradeName: string;
  /** The first review of a page just loaded takes the focus, so a keyboard user reads on from there. */
  ref?: Ref<HTMLElement>;
}

/** One published review: who, how many stars, when, how they know the business, what they wrote, and the answer. */
export function ReviewItem({ review, tradeName, ref }: ReviewItemProps) {
  const headingId = `review-${review.id}`;
  const workDone = workDoneText(review.workSuburb, review.workMonth);

  return (
    <article ref={ref} tabIndex={-1} aria-labelledby={headingId} className="py-3 border-bottom">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <h3 id={headingId} className="h6 mb-0">
          {review.reviewerName}
        </h3>
        <ReviewStars stars={review.stars} />
        {review.sameChurch && (
          <Badge bg="info-subtle" text="info-emphasis" className="fw-normal">
            Same church
          </Badge>
        )}
        {review.editedAt && (
          <Badge bg="secondary-subtle" text="secondary-emphasis" className="fw-normal">
            Edited
          </Badge>
        )}
      </div>
      <p className="small text-body-secondary mb-2">
        {REVIEW_RELATION_NAMES[review.relation]} · <time dateTime={review.writtenAt}>{dayText(review.writtenAt)}</time>
        {workDone && ` · ${workDone}`}
      </p>
      <p className="mb-2 text-break review-text">{review.body}</p>
      {review.ownerAnswer && (
        <div className="border-start border-3 ps-3 ms-1 mb-2">
          <p className="small fw-semibold mb-1">Answer from {tradeName}</p>
          <p className="mb-0 text-break review-text">{review.ownerAnswer}</p>
        </div>
      )}
      <ReportReview review={review} />
    </article>
  );
}
