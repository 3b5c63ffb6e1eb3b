import { ENQUIRY_CONFIRMATION_HOURS } from '@churchtrades/shared/enquiries';
import { compose, link, type MailSender, type Recipient } from '../mail/account-mails';
import type { Mail } from '../mail/transport';
import { CONFIRMATION_PATH } from './conversation-link';

/** The visitor as the owner's mails show them: their address and phone are for the owner alone. */
export interface EnquirySender {
  name: string;
  suburb: string;
  email: string;
  phone: string | null;
}

/** The dashboard page of one received enquiry, through the login. */
export function receivedEnquiryUrl(sender: MailSender, enquiryId: string): string {
  return link(sender, `/trade/enquiries/${enquiryId}`);
}

function names(tradeNames: string[]): string {
  if (tradeNames.length <= 1) return tradeNames.join('');
  return `${tradeNames.slice(0, -1).join(', ')} and ${tradeNames.at(-1)}`;
}

function contactLines(visitor: EnquirySender): string[] {
  return [`E-mail: ${visitor.email}`, ...(visitor.phone ? [`Phone: ${visitor.phone}`] : [])];
}

/**
 * The link that confirms a visitor's address and sends their enquiry. The address is whatever the visitor typed,
 * so the mail carries none of their text: no name, no message, only the businesses' names from the directory.
 */
export function enquiryConfirmationMail(sender: MailSender, to: Recipient, tradeNames: string[], key: string): Mail {
  return compose(sender, to, {
    subject: 'Confirm your enquiry on ChurchTrades',
    paragraphs: [
      `Someone, hopefully you, wrote an enquiry to ${names(tradeNames)} on ChurchTrades with this e-mail address.`,
      'Confirm your address and the enquiry goes: the business answers by e-mail, and your address stays private.',
    ],
    action: { label: 'Confirm and send my enquiry', url: link(sender, CONFIRMATION_PATH, key) },
    after: [
      `The link works once, for ${ENQUIRY_CONFIRMATION_HOURS} hours. If you did not write to them, ignore this mail: nothing is sent.`,
    ],
  });
}

/** A new enquiry, to the business's owner: the visitor's details and message as plain text. */
export function newEnquiryMail(sender: MailSender, to: Recipient, enquiry: { id: string; tradeName: string; visitor: EnquirySender; message: string }): Mail {
  const { visitor } = enquiry;
  return compose(sender, to, {
    subject: `New enquiry for ${enquiry.tradeName} from ${visitor.name}`,
    paragraphs: [
      `${visitor.name} from ${visitor.suburb} sent ${enquiry.tradeName} an enquiry through ChurchTrades:`,
      enquiry.message,
      ...contactLines(visitor),
    ],
    action: { label: 'Read and answer', url: receivedEnquiryUrl(sender, enquiry.id) },
    after: ['Answer from your dashboard and the visitor gets it by e-mail, without your address. Only you see theirs.'],
  });
}

/** The visitor wrote back through their private link. */
export function visitorAnsweredMail(sender: MailSender, to: Recipient, enquiry: { id: string; tradeName: string; visitorName: string; message: string }): Mail {
  return compose(sender, to, {
    subject: `${enquiry.visitorName} answered about ${enquiry.tradeName}`,
    paragraphs: [`${enquiry.visitorName} wrote back about their enquiry to ${enquiry.tradeName}:`, enquiry.message],
    action: { label: 'Read and answer', url: receivedEnquiryUrl(sender, enquiry.id) },
  });
}
