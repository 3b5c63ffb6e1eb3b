import type { EnquirySent } from '@churchtrades/shared/enquiries';
import type { TradeDetail } from '@churchtrades/shared/trade-search';
import { lazy, Suspense, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useLocation, useOutletContext } from 'react-router';
import { SEND_ENQUIRY_HASH } from '../../../lib/enquiry-choice';
import { EnquiryOutcome } from './enquiry-outcome';

// The form, its schemas and the robot check load when the visitor opens it, not with the business page.
const EnquiryForm = lazy(() => import('./enquiry-form').then((module) => ({ default: module.EnquiryForm })));

/**
 * "Send an enquiry" on a business page, whether or not the owner publishes an e-mail or a phone: the form in a
 * dialog. A link ending in #send-enquiry (a result card's) opens it at once.
 */
export function BusinessEnquiry() {
  const trade = useOutletContext<TradeDetail>();
  const location = useLocation();
  const titleId = useId();
  const [open, setOpen] = useState(location.hash === `#${SEND_ENQUIRY_HASH}`);
  const [sent, setSent] = useState<EnquirySent | null>(null);

  function openForm() {
    setSent(null);
    setOpen(true);
  }

  return (
    <>
      <Button id={SEND_ENQUIRY_HASH} variant="primary" className="align-self-start" onClick={openForm}>
        Send an enquiry
      </Button>
      <Modal show={open} onHide={() => setOpen(false)} aria-labelledby={titleId} size="lg">
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id={titleId} as="h2" className="h4">
            Send an enquiry to {trade.name}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {sent ? (
            <EnquiryOutcome sent={sent} />
          ) : (
            <Suspense fallback={<p role="status">Loading the form…</p>}>
              <EnquiryForm businesses={[{ id: trade.id, name: trade.name }]} submitLabel="Send the enquiry" onSent={setSent} />
            </Suspense>
          )}
        </Modal.Body>
      </Modal>
    </>
  );
}
