import type { MailSender, Recipient } from '../../modules/mail/account-mails';
import { tradeApprovedMail, tradeRelistedMail } from '../../modules/mail/moderation-mails';
import type { Mail } from '../../modules/mail/transport';
import type { outboxMails } from '../schema';
import type { ChurchRow } from './generate-churches';
import { DEMO_EMAIL_DOMAIN, type UserRow } from './generate-accounts';
import type { TradeRow } from './generate-trades';
import type { Random } from './random';

export type OutboxMailRow = typeof outboxMails.$inferInsert;

const HOUR_MS = 60 * 60 * 1000;

/** What the mail server answered at the last try, and how many tries it took to give up. */
interface Refusal {
  tries: number;
  /** Hours from queueing to giving up: the retries' waits add up (mail/worker.ts). */
  triedForHours: number;
  error: (address: string) => string;
}

// Postfix's answers: an unknown mailbox is refused for good at once (5xx); a domain it cannot find is refused
// for now (4xx), asked again until the last try.
const USER_UNKNOWN: Refusal = {
  tries: 1,
  triedForHours: 0,
  error: (address) =>
    `Can't send mail - all recipients were rejected: 550 5.1.1 <${address}>: Recipient address rejected: User unknown in virtual mailbox table`,
};
const DOMAIN_NOT_FOUND: Refusal = {
  tries: 10,
  triedForHours: 4,
  error: (address) =>
    `Can't send mail - all recipients were rejected: 450 4.1.2 <${address}>: Recipient address rejected: Domain not found`,
};

// Mistyped providers under `.invalid` (RFC 2606), which no domain can ever be: a mail sent again cannot reach anyone.
const MISTYPED_DOMAINS = ['bigpnd.invalid', 'optusnett.invalid'] as const;

export interface FailedMailsOptions {
  sender: MailSender;
  /** Approved businesses whose owners were told by mails that never arrived. */
  trades: readonly [TradeRow, TradeRow];
  churches: readonly ChurchRow[];
  users: readonly UserRow[];
  /** The mails failed in the hours before this. */
  now: Date;
}

/**
 * Two mails the mail server refused, for the administrators' page of failed emails. Their bodies are the mails
 * moderation sends, whose links carry no key.
 */
export function buildFailedMails(random: Random, options: FailedMailsOptions): OutboxMailRow[] {
  const { sender, trades, churches, users, now } = options;
  const [listed, relisted] = trades;
  const churchName = (trade: TradeRow) => churches.find((church) => church.id === trade.churchId)?.name ?? '';
  // The owner's own name, at a provider's name mistyped.
  const owner = (trade: TradeRow, domain: string): Recipient => {
    const person = users.find((user) => user.id === trade.ownerId);
    if (!person) throw new Error(`The business ${trade.name} has no owner`);
    return { email: `${person.email.split('@')[0]}@${domain}`, firstName: person.firstName };
  };
  const mails: [Mail, Refusal][] = [
    [
      tradeApprovedMail(sender, owner(listed, MISTYPED_DOMAINS[0]), { name: listed.name, churchName: churchName(listed) }),
      USER_UNKNOWN,
    ],
    [
      tradeRelistedMail(sender, owner(relisted, MISTYPED_DOMAINS[1]), { name: relisted.name, churchName: churchName(relisted) }),
      DOMAIN_NOT_FOUND,
    ],
  ];
  return mails.map(([mail, refusal]) => {
    const failedAt = new Date(now.getTime() - random.int(1, 20) * HOUR_MS - random.int(0, 3599) * 1000);
    return {
      id: random.uuid(),
      messageId: `<${random.uuid()}@${DEMO_EMAIL_DOMAIN}>`,
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      state: 'FAILED',
      tries: refusal.tries,
      lastError: refusal.error(mail.to),
      createdAt: new Date(failedAt.getTime() - refusal.triedForHours * HOUR_MS),
      nextTryAt: failedAt,
      failedAt,
    };
  });
}
