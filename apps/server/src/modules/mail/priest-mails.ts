import { compose, link, type MailSender, type Recipient } from './account-mails';
import type { Mail } from './transport';

/** The business that names a priest, as the priest's and the owner's mails name it. */
export interface PriestedTrade {
  name: string;
  churchName: string;
  ownerName: string;
}

/** A priest learns a business names them, and where to take their name off it if it should not. */
export function priestNamedMail(sender: MailSender, to: Recipient, trade: PriestedTrade): Mail {
  return compose(sender, to, {
    subject: 'A business on ChurchTrades names you as its priest',
    paragraphs: [
      `${trade.ownerName} named you as the priest of ${trade.name}, a business of ${trade.churchName} on ChurchTrades.`,
      'If that is not right, you can take your name off it from your moderation page.',
    ],
    action: { label: 'See the businesses naming me', url: link(sender, '/moderation') },
  });
}

/** The owner learns their business no longer names a priest, so that they can choose another. */
export function priestDetachedMail(sender: MailSender, to: Recipient, trade: PriestedTrade, priestName: string): Mail {
  return compose(sender, to, {
    subject: 'Your business no longer names a priest on ChurchTrades',
    paragraphs: [
      `${priestName} took their name off ${trade.name}: the business no longer names a priest of ${trade.churchName}.`,
      'You can choose another of its priests on your profile page.',
    ],
    action: { label: 'Edit my business', url: link(sender, '/trade/profile') },
  });
}
