import {
  REMOVAL_REASON_MAX_LENGTH,
  REMOVAL_REASON_MIN_LENGTH,
  type removeReviewSchema,
} from '@churchtrades/shared/reviews';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { type ReactNode, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { toast } from 'react-toastify';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { successMessage } from '../../../lib/api-error';

type SendResult = { data: { message: string } } | { error: FetchBaseQueryError | SerializedError };

interface ReviewReasonDialogProps {
  show: boolean;
  title: string;
  /** What the decision does, said before the reason is asked. */
  children: ReactNode;
  /** The reason's rules: a removal's and a notice's are the same, public, 5 to 300 characters. */
  schema: typeof removeReviewSchema;
  submitLabel: string;
  /** Sends the decision with the reason as checked; its message is toasted, else `successFallback`. */
  send: (reason: string) => Promise<SendResult>;
  successFallback: string;
  onClose: () => void;
  /** Once the dialog is gone after the decision: the review it came from may have left the list. */
  onDone: () => void;
}

/**
 * Asks the public reason of a decision on a review (removing it, or showing its business's fake-review notice)
 * before it is sent. The modal keeps the keyboard inside, closes on Escape and gives the focus back to the button
 * that opened it when nothing was decided.
 */
export function ReviewReasonDialog({
  show,
  title,
  children,
  schema,
  submitLabel,
  send,
  successFallback,
  onClose,
  onDone,
}: ReviewReasonDialogProps) {
  const titleId = useId();
  const reasonId = `${titleId}-reason`;
  const hintId = `${reasonId}-hint`;
  const errorId = `${reasonId}-error`;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { alert, clearAlert, showError } = useFormAlert();
  // A decision takes the review, and the button that opened the dialog, off the page: focus goes where onDone puts
  // it, not back to that button, and the closing dialog no longer pulls it back inside itself (its focus trap
  // reacts a tick after the focus moves, and may still be listening then).
  const [decided, setDecided] = useState(false);

  async function submit() {
    clearAlert();
    const input = schema.safeParse({ reason });
    if (!input.success) {
      setReasonError(input.error.issues[0]?.message ?? null);
      return;
    }
    setBusy(true);
    const result = await send(input.data.reason);
    setBusy(false);
    if ('error' in result) {
      showError(result.error);
      return;
    }
    toast.success(successMessage(result.data.message, successFallback));
    setDecided(true);
    onClose();
  }

  function forget() {
    if (decided) onDone();
    setReason('');
    setReasonError(null);
    clearAlert();
  }

  return (
    <Modal show={show} onHide={onClose} onEnter={() => setDecided(false)} onExited={forget} restoreFocus={!decided} enforceFocus={!decided} aria-labelledby={titleId} centered>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5 text-break">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <FormAlert alert={alert} onClose={clearAlert} />
          {children}
          <Form.Group controlId={reasonId}>
            <Form.Label>Reason, shown publicly</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              autoFocus
              required
              maxLength={REMOVAL_REASON_MAX_LENGTH}
              value={reason}
              isInvalid={reasonError !== null}
              aria-invalid={reasonError !== null ? true : undefined}
              aria-describedby={reasonError !== null ? `${hintId} ${errorId}` : hintId}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(null);
              }}
            />
            <Form.Text id={hintId} className="d-block">
              {REMOVAL_REASON_MIN_LENGTH} to {REMOVAL_REASON_MAX_LENGTH} characters, in words every visitor may read.
            </Form.Text>
            {reasonError !== null && (
              <Form.Control.Feedback id={errorId} type="invalid">
                {reasonError}
              </Form.Control.Feedback>
            )}
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Loading...' : submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
