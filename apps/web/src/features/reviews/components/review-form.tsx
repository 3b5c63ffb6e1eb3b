import { honeypotSchema } from '@churchtrades/shared/honeypot';
import {
  editReviewSchema,
  type OwnReview,
  REVIEW_BODY_MAX_LENGTH,
  REVIEW_BODY_MIN_LENGTH,
  REVIEW_SUBURB_MAX_LENGTH,
} from '@churchtrades/shared/reviews';
import { zodResolver } from '@hookform/resolvers/zod';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import Form from 'react-bootstrap/Form';
import { type DefaultValues, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert } from '../../../components/form/form-alert';
import { HoneypotField, refuseFilledHoneypot } from '../../../components/form/honeypot-field';
import { showServerFieldErrors } from '../../../components/form/server-field-errors';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { isRefusedRelation, RelationField } from './relation-field';
import { StarsField } from './stars-field';

/**
 * The review's own fields, checked as both payloads check them (a new review's rules and an edit's are the same);
 * whose review it is travels beside them, not in the form.
 */
const reviewFieldsSchema = editReviewSchema.omit({ token: true }).extend(honeypotSchema);
type ReviewFormValues = z.input<typeof reviewFieldsSchema>;
export type ReviewFields = z.output<typeof reviewFieldsSchema>;

const FIELDS = ['relation', 'stars', 'body', 'workSuburb', 'workMonth'] as const;

interface ReviewFormProps {
  /** The review being changed, whose values the form starts with; none for a new review. */
  review?: OwnReview;
  submitLabel: string;
  /** Sends the review; the failure, if any, is shown on the form. */
  onSend: (fields: ReviewFields) => Promise<FetchBaseQueryError | SerializedError | undefined>;
}

function startingValues(review: OwnReview | undefined): DefaultValues<ReviewFormValues> {
  if (!review) return { body: '', workSuburb: '', workMonth: '' };
  return {
    relation: review.relation,
    stars: String(review.stars),
    body: review.body,
    workSuburb: review.workSuburb ?? '',
    workMonth: review.workMonth ?? '',
  };
}

/** This month, "2026-11": work cannot have been done later. */
function thisMonth(): string {
  return new Date().toISOString().slice(0, 7);
}

/**
 * A review: how the reviewer knows the business, stars, words, and where and when the work was done. A new review
 * carries the honeypot as the other public forms do.
 */
export function ReviewForm({ review, submitLabel, onSend }: ReviewFormProps) {
  const { alert, clearAlert, showError } = useFormAlert();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFormValues, unknown, ReviewFields>({
    resolver: zodResolver(reviewFieldsSchema),
    mode: 'onTouched',
    defaultValues: startingValues(review),
  });
  const relation = useWatch({ control, name: 'relation' });
  const stars = useWatch({ control, name: 'stars' });
  const body = useWatch({ control, name: 'body' });
  const refused = isRefusedRelation(relation);

  async function send(fields: ReviewFields) {
    clearAlert();
    const error = await onSend({ ...fields, workSuburb: fields.workSuburb || undefined });
    if (error && !showServerFieldErrors(error, setError, FIELDS)) showError(error);
  }

  return (
    <Form noValidate onSubmit={(event) => void handleSubmit(send, refuseFilledHoneypot((text) => showError(undefined, text)))(event)}>
      <FormAlert alert={alert} onClose={clearAlert} />
      <RelationField registration={register('relation')} chosen={relation} error={errors.relation} />
      <StarsField registration={register('stars')} chosen={stars ? Number(stars) : null} error={errors.stars} />
      <TextField
        label="Your review"
        rows={6}
        maxLength={REVIEW_BODY_MAX_LENGTH}
        hint={`Plain text, ${REVIEW_BODY_MIN_LENGTH} to ${REVIEW_BODY_MAX_LENGTH.toLocaleString('en-AU')} characters: ${body.length.toLocaleString('en-AU')} so far.`}
        error={errors.body}
        {...register('body')}
      />
      <TextField
        label="Work done in (suburb, optional)"
        autoComplete="off"
        maxLength={REVIEW_SUBURB_MAX_LENGTH}
        error={errors.workSuburb}
        {...register('workSuburb')}
      />
      <TextField
        label="Month of the work (optional)"
        type="month"
        max={thisMonth()}
        hint="For example 2026-03, if your browser asks for it as text."
        error={errors.workMonth}
        {...register('workMonth')}
      />
      {!review && <HoneypotField register={register} />}
      <SubmitButton busy={isSubmitting} busyLabel="Sending..." disabled={refused}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
