import {
  type Conversation,
  type ConversationReplyInput,
  conversationReplySchema,
  ENQUIRY_MESSAGE_MAX_LENGTH,
  type EnquiryMessageView,
} from '@churchtrades/shared/enquiries';
import { MESSAGES } from '@churchtrades/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import type { SerializedError } from '@reduxjs/toolkit';
import { type FetchBaseQueryError, skipToken } from '@reduxjs/toolkit/query';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useFormAlert } from '../../../components/form/use-form-alert';
import { LinkPageCard, LinkPageLoading } from '../../../components/link-page-card';
import { paths } from '../../../config/paths';
import { getErrorMessage, successMessage } from '../../../lib/api-error';
import { useReviewEligibilityQuery } from '../../../lib/review-eligibility-api';
import { useAnswerConversationMutation, useConversationQuery, useRevokeConversationMutation } from '../api/enquiries-api';

const NEW_LINK_NOTE = 'The next answer from the business brings you a new link by e-mail.';

function sentAtText(iso: string): string {
  return new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The business's name, linking to its page while it is listed; the link tells that page nothing of this one. */
function BusinessName({ conversation }: { conversation: Conversation }) {
  if (conversation.tradeId === null) return <strong>{conversation.tradeName}</strong>;
  return (
    <Link to={paths.business.getHref(conversation.tradeId, conversation.tradeName)} rel="noreferrer">
      {conversation.tradeName}
    </Link>
  );
}

/** One message as plain text: what looks like a link stays text, never something to click. */
function Message({ message, conversation }: { message: EnquiryMessageView; conversation: Conversation }) {
  const author = message.author === 'VISITOR' ? `${conversation.senderName} (you)` : conversation.tradeName;
  return (
    <li className="border rounded p-3 mb-3">
      <p className="small text-body-secondary mb-2">
        <strong className="text-body">{author}</strong>, <time dateTime={message.sentAt}>{sentAtText(message.sentAt)}</time>
      </p>
      <p className="mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }}>
        {message.body}
      </p>
    </li>
  );
}

/**
 * "Review this business" once the person may review it, "See your review" once they have: the review page takes the
 * same private link's token.
 */
function ReviewOffer({ token }: { token: string }) {
  const { data } = useReviewEligibilityQuery({ token });
  if (data?.state !== 'ELIGIBLE' && data?.state !== 'REVIEWED') return null;
  return (
    <p>
      <Link to={paths.reviewWrite.getHref({ token })} className="btn btn-outline-primary">
        {data.state === 'ELIGIBLE' ? 'Review this business' : 'See your review'}
      </Link>
    </p>
  );
}

function AnswerForm({ token }: { token: string }) {
  const [answer] = useAnswerConversationMutation();
  const { alert, clearAlert, showError, showSuccess } = useFormAlert();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ token: string; body: string }, unknown, ConversationReplyInput>({
    resolver: zodResolver(conversationReplySchema),
    mode: 'onTouched',
    defaultValues: { token, body: '' },
  });

  async function submit(values: ConversationReplyInput) {
    clearAlert();
    const result = await answer(values);
    if (result.error) {
      showError(result.error);
      return;
    }
    reset({ token, body: '' });
    showSuccess(MESSAGES.enquiryReplySent);
  }

  return (
    <Form noValidate onSubmit={handleSubmit(submit)} aria-labelledby="answer-heading">
      <h2 id="answer-heading" className="h5">
        Answer
      </h2>
      <FormAlert alert={alert} onClose={clearAlert} />
      <TextField label="Your answer" rows={5} maxLength={ENQUIRY_MESSAGE_MAX_LENGTH} error={errors.body} {...register('body')} />
      <SubmitButton busy={isSubmitting} busyLabel="Sending...">
        Send the answer
      </SubmitButton>
    </Form>
  );
}

/** "Stop this link", asked once more before it is done, as nothing opens the conversation through it afterwards. */
function StopLink({ token, onStopped }: { token: string; onStopped: (message: string) => void }) {
  const [revoke, { isLoading, error, reset }] = useRevokeConversationMutation();
  const [asking, setAsking] = useState(false);
  const titleId = useId();

  async function stop() {
    const result = await revoke(token);
    if (!result.error) onStopped(successMessage(result.data, MESSAGES.enquiryLinkStopped));
  }

  function close() {
    setAsking(false);
    reset();
  }

  return (
    <>
      <Button variant="outline-danger" onClick={() => setAsking(true)}>
        Stop this link
      </Button>
      <Modal show={asking} onHide={close} aria-labelledby={titleId}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id={titleId} as="h2" className="h5">
            Stop this link?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <Alert variant="danger">{getErrorMessage(error)}</Alert>}
          <p className="mb-0">Nobody can open this conversation through this link any more. {NEW_LINK_NOTE}</p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close}>
            Keep the link
          </Button>
          <Button variant="danger" disabled={isLoading} onClick={() => void stop()}>
            {isLoading ? 'Stopping...' : 'Stop the link'}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}

function ConversationView({ token, conversation }: { token: string; conversation: Conversation }) {
  const [stopped, setStopped] = useState<string | null>(null);
  if (stopped !== null) {
    return (
      <Alert variant="success">
        <p>{stopped}</p>
        <p className="mb-0">{NEW_LINK_NOTE}</p>
      </Alert>
    );
  }
  return (
    <>
      <p className="lead">
        Your enquiry to <BusinessName conversation={conversation} />
      </p>
      <ReviewOffer token={token} />
      <ol className="list-unstyled" aria-label="Messages">
        {conversation.messages.map((message) => (
          <Message key={message.id} message={message} conversation={conversation} />
        ))}
      </ol>
      <AnswerForm token={token} />
      <hr />
      <p>This page opens with the private link we e-mailed you. If someone else may have it, stop it.</p>
      <StopLink token={token} onStopped={setStopped} />
    </>
  );
}

/** The server's answer to a link whose conversation had no message for CONVERSATION_LINK_DAYS days. */
function hasLapsed(error: FetchBaseQueryError | SerializedError | undefined): boolean {
  return error !== undefined && 'status' in error && error.status === 410;
}

/** A lapsed link: what happened, and the two ways back to the business. */
function LapsedLink({ message }: { message: string }) {
  return (
    <Alert variant="warning">
      <Alert.Heading as="h2" className="h5">
        This link has lapsed
      </Alert.Heading>
      <p>{message}</p>
      <p className="mb-0">
        <Link to={paths.home.getHref()}>Find the business in the directory</Link> and ask it from its page: your new
        enquiry gets a new link. And if the business answers this enquiry again, its e-mail brings this link back.
      </p>
    </Alert>
  );
}

/**
 * /enquiries/conversation?token=: the visitor's conversation with a business through the private link, without an
 * account. The page tells no other site its address (the token), neither through links nor the referrer.
 */
export function ConversationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { data, error, isError } = useConversationQuery(token || skipToken);

  return (
    <LinkPageCard title="Your enquiry">
      <meta name="referrer" content="no-referrer" />
      {!token ? (
        <Alert variant="warning">{MESSAGES.enquiryLinkInvalid}</Alert>
      ) : hasLapsed(error) ? (
        <LapsedLink message={getErrorMessage(error, MESSAGES.enquiryLinkLapsed)} />
      ) : isError ? (
        <Alert variant="warning">{getErrorMessage(error, MESSAGES.enquiryLinkInvalid)}</Alert>
      ) : data ? (
        <ConversationView token={token} conversation={data} />
      ) : (
        <LinkPageLoading />
      )}
    </LinkPageCard>
  );
}
