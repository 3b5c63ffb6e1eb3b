import { STILL_TRADING_EXPIRY_DAYS } from '@churchtrades/shared/still-trading';
import { compose, link, type MailSender, type Recipient } from './account-mails';
import type { Mail } from './transport';

/** The business asked about, and the one-click link that answers yes for this round. */
export interface AskedTrade {
  name: string;
  confirmUrl: string;
}

/** Dates as an Australian reads them, on the east coast's calendar. */
const dayFormat = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Australia/Sydney',
});

export function stillTradingUrl(sender: MailSender, token: string): string {
  const url = new URL('/still-trading', sender.appOrigin);
  url.searchParams.set('token', token);
  return url.toString();
}

/** "Update my details" leads through the login to the owner's dashboard. */
function updateLine(sender: MailSender): string {
  return `Update my details: ${link(sender, '/trade/profile')} (you will be asked to log in).`;
}

export function stillTradingQuestionMail(sender: MailSender, to: Recipient, trade: AskedTrade): Mail {
  return compose(sender, to, {
    subject: `Is ${trade.name} still trading?`,
    paragraphs: [
      `Is ${trade.name} still trading, and are its details right?`,
      'We ask every business in the ChurchTrades directory from time to time, so that people searching find businesses that are open. If it is, one click is all it takes: no login needed.',
    ],
    action: { label: 'Yes, still trading', url: trade.confirmUrl },
    after: [
      updateLine(sender),
      `Without an answer within ${STILL_TRADING_EXPIRY_DAYS} days, ${trade.name} leaves the directory until you confirm it.`,
    ],
  });
}

export function stillTradingReminderMail(sender: MailSender, to: Recipient, trade: AskedTrade, expiresOn: Date): Mail {
  return compose(sender, to, {
    subject: `Reminder: is ${trade.name} still trading?`,
    paragraphs: [
      `A month ago we asked whether ${trade.name} is still trading, and are its details right? We have not heard back yet.`,
      `Without an answer, it leaves the ChurchTrades directory on ${dayFormat.format(expiresOn)}. One click keeps it listed: no login needed.`,
    ],
    action: { label: 'Yes, still trading', url: trade.confirmUrl },
    after: [updateLine(sender)],
  });
}

export function stillTradingExpiredMail(sender: MailSender, to: Recipient, trade: AskedTrade): Mail {
  return compose(sender, to, {
    subject: `${trade.name} left the ChurchTrades directory`,
    paragraphs: [
      `We asked twice whether ${trade.name} is still trading and heard nothing back, so it no longer shows in searches.`,
      'If it is still trading, one click puts it back in the directory at once: no login needed.',
    ],
    action: { label: 'Yes, still trading', url: trade.confirmUrl },
    after: [updateLine(sender)],
  });
}
