import { MESSAGES } from '@churchtrades/shared/messages';
import {
  OWNER_ANSWER_MAX_LENGTH,
  type OwnerAnswerInput,
  ownerAnswerSchema,
  type PublicReview,
  REVIEW_INVITATION_DAYS,
} from '@churchtrades/shared/reviews';
import type { Page } from '@churchtrades/shared/trade-search';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { Pager } from '../../../components/pager/pager';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { ReviewStars } from '../../../components/rating/rating-stars';
import { workDoneText } from '../../../components/review/review-relation';
import { ReviewTags } from '../../../components/review/review-tags';
import { paths } from '../../../config/paths';
import { successMessage } from '../../../lib/api-error';
import { LoadingOrFailed } from '../components/loading-or-failed';
import { useTradeDashboard } from '../components/trade-layout';
import { useAnswerReviewMutation, useReceivedReviewsQuery } from './reviews-api';

/** Reviews a page lists; the server's default for the owner's reviews. */
const REVIEWS_PAGE_SIZE = 20;

const DATE = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' });

/** The page (from 0) in /trade/reviews?page=1; a hand-edited value reads as the first page. */
function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 0;
}

/**
 * /trade/reviews: the business's published reviews, newest first, each with the owner's public answer or, until
 * there is one, the form that gives it. Reviews waiting for a moderator are not the owner's to see here.
 */
export function ReviewsPage() {
  const { trade, readOnly } = useTradeDashboard();
  const [params] = useSearchParams();
  const page = readPage(params);
  const { data, error, isError, refetch } = useReceivedReviewsQuery({ page, size: REVIEWS_PAGE_SIZE });

  const content =
    isError || !data ? (
      <LoadingOrFailed isError={isError} error={error} retry={refetch} />
    ) : (
      <ReviewsList reviews={data} readOnly={readOnly} />
    );

  return (
    <Card>
      <title>Reviews · My Business · ChurchTrades</title>
      <Card.Body>
        <h2 className="h4 mb-3">Reviews</h2>
        <p>
          The reviews of your business, newest first, as visitors read them with your answers.{' '}
          <Link to={`${paths.business.getHref(trade.id, trade.name)}#reviews`}>See them on your business page</Link>
        </p>
        {readOnly && <ReadOnlyNote />}
        {content}
      </Card.Body>
    </Card>
  );
}

function ReviewsList({ reviews, readOnly }: { reviews: Page<PublicReview>; readOnly: boolean }) {
  if (reviews.totalElements === 0) {
    return (
      <p className="text-body-secondary">
        No reviews yet. People who asked your business through ChurchTrades and were answered are invited to review
        it {REVIEW_INVITATION_DAYS} days after your first answer.
      </p>
    );
  }
  if (reviews.content.length === 0) {
    return (
      <p className="text-body-secondary">
        There are no reviews on this page. <Link to={paths.tradeReviews.getHref()}>Back to the newest reviews</Link>
      </p>
    );
  }
  return (
    <>
      <ol className="list-unstyled d-flex flex-column gap-3" aria-label="Reviews of your business">
        {reviews.content.map((review) => (
          <li key={review.id}>
            <ReceivedReview review={review} readOnly={readOnly} />
          </li>
        ))}
      </ol>
      <Pager
        page={reviews.number}
        totalPages={reviews.totalPages}
        hrefFor={(page) => paths.tradeReviews.getHref(page)}
        label="Review pages"
      />
    </>
  );
}

function ReceivedReview({ review, readOnly }: { review: PublicReview; readOnly: boolean }) {
  const headingId = useId();
  const formAlert = useFormAlert();
  const answerRef = useRef<HTMLDivElement>(null);
  const [published, setPublished] = useState(false);
  const workDone = workDoneText(review.workSuburb, review.workMonth);

  // The form, and the button just pressed, give way to the answer: the keyboard goes on from it.
  useEffect(() => {
    if (published && review.ownerAnswer !== null) answerRef.current?.focus();
  }, [published, review.ownerAnswer]);

  return (
    <article aria-labelledby={headingId} className="border rounded p-3">
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
        <h3 id={headingId} className="h6 mb-0">
          {review.reviewerName}
        </h3>
        <ReviewStars stars={review.stars} />
        <time dateTime={review.writtenAt} className="small text-body-secondary">
          {DATE.format(new Date(review.writtenAt))}
        </time>
      </div>
      <p className="small mb-2">
        <ReviewTags relation={review.relation} sameChurch={review.sameChurch} editedAt={review.editedAt} />
      </p>
      {workDone && <p className="small text-body-secondary mb-2">{workDone}</p>}
      <p className="text-break mb-3" style={{ whiteSpace: 'pre-line' }}>
        {review.body}
      </p>
      <FormAlert alert={formAlert.alert} onClose={formAlert.clearAlert} />
      {review.ownerAnswer !== null ? (
        <div ref={answerRef} tabIndex={-1} className="border-start border-3 ps-3 ms-md-4 bg-body-tertiary py-2">
          <p className="small text-body-secondary mb-1">
            Your answer
            {review.ownerAnsweredAt && (
              <>
                {' · '}
                <time dateTime={review.ownerAnsweredAt}>{DATE.format(new Date(review.ownerAnsweredAt))}</time>
              </>
            )}
          </p>
          <p className="text-break mb-0" style={{ whiteSpace: 'pre-line' }}>
            {review.ownerAnswer}
          </p>
        </div>
      ) : (
        !readOnly && <AnswerForm review={review} alert={formAlert} onPublished={() => setPublished(true)} />
      )}
    </article>
  );
}

interface AnswerFormProps {
  review: PublicReview;
  /** The review's alert: a refusal stays in sight when the form gives way to an answer given elsewhere. */
  alert: ReturnType<typeof useFormAlert>;
  onPublished: () => void;
}

function AnswerForm({ review, alert, onPublished }: AnswerFormProps) {
  const [answer, { isLoading }] = useAnswerReviewMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OwnerAnswerInput>({ resolver: zodResolver(ownerAnswerSchema), defaultValues: { body: '' } });

  async function publish(values: OwnerAnswerInput) {
    alert.clearAlert();
    const result = await answer({ id: review.id, body: values.body });
    if (result.error) {
      alert.showError(result.error);
      return;
    }
    toast.success(successMessage(result.data.message, MESSAGES.ownerAnswerSent));
    onPublished();
  }

  return (
    <Form noValidate onSubmit={handleSubmit(publish)} className="ms-md-4">
      <TextField
        label="Answer publicly"
        rows={3}
        maxLength={OWNER_ANSWER_MAX_LENGTH}
        hint={`Your answer is public: it shows beside ${review.reviewerName}'s review on your business page. You can answer once, and cannot change the answer afterwards. At most ${OWNER_ANSWER_MAX_LENGTH.toLocaleString('en-AU')} characters.`}
        error={errors.body}
        {...register('body')}
      />
      <SubmitButton busy={isLoading} busyLabel="Publishing...">
        Publish answer
      </SubmitButton>
    </Form>
  );
}
