import { CONVERSATION_LINK_DAYS } from '@churchtrades/shared/enquiries';
import { compose, type MailSender } from '../mail/account-mails';
import type { Mail } from '../mail/transport';
import { CONVERSATION_PATH } from '../enquiries/conversation-link';

/** The enquiry an owner answered, as its visitor's mail names it. */
export interface AnsweredEnquiry {
  tradeName: string;
  senderName: string;
  senderEmail: string;
  /** The visitor confirmed their address (or sent from their account): the name they gave is theirs to read. */
  senderConfirmed: boolean;
  answer: string;
  /** The signed token of the conversation's private link. */
  token: string;
}

export function conversationUrl(sender: MailSender, token: string): string {
  const url = new URL(CONVERSATION_PATH, sender.appOrigin);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The owner's answer, to the visitor, with the private link to read the conversation and write back. */
export function ownerReplyMail(sender: MailSender, enquiry: AnsweredEnquiry): Mail {
  const to = enquiry.senderConfirmed ? { email: enquiry.senderEmail, firstName: enquiry.senderName } : { email: enquiry.senderEmail };
  return compose(sender, to, {
    subject: `${enquiry.tradeName} answered your enquiry`,
    paragraphs: [`${enquiry.tradeName} answered your enquiry on ChurchTrades:`, enquiry.answer],
    action: { label: 'Read and answer', url: conversationUrl(sender, enquiry.token) },
    after: [
      'The link is yours alone: anyone with it can read the conversation and write to the business as you. You can stop it from the conversation page; the next answer brings a new one.',
      `It stops working ${CONVERSATION_LINK_DAYS} days after the conversation's last message, yours or the business's.`,
    ],
  });
}
