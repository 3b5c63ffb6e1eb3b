import { compose, link, type MailSender, type Recipient } from './account-mails';
import type { Mail } from './transport';

/** The business a moderator decided on, as its owner's mail names it. */
export interface ModeratedTrade {
  name: string;
  churchName: string;
}

export function tradeApprovedMail(sender: MailSender, to: Recipient, trade: ModeratedTrade): Mail {
  return compose(sender, to, {
    subject: 'Your business is listed on ChurchTrades',
    paragraphs: [
      `Good news: a moderator of ${trade.churchName} approved ${trade.name}.`,
      'It is now listed in the ChurchTrades directory, where anyone searching can find it.',
    ],
    action: { label: 'See my business', url: link(sender, '/trade') },
  });
}

/** The reason is the moderator's own words: the owner needs them to know what to change. */
export function tradeRejectedMail(sender: MailSender, to: Recipient, trade: ModeratedTrade, reason: string): Mail {
  return compose(sender, to, {
    subject: 'Your business was not approved on ChurchTrades',
    paragraphs: [
      `A moderator of ${trade.churchName} did not approve ${trade.name} for the directory, for this reason:`,
      reason,
      'Change your business as the reason asks, then resubmit it from your profile page: it goes back to the moderators.',
    ],
    action: { label: 'Edit my business', url: link(sender, '/trade/profile') },
  });
}

export function tradeUnlistedMail(sender: MailSender, to: Recipient, trade: ModeratedTrade, reason: string): Mail {
  return compose(sender, to, {
    subject: 'Your business was unlisted on ChurchTrades',
    paragraphs: [
      `A moderator of ${trade.churchName} took ${trade.name} out of the directory, for this reason:`,
      reason,
      'Until it is listed again, searches do not show it. Write to us if you would like to talk about it.',
    ],
    action: { label: 'See my business', url: link(sender, '/trade') },
  });
}

export function tradeRelistedMail(sender: MailSender, to: Recipient, trade: ModeratedTrade): Mail {
  return compose(sender, to, {
    subject: 'Your business is listed again on ChurchTrades',
    paragraphs: [`A moderator of ${trade.churchName} listed ${trade.name} in the directory again.`],
    action: { label: 'See my business', url: link(sender, '/trade') },
  });
}
