import { senderLeft } from '@churchtrades/shared/account-deletion';
import { MESSAGES } from '@churchtrades/shared/messages';
import { type OwnerReplyInput, ownerReplySchema, type ReceivedEnquiry } from '@churchtrades/shared/enquiries';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { EnquiryMessageText } from '../../../components/enquiry-message-text';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { paths } from '../../../config/paths';
import { successMessage } from '../../../lib/api-error';
import { LoadingOrFailed } from '../components/loading-or-failed';
import { useTradeDashboard } from '../components/trade-layout';
import {
  useReceivedEnquiryQuery,
  useReplyToEnquiryMutation,
  useReportEnquirySpamMutation,
  useUpdateReceivedEnquiryMutation,
} from './enquiries-api';
import { FOLDER_NAMES, folderSearch } from './folders';
import { SpamDialog } from './spam-dialog';

const DATE_TIME = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /trade/enquiries/{id} (the owner's e-mail links here): one enquiry's conversation, the visitor's address and
 * phone, the answer form and what the owner can do with it. Opening it marks it read.
 */
export function EnquiryPage() {
  const { id = '' } = useParams();
  const { data: enquiry, error, isError, refetch } = useReceivedEnquiryQuery(id);

  const content =
    isError || !enquiry ? (
      <LoadingOrFailed isError={isError} error={error} retry={refetch} />
    ) : (
      <EnquiryConversation enquiry={enquiry} />
    );

  return (
    <Card>
      <title>Enquiry · My Business · ChurchTrades</title>
      <Card.Body>
        <Link to={paths.tradeEnquiries.getHref(enquiry ? folderSearch(enquiry.folder) : '')} className="d-inline-block mb-3">
          ‹ Back to {enquiry ? FOLDER_NAMES[enquiry.folder] : 'Enquiries'}
        </Link>
        {content}
      </Card.Body>
    </Card>
  );
}

function EnquiryConversation({ enquiry }: { enquiry: ReceivedEnquiry }) {
  const { readOnly } = useTradeDashboard();
  return (
    <>
      <h2 className="h4 mb-1">Enquiry from {enquiry.senderName}</h2>
      <p className="text-body-secondary">
        {enquiry.suburb} · in {FOLDER_NAMES[enquiry.folder]}
        {enquiry.spamReported && ' · reported as spam'}
      </p>
      <dl className="row mb-3">
        <dt className="col-sm-3">E-mail</dt>
        <dd className="col-sm-9 text-break">
          {senderLeft(enquiry) ? (
            'None: they deleted their account'
          ) : (
            <>
              <a href={`mailto:${enquiry.senderEmail}`}>{enquiry.senderEmail}</a>
              {!enquiry.senderConfirmed && <span className="text-body-secondary"> (not confirmed)</span>}
            </>
          )}
        </dd>
        <dt className="col-sm-3">Phone</dt>
        <dd className="col-sm-9">
          {enquiry.senderPhone ? <a href={`tel:${enquiry.senderPhone.replace(/\s/g, '')}`}>{enquiry.senderPhone}</a> : 'Not given'}
        </dd>
      </dl>
      <h3 className="h5">Conversation</h3>
      <ol className="list-unstyled d-flex flex-column gap-3 mb-4">
        {enquiry.messages.map((message) => (
          <li key={message.id}>
            <article
              aria-label={`${message.author === 'OWNER' ? 'Your answer' : `${enquiry.senderName}'s message`}, ${DATE_TIME.format(new Date(message.sentAt))}`}
              className={`border rounded p-3 ${message.author === 'OWNER' ? 'bg-body-tertiary ms-md-5' : 'me-md-5'}`}
            >
              <p className="small text-body-secondary mb-2">
                {message.author === 'OWNER' ? 'You' : enquiry.senderName} ·{' '}
                <time dateTime={message.sentAt}>{DATE_TIME.format(new Date(message.sentAt))}</time>
              </p>
              <EnquiryMessageText
                text={message.body}
                linksClickable={message.author === 'OWNER' || enquiry.senderConfirmed}
              />
            </article>
          </li>
        ))}
      </ol>
      {!enquiry.senderConfirmed && (
        <p className="small text-body-secondary">
          The links in this enquiry are shown as text: the sender has not confirmed their e-mail address.
        </p>
      )}
      {readOnly && <ReadOnlyNote />}
      {/* A disabled fieldset disables every input and button in it. */}
      <fieldset disabled={readOnly}>
        {senderLeft(enquiry) ? <p>{MESSAGES.formerUserCannotBeAnswered}</p> : <ReplyForm enquiry={enquiry} />}
        <EnquiryActions enquiry={enquiry} />
      </fieldset>
    </>
  );
}

function ReplyForm({ enquiry }: { enquiry: ReceivedEnquiry }) {
  const [reply, { isLoading }] = useReplyToEnquiryMutation();
  const { alert, clearAlert, showError } = useFormAlert();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<OwnerReplyInput>({ resolver: zodResolver(ownerReplySchema), defaultValues: { body: '' } });

  async function send(values: OwnerReplyInput) {
    clearAlert();
    const result = await reply({ id: enquiry.id, body: values.body });
    if (result.error) {
      showError(result.error);
      return;
    }
    reset({ body: '' });
    toast.success(successMessage(result.data.message, MESSAGES.enquiryReplySent));
  }

  return (
    <Form noValidate onSubmit={handleSubmit(send)} className="mb-4">
      <FormAlert alert={alert} onClose={clearAlert} />
      <TextField
        label="Your answer"
        rows={5}
        hint={`It is e-mailed to ${enquiry.senderName} with a private link to this conversation; your address stays private.`}
        error={errors.body}
        {...register('body')}
      />
      <SubmitButton busy={isLoading} busyLabel="Sending...">
        Send answer
      </SubmitButton>
    </Form>
  );
}

function EnquiryActions({ enquiry }: { enquiry: ReceivedEnquiry }) {
  const [update, updating] = useUpdateReceivedEnquiryMutation();
  const [reportSpam, reporting] = useReportEnquirySpamMutation();
  const [askingSpam, setAskingSpam] = useState(false);
  const { alert, clearAlert, showError } = useFormAlert();
  const navigate = useNavigate();
  // Marking as spam takes its button away: the keyboard goes on from the button that files the enquiry.
  const moveButton = useRef<HTMLButtonElement>(null);
  const filed = enquiry.folder === 'ARCHIVED' || enquiry.folder === 'SPAM';

  async function move(folder: 'NEW' | 'ARCHIVED') {
    clearAlert();
    const result = await update({ id: enquiry.id, folder });
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.enquiryUpdated));
  }

  async function markUnread() {
    clearAlert();
    const result = await update({ id: enquiry.id, read: false });
    if (result.error) {
      showError(result.error);
      return;
    }
    toast.success(successMessage(result.data.message, MESSAGES.enquiryUpdated));
    // Staying would show it, which is reading it: back to its folder, where it is bold again.
    await navigate(paths.tradeEnquiries.getHref(folderSearch(enquiry.folder)));
  }

  async function markSpam(reason: string) {
    clearAlert();
    const result = await reportSpam({ id: enquiry.id, reason: reason.trim() || undefined });
    setAskingSpam(false);
    if (result.error) showError(result.error);
    else toast.success(successMessage(result.data.message, MESSAGES.enquiryReported));
  }

  const busy = updating.isLoading || reporting.isLoading;
  return (
    <section aria-label="What to do with this enquiry">
      <FormAlert alert={alert} onClose={clearAlert} />
      <div className="d-flex flex-wrap gap-2">
        <Button
          ref={moveButton}
          variant="outline-secondary"
          disabled={busy}
          onClick={() => void move(filed ? 'NEW' : 'ARCHIVED')}
        >
          {filed ? 'Move to New' : 'Archive'}
        </Button>
        <Button variant="outline-secondary" disabled={busy} onClick={() => void markUnread()}>
          Mark as unread
        </Button>
        {!enquiry.spamReported && (
          <Button variant="outline-danger" disabled={busy} onClick={() => setAskingSpam(true)}>
            Mark as spam
          </Button>
        )}
      </div>
      <SpamDialog
        show={askingSpam}
        busy={reporting.isLoading}
        senderName={enquiry.senderName}
        onConfirm={(reason) => void markSpam(reason)}
        onCancel={() => setAskingSpam(false)}
        onExited={() => {
          if (enquiry.spamReported) moveButton.current?.focus();
        }}
      />
    </section>
  );
}
