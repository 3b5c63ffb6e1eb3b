import { escapeMarkup } from '../../lib/markup';
import type { Mail } from './transport';

/** What every account mail says about the product: where it lives and whom to write to. */
export interface MailSender {
  appOrigin: string;
  supportEmail: string;
}

export interface Recipient {
  email: string;
  /** Absent: the mail greets without a name. */
  firstName?: string;
}

/**
 * An account as its mails address it: by name only once its owner has proved the address. Until then the name
 * is whatever whoever registered it typed, and our sender must not carry a stranger's text (a link, say) to
 * the address.
 */
export function recipientOf(account: { email: string; firstName: string; emailVerifiedAt: Date | null }): Recipient {
  return account.emailVerifiedAt === null ? { email: account.email } : { email: account.email, firstName: account.firstName };
}

export interface MailContent {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}

export function link(sender: MailSender, pathname: string, key?: string): string {
  const url = new URL(pathname, sender.appOrigin);
  if (key !== undefined) url.searchParams.set('key', key);
  return url.toString();
}

function footer(sender: MailSender): string[] {
  return [
    'ChurchTrades: a free directory of Australian businesses run by members of church communities.',
    `Questions? Write to ${sender.supportEmail}.`,
  ];
}

function textOf(greeting: string, content: MailContent, sender: MailSender): string {
  const action = content.action ? [`${content.action.label}: ${content.action.url}`] : [];
  return [greeting, ...content.paragraphs, ...action, ...(content.after ?? []), '--', footer(sender).join('\n')].join('\n\n');
}

function htmlOf(greeting: string, content: MailContent, sender: MailSender): string {
  const paragraph = (text: string) => `<p>${escapeMarkup(text)}</p>`;
  const action = content.action
    ? `<p><a href="${escapeMarkup(content.action.url)}" style="display:inline-block;padding:10px 18px;background:#0d6efd;color:#ffffff;text-decoration:none;border-radius:4px">${escapeMarkup(content.action.label)}</a></p>` +
      `<p style="font-size:13px;color:#555555">If the button does not work, copy this link into your browser:<br>${escapeMarkup(content.action.url)}</p>`
    : '';
  return [
    '<!doctype html>',
    `<html><body style="font-family:Arial,Helvetica,sans-serif;line-height:1.5;color:#222222">`,
    paragraph(greeting),
    ...content.paragraphs.map(paragraph),
    action,
    ...(content.after ?? []).map(paragraph),
    `<hr><p style="font-size:13px;color:#555555">${footer(sender).map(escapeMarkup).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
}

/** A mail in the product's one layout: greeting, paragraphs, an optional button, footer; HTML escaped. */
export function compose(sender: MailSender, to: Recipient, content: MailContent): Mail {
  const greeting = to.firstName === undefined ? 'Hello,' : `Hello ${to.firstName},`;
  return {
    to: to.email,
    subject: content.subject,
    text: textOf(greeting, content, sender),
    html: htmlOf(greeting, content, sender),
  };
}

function hours(count: number): string {
  return `${count} hour${count === 1 ? '' : 's'}`;
}

/** To an address nobody has proved yet: it greets without the name given at registration. */
export function verifyAccountMail(sender: MailSender, email: string, key: string, validForHours: number): Mail {
  return compose(sender, { email }, {
    subject: 'Verify your ChurchTrades account',
    paragraphs: [
      'Thank you for registering with ChurchTrades.',
      `Please confirm your email address to activate your account. The link works for ${hours(validForHours)}.`,
    ],
    action: { label: 'Verify my account', url: link(sender, '/verify/account', key) },
    after: ['If you did not register, you can ignore this email.'],
  });
}

/**
 * Sent instead of the verification mail when someone registers an address whose account is verified, so that
 * the registration answer is the same for every address.
 */
export function alreadyRegisteredMail(sender: MailSender, to: Recipient): Mail {
  return compose(sender, to, {
    subject: 'You already have a ChurchTrades account',
    paragraphs: [
      'Someone, hopefully you, tried to register a ChurchTrades account with this email address. You already have an account, so nothing has changed.',
      `Log in here: ${link(sender, '/login')}`,
      `Forgot your password? Choose a new one here: ${link(sender, '/resetpassword')}`,
    ],
    after: ['If this was not you, you can ignore this email.'],
  });
}

const MASTER_ROLE_NAMES: Readonly<Record<string, string>> = {
  PRIEST: 'a priest',
  MODERATOR: 'a moderator',
  GOVERNOR: 'a governor',
  ADMIN: 'an administrator',
  DEVELOPER: 'a developer',
  SUPER: 'a super user',
};

/** To a master user an administrator has made: their names were typed by that administrator, not a stranger. */
export function masterUserInvitationMail(
  sender: MailSender,
  to: { email: string; firstName: string; role: string },
  key: string,
  validForHours: number,
): Mail {
  return compose(sender, { email: to.email, firstName: to.firstName }, {
    subject: 'Your ChurchTrades account is ready: choose your password',
    paragraphs: [
      `An administrator of ChurchTrades has made you an account as ${MASTER_ROLE_NAMES[to.role] ?? 'a member of the team'}.`,
      `Choose your password to start. The link works once, for ${hours(validForHours)}; afterwards, ask for a new one on the login page (Forgot password?).`,
    ],
    action: { label: 'Choose my password', url: link(sender, '/verify/password', key) },
    after: ['If you did not expect this, you can ignore this email: nobody can log in to the account until a password is chosen.'],
  });
}

export function resetPasswordMail(sender: MailSender, to: Recipient, key: string, validForHours: number): Mail {
  return compose(sender, to, {
    subject: 'Reset your ChurchTrades password',
    paragraphs: [
      'We received a request to reset the password of your ChurchTrades account.',
      `The link works once, for ${hours(validForHours)}.`,
    ],
    action: { label: 'Choose a new password', url: link(sender, '/verify/password', key) },
    after: ['If you did not ask for this, ignore this email: your password stays as it is.'],
  });
}

function minutes(count: number): string {
  return `${count} minute${count === 1 ? '' : 's'}`;
}

/**
 * Sent once when so many wrong passwords were tried on the account, from several places, that logging in is
 * paused. Its "it's me" link lets the owner's own network past the pause; the password is still asked.
 */
export function loginPausedMail(
  sender: MailSender,
  to: Recipient,
  pause: { pausedForMinutes: number; key: string; validForHours: number },
): Mail {
  return compose(sender, to, {
    subject: 'Many wrong passwords were tried on your ChurchTrades account',
    paragraphs: [
      'Someone has typed a wrong password for your ChurchTrades account many times in the last hour, from several places.',
      `To keep your account safe, logging in to it is paused for up to ${minutes(pause.pausedForMinutes)}. Your password has not been changed.`,
      `Need to log in before then? Open the link below on the device you log in with and press "It's me": that network can then log in with your password while the pause lasts. The link logs nobody in by itself, and works once, for ${hours(pause.validForHours)}.`,
    ],
    action: { label: "It's me: let me log in", url: link(sender, '/verify/login', pause.key) },
    after: [
      `If the wrong passwords were not yours, choose a new password you use nowhere else: that ends the pause at once. ${link(sender, '/resetpassword')}`,
      'If you cannot log in after the pause, write to us and we will help.',
    ],
  });
}

/** Sent once when so many wrong two-step codes were tried that two-step logins of the account are paused. */
export function twoStepPausedMail(sender: MailSender, to: Recipient, pausedForMinutes: number): Mail {
  return compose(sender, to, {
    subject: 'Wrong two-step codes were tried on your ChurchTrades account',
    paragraphs: [
      'Someone logged in to your ChurchTrades account with its password, then typed many wrong two-step codes. Two-step login kept them out.',
      `To keep your account safe, logging in to it is paused for up to ${minutes(pausedForMinutes)}.`,
      'If this was not you, someone knows your password: choose a new one now.',
    ],
    action: { label: 'Choose a new password', url: link(sender, '/resetpassword') },
    after: ['If this was you, wait until the pause is over and use the code your authenticator app shows then.'],
  });
}

/**
 * The link that makes an address the account's login e-mail. Not greeted by name: the address is not proved
 * yet, and the account's name is not for whoever reads it.
 */
export function confirmEmailChangeMail(sender: MailSender, to: string, key: string, validForHours: number): Mail {
  return compose(sender, { email: to, firstName: 'there' }, {
    subject: 'Confirm your new ChurchTrades login email',
    paragraphs: [
      'Someone, hopefully you, asked to make this address the login email of a ChurchTrades account.',
      `The change takes effect when you open the link below. It works once, for ${hours(validForHours)}.`,
    ],
    action: { label: 'Confirm my new email', url: link(sender, '/verify/email', key) },
    after: ['If you did not ask for this, ignore this email: nothing changes.'],
  });
}

/** Sent instead of the link when the address asked for is another account's, so that the answer is the same. */
export function emailInUseMail(sender: MailSender, to: Recipient): Mail {
  return compose(sender, to, {
    subject: 'Someone tried to use your email on ChurchTrades',
    paragraphs: [
      'Someone tried to make this address the login email of another ChurchTrades account. It is already yours, so nothing has changed.',
    ],
    after: ['If this was you, log in with this address instead. If not, you can ignore this email.'],
  });
}

/** Tells the address an account used to log in with that it changed, with a link to take it back. */
export function emailChangedMail(
  sender: MailSender,
  to: Recipient,
  newEmail: string,
  undo: { key: string; validForHours: number },
): Mail {
  return compose(sender, to, {
    subject: 'Your ChurchTrades login email was changed',
    paragraphs: [
      `The login email of your ChurchTrades account was changed from this address to ${newEmail}.`,
      `If you did not do this, take your account back with the link below: it restores this address, logs everyone out and lets you choose a new password. It works for ${hours(undo.validForHours)}.`,
    ],
    action: { label: 'Undo the change', url: link(sender, '/verify/email/undo', undo.key) },
    after: ['If you made this change, you can ignore this email.'],
  });
}
