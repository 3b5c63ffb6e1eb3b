import { BLOCK_REASON_MAX_LENGTH, blockSenderSchema, type EnquiryReview } from '@churchtrades/shared/enquiries';
import { MESSAGES } from '@churchtrades/shared/messages';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { successMessage } from '../../../lib/api-error';
import { useBlockSenderMutation } from '../api/enquiry-reviews-api';

interface BlockSenderDialogProps {
  /** The report or held enquiry whose sender would be blocked; the dialog shows while there is one. */
  review: EnquiryReview | null;
  onClose: () => void;
  /** Once the dialog is gone after blocking: the review it came from has left the list. */
  onBlocked: () => void;
}

/**
 * Asked before a sender's address is blocked across the directory, with the reason a moderator must give; blocking
 * from a spam report decides that report too.
 */
export function BlockSenderDialog({ review, onClose, onBlocked }: BlockSenderDialogProps) {
  const titleId = useId();
  const reasonId = `${titleId}-reason`;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [blockSender, { isLoading }] = useBlockSenderMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  // After a block the button that opened the dialog leaves with its review: focus goes to the list (onBlocked), not
  // back to that button, and the closing dialog no longer pulls it back inside itself (its focus trap reacts a tick
  // after the focus moves, and may still be listening then).
  const [blocked, setBlocked] = useState(false);

  async function block() {
    if (!review) return;
    clearAlert();
    const input = blockSenderSchema.safeParse({
      email: review.senderEmail,
      reason,
      reportId: review.kind === 'SPAM_REPORT' ? review.id : undefined,
    });
    if (!input.success) {
      const reasonIssue = input.error.issues.find((issue) => issue.path[0] === 'reason');
      if (reasonIssue) setReasonError(reasonIssue.message);
      else showError(undefined, input.error.issues[0]?.message);
      return;
    }
    const result = await blockSender(input.data);
    if (result.error) {
      showError(result.error);
      return;
    }
    toast.success(successMessage(result.data.message, MESSAGES.senderBlocked));
    setBlocked(true);
    onClose();
  }

  function forget() {
    if (blocked) onBlocked();
    setReason('');
    setReasonError(null);
    clearAlert();
  }

  return (
    <Modal show={review !== null} onHide={onClose} onEnter={() => setBlocked(false)} onExited={forget} restoreFocus={!blocked} enforceFocus={!blocked} aria-labelledby={titleId} centered>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void block();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5 text-break">
            Block {review?.senderEmail}?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <FormAlert alert={alert} onClose={clearAlert} />
          <p>
            No enquiry from this address will reach any business in the directory, and its enquiries waiting for a
            moderator are not delivered.
          </p>
          <Form.Group controlId={reasonId}>
            <Form.Label>Why is this address blocked?</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              autoFocus
              required
              maxLength={BLOCK_REASON_MAX_LENGTH}
              value={reason}
              isInvalid={reasonError !== null}
              aria-invalid={reasonError !== null ? true : undefined}
              aria-describedby={reasonError !== null ? `${reasonId}-error` : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(null);
              }}
            />
            {reasonError !== null && (
              <Form.Control.Feedback id={`${reasonId}-error`} type="invalid">
                {reasonError}
              </Form.Control.Feedback>
            )}
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={isLoading}>
            {isLoading ? 'Loading...' : 'Block address'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
