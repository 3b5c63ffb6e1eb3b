import { compose, link, type MailSender, type Recipient } from './account-mails';
import type { Mail } from './transport';

/** The vouch coming to its end, as the mail asking for its renewal names it. */
export interface LapsingVouch {
  tradeId: string;
  tradeName: string;
  churchName: string;
  until: Date;
}

function dayOf(date: Date): string {
  return date.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' });
}

/**
 * Asks whoever vouched for a business, or the church's moderators when the voucher no longer may, to renew the
 * vouch before it lapses: "Renew" on the business in the moderation screen records a new one.
 */
export function vouchRenewalMail(sender: MailSender, to: Recipient, vouch: LapsingVouch, asVoucher: boolean): Mail {
  const opening = asVoucher
    ? `You vouched that ${vouch.churchName} knows the person running ${vouch.tradeName}.`
    : `${vouch.churchName} vouched that it knows the person running ${vouch.tradeName}, and whoever vouched can no longer renew it.`;
  return compose(sender, to, {
    subject: `Renew the vouch for ${vouch.tradeName} on ChurchTrades`,
    paragraphs: [
      opening,
      `The vouch lapses on ${dayOf(vouch.until)}; the business then loses its "Known to ${vouch.churchName}" badge.`,
      'If the church still knows them, renew it from the business in the moderation screen.',
    ],
    action: { label: 'Renew the vouch', url: link(sender, `/moderation/trades/${vouch.tradeId}`) },
  });
}
