import type { EnquiryReview } from '@churchtrades/shared/enquiries';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory, mayModerate } from '@churchtrades/shared/permissions';
import { useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { toast } from 'react-toastify';
import { EnquiryMessageText } from '../../../components/enquiry-message-text';
import { FormAlert } from '../../../components/form/form-alert';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { successMessage } from '../../../lib/api-error';
import {
  useDismissSpamReportMutation,
  useEnquiryReviewsQuery,
  useReleaseHeldEnquiryMutation,
} from '../api/enquiry-reviews-api';
import { BlockSenderDialog } from './block-sender-dialog';
import { BlockedSenders } from './blocked-senders';
import { LoadFailed, Loading, ModerationAccess } from './moderation-access';
import { businessListTabs, enquiryReportsTab, ModerationTabs, reviewsTab } from './moderation-tabs';
import { ReportedConversation } from './reported-conversation';

const DATE_TIME = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

const KIND_NAMES: Readonly<Record<EnquiryReview['kind'], string>> = {
  SPAM_REPORT: 'Spam report',
  HELD: 'Held enquiry',
};

/**
 * /moderation/enquiries: the spam reports owners made and the enquiries held for sending the same text to many
 * businesses, at the caller's churches; a moderator dismisses a report, delivers a held enquiry or blocks its sender.
 * Administrators also read a reported conversation whole, and keep the list of blocked addresses.
 */
export function EnquiryReportsPage() {
  return (
    <ModerationAccess>
      {(user) =>
        mayModerate(user.role) ? (
          <>
            <ModerationTabs tabs={[...businessListTabs(), enquiryReportsTab(true), reviewsTab(false)]} />
            <EnquiryReviews administrator={mayAdministerDirectory(user.role)} />
            {mayAdministerDirectory(user.role) && <BlockedSenders />}
          </>
        ) : (
          <Alert variant="warning">{MESSAGES.forbidden}</Alert>
        )
      }
    </ModerationAccess>
  );
}

function EnquiryReviews({ administrator }: { administrator: boolean }) {
  const { data: reviews, error, isError, refetch } = useEnquiryReviewsQuery();
  const [blocking, setBlocking] = useState<EnquiryReview | null>(null);
  // A decision takes its review, and the button pressed, off the page: the keyboard starts again at the list.
  const heading = useRef<HTMLHeadingElement>(null);
  const focusList = () => heading.current?.focus();

  let content;
  if (isError) content = <LoadFailed error={error} onRetry={() => void refetch()} />;
  else if (!reviews) content = <Loading />;
  else if (reviews.length === 0) {
    content = <p className="text-body-secondary">No spam report or held enquiry is waiting for a decision.</p>;
  } else {
    content = (
      <ul className="list-unstyled d-flex flex-column gap-3">
        {reviews.map((review) => (
          <li key={`${review.kind}-${review.id}`}>
            <ReviewCard
              review={review}
              administrator={administrator}
              onBlock={() => setBlocking(review)}
              onDecided={focusList}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="enquiry-reports-heading" className="mb-5">
      <title>Enquiry reports · Moderation · ChurchTrades</title>
      <h2 id="enquiry-reports-heading" ref={heading} tabIndex={-1} className="h4 mb-3">
        Enquiry reports
      </h2>
      {content}
      <BlockSenderDialog review={blocking} onClose={() => setBlocking(null)} onBlocked={focusList} />
    </section>
  );
}

interface ReviewCardProps {
  review: EnquiryReview;
  administrator: boolean;
  onBlock: () => void;
  onDecided: () => void;
}

function ReviewCard({ review, administrator, onBlock, onDecided }: ReviewCardProps) {
  const headingId = useId();
  const [dismiss, dismissing] = useDismissSpamReportMutation();
  const [release, releasing] = useReleaseHeldEnquiryMutation();
  const [reading, setReading] = useState(false);
  const { alert, clearAlert, showError } = useFormAlert();
  const report = review.kind === 'SPAM_REPORT';

  async function decide() {
    clearAlert();
    const result = report ? await dismiss(review.id) : await release(review.id);
    if (result.error) {
      showError(result.error);
      return;
    }
    toast.success(successMessage(result.data.message, report ? MESSAGES.spamReportDismissed : MESSAGES.heldEnquiryReleased));
    onDecided();
  }

  const busy = dismissing.isLoading || releasing.isLoading;
  return (
    <Card as="article" aria-labelledby={headingId}>
      <Card.Body>
        <h3 id={headingId} className="h5">
          {KIND_NAMES[review.kind]}: {review.tradeName}
        </h3>
        <FormAlert alert={alert} onClose={clearAlert} />
        <dl className="row mb-2">
          <dt className="col-sm-3">Business</dt>
          <dd className="col-sm-9">{review.tradeName}</dd>
          <dt className="col-sm-3">Church</dt>
          <dd className="col-sm-9">{review.churchName}</dd>
          <dt className="col-sm-3">Sender</dt>
          <dd className="col-sm-9 text-break">
            {review.senderEmail}
            {review.senderBlocked && (
              <Badge bg="danger" className="ms-2">
                Blocked
              </Badge>
            )}
          </dd>
          <dt className="col-sm-3">{report ? 'Reported' : 'Held'}</dt>
          <dd className="col-sm-9">
            <time dateTime={review.at}>{DATE_TIME.format(new Date(review.at))}</time>
          </dd>
          <dt className="col-sm-3">Reason</dt>
          <dd className="col-sm-9">{review.reason ?? 'None given'}</dd>
          <dt className="col-sm-3">Other businesses</dt>
          <dd className="col-sm-9">
            {review.relatedCount === 0
              ? 'None lately'
              : `${review.relatedCount} ${review.relatedCount === 1 ? 'business' : 'businesses'} ${report ? 'reported' : 'were sent'} this sender's enquiries lately`}
          </dd>
        </dl>
        <h4 className="h6">Message</h4>
        {/* Evidence, not a message to act on: its links stay text. */}
        <blockquote className="border-start border-3 ps-3 mb-3">
          <EnquiryMessageText text={review.message} linksClickable={false} />
        </blockquote>
        <div className="d-flex flex-wrap gap-2">
          <Button variant={report ? 'outline-secondary' : 'success'} disabled={busy} onClick={() => void decide()}>
            {report ? 'Dismiss' : 'Deliver'}
          </Button>
          {!review.senderBlocked && (
            <Button variant="danger" disabled={busy} onClick={onBlock}>
              Block address
            </Button>
          )}
          {administrator && report && (
            <Button variant="outline-secondary" aria-expanded={reading} onClick={() => setReading(!reading)}>
              {reading ? 'Hide the conversation' : 'Read the conversation'}
            </Button>
          )}
        </div>
        {reading && <ReportedConversation enquiryId={review.enquiryId} />}
      </Card.Body>
    </Card>
  );
}
