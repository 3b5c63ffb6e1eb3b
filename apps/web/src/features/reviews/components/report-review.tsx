import type { HONEYPOT_FIELD } from '@churchtrades/shared/honeypot';
import { MESSAGES } from '@churchtrades/shared/messages';
import {
  type PublicReview,
  REVIEW_REPORT_REASON_MAX_LENGTH,
  type ReviewReportInput,
  reviewReportSchema,
} from '@churchtrades/shared/reviews';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { HoneypotField, refuseFilledHoneypot } from '../../../components/form/honeypot-field';
import { showServerFieldErrors } from '../../../components/form/server-field-errors';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { RobotCheck } from '../../../components/proof-of-work/robot-check';
import { useRobotCheck } from '../../../components/proof-of-work/use-robot-check';
import { successMessage } from '../../../lib/api-error';
import { useLoggedIn } from '../../../lib/use-logged-in';
import { useReportReviewMutation } from '../api/reviews-api';

type ReportFormValues = { reason: string; [HONEYPOT_FIELD]?: string };

/**
 * "Report" under a review: anyone may, saying why (a visitor without a session passes the robot check); a moderator
 * without a conflict of interest decides.
 */
export function ReportReview({ review }: { review: PublicReview }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="link"
        size="sm"
        className="p-0 text-body-secondary"
        aria-label={`Report the review by ${review.reviewerName}`}
        onClick={() => setOpen(true)}
      >
        Report
      </Button>
      <ReportDialog review={review} show={open} onClose={() => setOpen(false)} />
    </>
  );
}

function ReportDialog({ review, show, onClose }: { review: PublicReview; show: boolean; onClose: () => void }) {
  const titleId = useId();
  const loggedIn = useLoggedIn();
  // Asked only while the dialog shows: a page of reviews does not fetch a challenge for each.
  const { challenge, widget, ready, solve, renew } = useRobotCheck(show && !loggedIn);
  const [report] = useReportReviewMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReportFormValues, unknown, ReviewReportInput>({
    resolver: zodResolver(reviewReportSchema),
    mode: 'onTouched',
    defaultValues: { reason: '' },
  });

  async function send(values: ReviewReportInput) {
    clearAlert();
    const proof = await solve();
    if (proof === null) {
      showError(undefined, MESSAGES.proofOfWorkFailed);
      return;
    }
    const result = await report({ id: review.id, report: { ...values, proofOfWork: proof } });
    if (result.error) {
      if (!showServerFieldErrors(result.error, setError, ['reason'])) showError(result.error);
      renew();
      return;
    }
    toast.success(successMessage(result.data, MESSAGES.reviewReported));
    onClose();
  }

  function forget() {
    reset();
    clearAlert();
  }

  return (
    <Modal show={show} onHide={onClose} onExited={forget} aria-labelledby={titleId} centered>
      <Form noValidate onSubmit={(event) => void handleSubmit(send, refuseFilledHoneypot((text) => showError(undefined, text)))(event)}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id={titleId} as="h2" className="h5">
            Report the review by {review.reviewerName}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <FormAlert alert={alert} onClose={clearAlert} />
          <p>
            A moderator reads your reason and decides whether the review stays.
          </p>
          <TextField
            label="Why do you report this review?"
            rows={4}
            autoFocus
            maxLength={REVIEW_REPORT_REASON_MAX_LENGTH}
            error={errors.reason}
            {...register('reason')}
          />
          <HoneypotField register={register} />
          {!loggedIn && <RobotCheck challenge={challenge} ref={widget} />}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <SubmitButton variant="danger" busy={isSubmitting} busyLabel="Sending..." disabled={!ready}>
            Report the review
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
