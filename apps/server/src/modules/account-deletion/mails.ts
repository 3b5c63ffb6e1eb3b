import { ACCOUNT_DELETION_DAYS, FORMER_CUSTOMER, FORMER_USER } from '@churchtrades/shared/account-deletion';
import { compose, link, type MailSender, type Recipient } from '../mail/account-mails';
import type { Mail } from '../mail/transport';

/** The page whose button keeps an account waiting to be deleted, with the link's key. */
export const UNDO_DELETION_PATH = '/verify/deletion/undo';

const sydneyDay = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'Australia/Sydney' });

/** The account is closed and will be deleted on `deletesAt`: what happens, and the link that keeps it. */
export function deletionRequestedMail(sender: MailSender, to: Recipient, key: string, deletesAt: Date): Mail {
  return compose(sender, to, {
    subject: 'Your ChurchTrades account will be deleted',
    paragraphs: [
      `You asked us to delete your ChurchTrades account. It is closed now: you are logged out everywhere and your business is no longer listed. On ${sydneyDay.format(deletesAt)} we delete it for good, with your business, its pictures, addresses and social media.`,
      `Reviews you wrote stay, shown as "${FORMER_CUSTOMER}"; the businesses you sent enquiries to keep the conversations, with you shown as "${FORMER_USER}".`,
      `Changed your mind? The button keeps your account, until the ${ACCOUNT_DELETION_DAYS} days are over. After that nobody can bring it back.`,
    ],
    action: { label: 'Keep my account', url: link(sender, UNDO_DELETION_PATH, key) },
    after: [
      'If you did not ask for this, keep your account with the button and then change your password: whoever asked knew it.',
    ],
  });
}

/**
 * Someone registered the address of an account waiting to be deleted: told by mail, where only the address's
 * owner reads it, so that the registration answers the same for every address.
 */
export function deletionPendingMail(sender: MailSender, to: Recipient, key: string, deletesAt: Date): Mail {
  return compose(sender, to, {
    subject: 'Your ChurchTrades account is waiting to be deleted',
    paragraphs: [
      `Someone, hopefully you, tried to register a ChurchTrades account with this email address. It already has an account, waiting to be deleted on ${sydneyDay.format(deletesAt)}, so no new one was made.`,
      'To go on using it instead, keep it with the button. To start afresh, register again once it is deleted.',
    ],
    action: { label: 'Keep my account', url: link(sender, UNDO_DELETION_PATH, key) },
    after: ['If this was not you, you can ignore this email: the deletion goes ahead.'],
  });
}
