import { SPAM_REPORT_REASON_MAX_LENGTH } from '@churchtrades/shared/enquiries';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

interface SpamDialogProps {
  show: boolean;
  busy: boolean;
  senderName: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  /** Once the dialog is gone, for where the keyboard goes next. */
  onExited: () => void;
}

/** Asked before an enquiry is marked as spam: the church's moderators are told, and may block its sender everywhere. */
export function SpamDialog({ show, busy, senderName, onConfirm, onCancel, onExited }: SpamDialogProps) {
  const titleId = useId();
  const [reason, setReason] = useState('');

  return (
    <Modal show={show} onHide={onCancel} onExited={() => {
        setReason('');
        onExited();
      }} aria-labelledby={titleId} centered>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(reason);
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            Mark the enquiry from {senderName} as spam?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            It moves to Spam, and the moderators of your business&apos;s church are told, so they can block the
            sender&apos;s address across the directory. The sender is not told.
          </p>
          <Form.Group controlId={`${titleId}-reason`}>
            <Form.Label>Why is it spam? (optional)</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              autoFocus
              maxLength={SPAM_REPORT_REASON_MAX_LENGTH}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Loading...' : 'Mark as spam'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
