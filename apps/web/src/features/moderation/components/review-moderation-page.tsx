import { MESSAGES } from '@churchtrades/shared/messages';
import { mayModerate } from '@churchtrades/shared/permissions';
import {
  CHURCH_HOLD_HOURS,
  type ModeratedReview,
  removeReviewSchema,
  REVIEW_FLAG_TEXTS,
  REVIEW_HOLD_REASON_TEXTS,
  REVIEW_NOTICE_DAYS,
  type ReviewStatus,
  reviewNoticeInputSchema,
} from '@churchtrades/shared/reviews';
import { useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { ReviewStars } from '../../../components/rating/rating-stars';
import { ReviewTags } from '../../../components/review/review-tags';
import { paths } from '../../../config/paths';
import { successMessage } from '../../../lib/api-error';
import {
  useHoldReviewMutation,
  useKeepReviewMutation,
  useModeratedReviewsQuery,
  useRemoveReviewMutation,
  useSetReviewNoticeMutation,
} from '../api/review-moderation-api';
import { LoadFailed, Loading, ModerationAccess } from './moderation-access';
import { businessListTabs, enquiryReportsTab, ModerationTabs, reviewsTab } from './moderation-tabs';
import { ReviewReasonDialog } from './review-reason-dialog';

const DATE = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' });
const DATE_TIME = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

const STATUS_NAMES: Readonly<Record<ReviewStatus, string>> = {
  PUBLISHED: 'Published',
  HELD: 'Held',
  REMOVED: 'Removed',
};

/**
 * /moderation/reviews: the reviews reported, held by the automatic checks or flagged as signs of manipulation, at
 * the caller's churches. Who may do what is the server's to say, for each review: a moderator without a conflict
 * of interest removes or keeps it, and may show its business's fake-review notice; a moderator of the business's
 * own church may only hold it.
 */
export function ReviewModerationPage() {
  return (
    <ModerationAccess>
      {(user) =>
        mayModerate(user.role) ? (
          <>
            <ModerationTabs tabs={[...businessListTabs(), enquiryReportsTab(false), reviewsTab(true)]} />
            <ModeratedReviews />
          </>
        ) : (
          <Alert variant="warning">{MESSAGES.forbidden}</Alert>
        )
      }
    </ModerationAccess>
  );
}

/** The review a dialog is about: kept while the dialog fades out, so that its title does not go blank. */
function useReviewDialog() {
  const [review, setReview] = useState<ModeratedReview | null>(null);
  const [open, setOpen] = useState(false);
  return {
    review,
    open,
    show: (about: ModeratedReview) => {
      setReview(about);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}

function ModeratedReviews() {
  const { data: reviews, error, isError, refetch } = useModeratedReviewsQuery();
  const removing = useReviewDialog();
  const noticing = useReviewDialog();
  const [remove] = useRemoveReviewMutation();
  const [setNotice] = useSetReviewNoticeMutation();
  // A decision may take its review, and the button pressed, off the page: the keyboard starts again at the list.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusList = () => heading.current?.focus();

  let content;
  if (isError) content = <LoadFailed error={error} onRetry={() => void refetch()} />;
  else if (!reviews) content = <Loading />;
  else if (reviews.length === 0) {
    content = <p className="text-body-secondary">No review is reported, held or flagged.</p>;
  } else {
    content = (
      <ul className="list-unstyled d-flex flex-column gap-3">
        {reviews.map((review) => (
          <li key={review.id}>
            <ModeratedReviewCard
              review={review}
              onRemove={() => removing.show(review)}
              onNotice={() => noticing.show(review)}
              onDecided={focusList}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="moderated-reviews-heading" className="mb-5">
      <title>Reviews · Moderation · ChurchTrades</title>
      <h2 id="moderated-reviews-heading" ref={heading} tabIndex={-1} className="h4 mb-3">
        Reviews
      </h2>
      {content}
      <ReviewReasonDialog
        show={removing.open}
        title={`Remove ${removing.review?.reviewerName}'s review of ${removing.review?.tradeName}?`}
        schema={removeReviewSchema}
        submitLabel="Remove review"
        send={(reason) => remove({ id: removing.review?.id ?? '', reason })}
        successFallback={MESSAGES.reviewRemoved}
        onClose={removing.close}
        onDone={focusList}
      >
        <p>
          The review no longer shows, and the business page says in its place: “A review was removed on{' '}
          {DATE.format(new Date())}: <em>your reason</em>”. The reason is shown publicly.
        </p>
      </ReviewReasonDialog>
      <ReviewReasonDialog
        show={noticing.open}
        title={`Show the fake-review notice on ${noticing.review?.tradeName}?`}
        schema={reviewNoticeInputSchema}
        submitLabel="Show notice"
        send={(reason) => setNotice({ tradeId: noticing.review?.tradeId ?? '', reason })}
        successFallback={MESSAGES.reviewNoticeSet}
        onClose={noticing.close}
        onDone={focusList}
      >
        <p>
          For {REVIEW_NOTICE_DAYS} days the business page tells visitors that the business was found gathering fake
          reviews, with your reason. The reason is shown publicly.
        </p>
      </ReviewReasonDialog>
    </section>
  );
}

interface ModeratedReviewCardProps {
  review: ModeratedReview;
  onRemove: () => void;
  onNotice: () => void;
  onDecided: () => void;
}

function ModeratedReviewCard({ review, onRemove, onNotice, onDecided }: ModeratedReviewCardProps) {
  const headingId = useId();
  return (
    <Card as="article" aria-labelledby={headingId}>
      <Card.Body>
        <h3 id={headingId} className="h5">
          {review.reviewerName}&apos;s review of {review.tradeName}
        </h3>
        <dl className="row mb-2">
          <dt className="col-sm-3">Business</dt>
          <dd className="col-sm-9">
            <Link to={paths.business.getHref(review.tradeId, review.tradeName)}>{review.tradeName}</Link>
          </dd>
          <dt className="col-sm-3">Church</dt>
          <dd className="col-sm-9">{review.churchName}</dd>
          <dt className="col-sm-3">Reviewer</dt>
          <dd className="col-sm-9">
            {review.reviewerName} ·{' '}
            <ReviewTags relation={review.relation} sameChurch={review.sameChurch} editedAt={review.editedAt} />
          </dd>
          <dt className="col-sm-3">Stars</dt>
          <dd className="col-sm-9">
            <ReviewStars stars={review.stars} />
          </dd>
          <dt className="col-sm-3">Written</dt>
          <dd className="col-sm-9">
            <time dateTime={review.writtenAt}>{DATE_TIME.format(new Date(review.writtenAt))}</time>
            {review.editedAt !== null && (
              <>
                , edited <time dateTime={review.editedAt}>{DATE_TIME.format(new Date(review.editedAt))}</time>
              </>
            )}
          </dd>
          <dt className="col-sm-3">Status</dt>
          <dd className="col-sm-9">
            {STATUS_NAMES[review.status]}
            {review.churchHoldUntil !== null && (
              <>
                {' '}
                by a moderator of the business&apos;s church until{' '}
                <time dateTime={review.churchHoldUntil}>{DATE_TIME.format(new Date(review.churchHoldUntil))}</time>
              </>
            )}
          </dd>
          {review.holdReasons.length > 0 && (
            <>
              <dt className="col-sm-3">Held because</dt>
              <dd className="col-sm-9">
                <ul className="mb-0 ps-3">
                  {review.holdReasons.map((reason) => (
                    <li key={reason}>{REVIEW_HOLD_REASON_TEXTS[reason]}</li>
                  ))}
                </ul>
              </dd>
            </>
          )}
          {review.tradeNoticeUntil !== null && (
            <>
              <dt className="col-sm-3">Notice</dt>
              <dd className="col-sm-9">
                The business shows the fake-review notice until{' '}
                <time dateTime={review.tradeNoticeUntil}>{DATE.format(new Date(review.tradeNoticeUntil))}</time>
              </dd>
            </>
          )}
        </dl>
        {review.flags.length > 0 && <ManipulationFlags flags={review.flags} />}
        <h4 className="h6">Review</h4>
        <blockquote className="border-start border-3 ps-3 mb-3 text-break" style={{ whiteSpace: 'pre-line' }}>
          {review.body}
        </blockquote>
        <OpenReports reports={review.openReports} />
        <ReviewActions review={review} onRemove={onRemove} onNotice={onNotice} onDecided={onDecided} />
      </Card.Body>
    </Card>
  );
}

/** Signs of manipulation: marked in colour and in words, since they hold nothing by themselves. */
function ManipulationFlags({ flags }: { flags: ModeratedReview['flags'] }) {
  return (
    <div className="border border-warning rounded bg-warning-subtle p-2 mb-3">
      <h4 className="h6 mb-1">
        <Badge bg="warning" text="dark" className="me-2">
          Flagged
        </Badge>{' '}
        Signs of manipulation
      </h4>
      <ul className="mb-0 ps-3">
        {flags.map((flag) => (
          <li key={flag}>{REVIEW_FLAG_TEXTS[flag]}</li>
        ))}
      </ul>
    </div>
  );
}

const counted = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * One line per reporter (a network, or an account's address), its first reason and how many times it was made:
 * a flood from one place shows as one report with a count, beside how many places reported.
 */
function OpenReports({ reports }: { reports: ModeratedReview['openReports'] }) {
  if (reports.length === 0) return <p className="text-body-secondary">No open report.</p>;
  const made = reports.reduce((sum, report) => sum + report.timesReported, 0);
  return (
    <>
      <h4 className="h6">
        Open reports <Badge bg="danger">{made}</Badge>
      </h4>
      <p className="small text-body-secondary mb-1">
        {counted(made, 'report')} from {counted(reports.length, 'reporter')}. Repeats from one network or account address
        add to its report.
      </p>
      <ol className="mb-3">
        {reports.map((report) => (
          <li key={report.id}>
            <time dateTime={report.reportedAt}>{DATE_TIME.format(new Date(report.reportedAt))}</time>:{' '}
            <span className="text-break">{report.reason}</span>
            {report.timesReported > 1 && <span className="text-body-secondary"> (made {report.timesReported} times)</span>}
          </li>
        ))}
      </ol>
    </>
  );
}

function ReviewActions({ review, onRemove, onNotice, onDecided }: ModeratedReviewCardProps) {
  const [keep, keeping] = useKeepReviewMutation();
  const [hold, holding] = useHoldReviewMutation();
  const { alert, clearAlert, showError } = useFormAlert();

  if (!review.mayDecide && !review.mayHold) {
    return <p className="mb-0">{MESSAGES.reviewConflictOfInterest}</p>;
  }

  async function decide(action: 'keep' | 'hold') {
    clearAlert();
    const result = action === 'keep' ? await keep(review.id) : await hold(review.id);
    if (result.error) {
      showError(result.error);
      return;
    }
    toast.success(successMessage(result.data.message, action === 'keep' ? MESSAGES.reviewKept : MESSAGES.reviewChurchHeld));
    onDecided();
  }

  const busy = keeping.isLoading || holding.isLoading;
  return (
    <>
      <FormAlert alert={alert} onClose={clearAlert} />
      <div className="d-flex flex-wrap gap-2">
        {review.mayDecide && (
          <>
            <Button variant="danger" disabled={busy} onClick={onRemove}>
              Remove
            </Button>
            <Button variant="success" disabled={busy} onClick={() => void decide('keep')}>
              Keep published
            </Button>
            {review.tradeNoticeUntil === null && (
              <Button variant="outline-danger" disabled={busy} onClick={onNotice}>
                Show fake-review notice
              </Button>
            )}
          </>
        )}
        {review.mayHold && (
          <Button variant="outline-secondary" disabled={busy} onClick={() => void decide('hold')}>
            Hold for {CHURCH_HOLD_HOURS} hours
          </Button>
        )}
      </div>
    </>
  );
}
