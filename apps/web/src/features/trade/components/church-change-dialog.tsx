import { MESSAGES } from '@churchtrades/shared/messages';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface ChurchChangeDialogProps {
  /** The church the business would move to; the dialog shows while there is one. */
  churchName: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asked before a profile that names another church is sent: the move is a new submission (DESIGN "Roles"), and
 * the business leaves the directory until that church's moderators approve it.
 */
export function ChurchChangeDialog({ churchName, onConfirm, onCancel }: ChurchChangeDialogProps) {
  const titleId = useId();
  return (
    <Modal show={churchName !== undefined} onHide={onCancel} aria-labelledby={titleId} centered>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          Move your business to {churchName}?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{MESSAGES.confirmChurchChange}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
        {/* The answer a person who came here on purpose gives: the keyboard starts on it. */}
        <Button variant="primary" onClick={onConfirm} autoFocus>
          Move and submit again
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
