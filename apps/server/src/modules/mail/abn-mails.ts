import { formatAbn } from '@churchtrades/shared/verification';
import { compose, link, type MailSender, type Recipient } from './account-mails';
import type { Mail } from './transport';

/** Why an ABN the register called active and registered to the business no longer counts as verified. */
export type AbnLapse = 'CANCELLED' | 'MISMATCH' | 'NOT_FOUND';

/** The business whose ABN lapsed, as both mails name it. */
export interface AbnLapsedTrade {
  id: string;
  name: string;
  churchName: string;
  abn: string;
  /** The name the register now gives the ABN, for MISMATCH. */
  registeredName: string | null;
}

function reasonOf(lapse: AbnLapse, trade: AbnLapsedTrade): string {
  const abn = `ABN ${formatAbn(trade.abn)}`;
  if (lapse === 'CANCELLED') return `The Australian Business Register now lists ${abn} as cancelled.`;
  if (lapse === 'NOT_FOUND') return `The Australian Business Register no longer knows ${abn}.`;
  return `The Australian Business Register now lists ${abn} under another name, ${trade.registeredName ?? 'not given'}, not ${trade.name}.`;
}

export function abnLapsedOwnerMail(sender: MailSender, to: Recipient, lapse: AbnLapse, trade: AbnLapsedTrade): Mail {
  return compose(sender, to, {
    subject: `The ABN of ${trade.name} is no longer verified`,
    paragraphs: [
      reasonOf(lapse, trade),
      `So ${trade.name} no longer shows the ABN badge. The business stays listed.`,
      'If the register is right, enter your current ABN on your profile page; if the business was renamed, its name there too.',
    ],
    action: { label: 'Edit my business', url: link(sender, '/trade/profile') },
  });
}

export function abnLapsedModeratorMail(sender: MailSender, to: Recipient, lapse: AbnLapse, trade: AbnLapsedTrade): Mail {
  return compose(sender, to, {
    subject: `The ABN of ${trade.name} is no longer verified`,
    paragraphs: [
      `${trade.name}, a business of ${trade.churchName}, lost its ABN badge when the register was asked again.`,
      reasonOf(lapse, trade),
      'Its owner was told. The business stays listed; look at it if you think it should not be.',
    ],
    action: { label: 'See the business', url: link(sender, `/moderation/trades/${trade.id}`) },
  });
}
