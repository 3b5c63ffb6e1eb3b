import { MESSAGES } from '@churchtrades/shared/messages';
import Button from 'react-bootstrap/Button';
import type { NearMeStatus } from '../hooks/use-near-me';
import type { VisitorPosition } from '../near-me';

interface NearMeControlProps {
  near: VisitorPosition | null;
  status: NearMeStatus;
  onFind: () => void;
  onClear: () => void;
}

const STATUS_TEXT: Record<NearMeStatus, string> = {
  idle: '',
  locating: 'Finding your location…',
  unavailable: MESSAGES.locationNotAvailable,
};

/** "Near me", or while the results come nearest first, a way back to the usual order. */
export function NearMeControl({ near, status, onFind, onClear }: NearMeControlProps) {
  return (
    <div role="group" aria-label="Near me" className="d-flex flex-wrap align-items-center gap-2">
      {near ? (
        <>
          <span className="small">Nearest to you first</span>
          <Button variant="outline-secondary" size="sm" onClick={onClear}>
            Clear
          </Button>
        </>
      ) : (
        <Button variant="outline-primary" size="sm" onClick={onFind}>
          Near me
        </Button>
      )}
      {/* Always present, so a screen reader announces the text when it appears. */}
      <span aria-live="polite" className="small text-body-secondary">
        {STATUS_TEXT[status]}
      </span>
    </div>
  );
}
