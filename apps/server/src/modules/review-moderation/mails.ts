import { businessPath } from '@churchtrades/shared/business-page';
import { REVIEW_NOTICE_DAYS } from '@churchtrades/shared/reviews';
import { compose, link, type MailSender, type Recipient } from '../mail/account-mails';
import type { Mail } from '../mail/transport';

function dayOf(date: Date): string {
  return date.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' });
}

/** The business as a mail names it, with its public page. */
export interface MailedTrade {
  id: string;
  name: string;
}

/** To the reviewer: a moderator removed their review, and the reason the business page now shows. */
export function reviewRemovedMail(sender: MailSender, to: Recipient, trade: MailedTrade, reason: string): Mail {
  return compose(sender, to, {
    subject: `Your review of ${trade.name} was removed`,
    paragraphs: [
      `A moderator removed your review of ${trade.name} on ChurchTrades, for this reason:`,
      reason,
      'The business page shows that a review was removed, on what day and why; it no longer shows your review.',
    ],
    action: { label: 'See the business page', url: link(sender, businessPath(trade.id, trade.name)) },
    after: ['Moderators of another church than the business decide reports, so that nobody judges their own community.'],
  });
}

/** To the owner: their business shows the public notice for gathering fake reviews, until `endsAt`. */
export function reviewNoticeMail(sender: MailSender, to: Recipient, trade: MailedTrade, notice: { reason: string; endsAt: Date }): Mail {
  return compose(sender, to, {
    subject: `${trade.name} shows a notice about its reviews`,
    paragraphs: [
      `A moderator found that ${trade.name} gathered reviews that are not genuine, for this reason:`,
      notice.reason,
      `For ${REVIEW_NOTICE_DAYS} days, until ${dayOf(notice.endsAt)}, the business page tells visitors so. Nobody can pay to remove it.`,
    ],
    action: { label: 'See the business page', url: link(sender, businessPath(trade.id, trade.name)) },
    after: [`If you believe this is a mistake, write to ${sender.supportEmail}.`],
  });
}
