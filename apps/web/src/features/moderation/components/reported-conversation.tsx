import { EnquiryMessageText } from '../../../components/enquiry-message-text';
import { useReportedEnquiryQuery } from '../api/enquiry-reviews-api';
import { LoadFailed, Loading } from './moderation-access';

const DATE_TIME = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** A reported enquiry's whole conversation, which administrators alone may read while it is reported. */
export function ReportedConversation({ enquiryId }: { enquiryId: string }) {
  const { data: enquiry, error, isError, refetch } = useReportedEnquiryQuery(enquiryId);
  if (isError) return <LoadFailed error={error} onRetry={() => void refetch()} />;
  if (!enquiry) return <Loading />;
  return (
    <section aria-label={`Conversation with ${enquiry.senderName}`} className="mt-3">
      <p className="small text-body-secondary">
        {enquiry.senderName}, {enquiry.suburb} · {enquiry.senderEmail}
        {enquiry.senderPhone && ` · ${enquiry.senderPhone}`}
      </p>
      <ol className="list-unstyled d-flex flex-column gap-2 mb-0">
        {enquiry.messages.map((message) => (
          <li key={message.id} className="border rounded p-2">
            <p className="small text-body-secondary mb-1">
              {message.author === 'OWNER' ? 'The business' : enquiry.senderName} ·{' '}
              <time dateTime={message.sentAt}>{DATE_TIME.format(new Date(message.sentAt))}</time>
            </p>
            <EnquiryMessageText text={message.body} linksClickable={false} />
          </li>
        ))}
      </ol>
    </section>
  );
}
