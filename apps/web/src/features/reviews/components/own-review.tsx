import { MESSAGES } from '@churchtrades/shared/messages';
import { type OwnReview, REVIEW_HOLD_REASON_TEXTS, REVIEW_RELATION_LABELS, type ReviewEligibility } from '@churchtrades/shared/reviews';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { ReviewStars } from '../../../components/rating/rating-stars';
import { dayText } from '../../../components/trade-badges/badge-text';
import { paths } from '../../../config/paths';
import { successMessage } from '../../../lib/api-error';
import type { ReviewProof } from '../../../lib/review-eligibility-api';
import { useEditReviewMutation } from '../api/reviews-api';
import { workDoneText } from '../../../components/review/review-relation';
import { ReviewForm, type ReviewFields } from './review-form';
import { SavedAlert } from './saved-alert';

interface OwnReviewViewProps {
  eligibility: ReviewEligibility;
  review: OwnReview;
  proof: ReviewProof;
}

/** The business's page, told nothing of the page that links to it (which may hold a private link's token). */
export function BusinessLink({ eligibility }: { eligibility: ReviewEligibility }) {
  return (
    <Link to={paths.business.getHref(eligibility.tradeId, eligibility.tradeName)} rel="noreferrer">
      {eligibility.tradeName}&apos;s page
    </Link>
  );
}

/** Whether the review shows, waits for a moderator (and why), or was removed (and why). */
function ReviewStatus({ eligibility, review }: { eligibility: ReviewEligibility; review: OwnReview }) {
  if (review.status === 'PUBLISHED') {
    return (
      <p>
        <strong>Published:</strong> it shows on <BusinessLink eligibility={eligibility} />.
      </p>
    );
  }
  if (review.status === 'REMOVED') {
    return (
      <p>
        <strong>Removed by a moderator:</strong> {review.removedReason}
      </p>
    );
  }
  return (
    <>
      <p className={review.holdReasons.length > 0 ? 'mb-1' : undefined}>
        <strong>Waiting for a moderator:</strong> it shows once a moderator has read it.
      </p>
      {review.holdReasons.length > 0 && (
        <ul aria-label="Why it waits">
          {review.holdReasons.map((reason) => (
            <li key={reason}>{REVIEW_HOLD_REASON_TEXTS[reason]}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The review as its writer reads it, with its status, and while it may still be changed, the way to change it. */
export function OwnReviewView({ eligibility, review, proof }: OwnReviewViewProps) {
  const [openedAt] = useState(() => Date.now());
  const editable = review.status !== 'REMOVED' && openedAt < Date.parse(review.editableUntil);
  const workDone = workDoneText(review.workSuburb, review.workMonth);

  return (
    <>
      <ReviewStatus eligibility={eligibility} review={review} />
      <figure className="border rounded p-3">
        <figcaption className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <ReviewStars stars={review.stars} />
          <span className="small text-body-secondary">
            Written on <time dateTime={review.writtenAt}>{dayText(review.writtenAt)}</time>
            {review.editedAt && (
              <>
                , edited on <time dateTime={review.editedAt}>{dayText(review.editedAt)}</time>
              </>
            )}
          </span>
        </figcaption>
        <p className="small text-body-secondary mb-2">
          {REVIEW_RELATION_LABELS[review.relation]}
          {workDone && `. ${workDone}`}
        </p>
        <p className="mb-0 text-break review-text">{review.body}</p>
        {review.ownerAnswer && (
          <div className="border-start border-3 ps-3 ms-1 mt-3">
            <p className="small fw-semibold mb-1">Answer from {eligibility.tradeName}</p>
            <p className="mb-0 text-break review-text">{review.ownerAnswer}</p>
          </div>
        )}
      </figure>
      {editable ? (
        <EditReview review={review} proof={proof} />
      ) : (
        review.status !== 'REMOVED' && <p className="small text-body-secondary">{MESSAGES.reviewEditClosed}</p>
      )}
    </>
  );
}

/** "Edit your review": the form, filled with the review, sent as a change (PUT); the edit is marked on the page. */
function EditReview({ review, proof }: { review: OwnReview; proof: ReviewProof }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [edit] = useEditReviewMutation();
  const formId = useId();

  async function send(fields: ReviewFields) {
    const result = await edit({ id: review.id, proof, review: fields });
    if (result.error) return result.error;
    setEditing(false);
    setSaved(successMessage(result.data.message, MESSAGES.reviewEdited));
    return undefined;
  }

  return (
    <>
      {saved && <SavedAlert message={saved} />}
      <p className="small text-body-secondary">
        You can change your review until {dayText(review.editableUntil)}. A changed review is marked as edited.
      </p>
      <Button
        variant="outline-primary"
        aria-expanded={editing}
        aria-controls={formId}
        onClick={() => {
          setSaved(null);
          setEditing(!editing);
        }}
      >
        Edit your review
      </Button>
      {editing && (
        <section id={formId} aria-labelledby={`${formId}-heading`} className="mt-4">
          <h2 id={`${formId}-heading`} className="h5">
            Edit your review
          </h2>
          <ReviewForm review={review} submitLabel="Save the changes" onSend={send} />
        </section>
      )}
    </>
  );
}
