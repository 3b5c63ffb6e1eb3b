import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';

/** One e-mail: plain text for every reader, and the same words as simple HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * For mails sent to many people (news, reports): the link that unsubscribes the recipient in one click,
   * sent as `List-Unsubscribe` with `List-Unsubscribe-Post` (RFC 8058). Absent for mails a person asked for.
   */
  unsubscribeUrl?: string;
}

/** A mail as it leaves: with its sender, its Message-ID (the same on every try) and any extra headers. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

export interface TransportOptions {
  /** `smtp://…` to send through; unset: every mail is written to `outboxDir` as an `.eml` file. */
  smtpUrl: string | undefined;
  outboxDir: string;
  /**
   * Whether the outbox folder logs each mail's links, to click in development. Never in production: the links
   * carry one-time keys, which must not reach a log.
   */
  logLinks: boolean;
}

export interface MailTransport {
  /** Resolves once the mail server accepted the mail; rejects with why not. */
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** How many mails go to the mail server at once, over as many connections. */
export const SMTP_CONNECTIONS = 5;

// Short enough that a mail server that stops answering frees a delivery well within its claim (mail/worker.ts).
const SMTP_TIMEOUTS = { connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 15_000 };

const LINK = /https?:\/\/[^\s<>"]+/g;

function smtpTransport(smtpUrl: string): MailTransport {
  const transport = createTransport({ url: smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS, ...SMTP_TIMEOUTS });
  return {
    deliver: async (mail) => {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}

/** Without a mail server the outbox folder stands in for one: files to open, and in development links in the log. */
function folderTransport(options: TransportOptions, log: FastifyBaseLogger): MailTransport {
  const { outboxDir, logLinks } = options;
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    deliver: async (mail) => {
      const { message } = await composer.sendMail(mail);
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, message as Buffer);
      const links = logLinks ? { links: mail.text.match(LINK) ?? [] } : {};
      log.info({ to: mail.to, subject: mail.subject, ...links, file }, 'mail written to the outbox');
    },
    close: () => composer.close(),
  };
}

export function createMailTransport(options: TransportOptions, log: FastifyBaseLogger): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl) : folderTransport(options, log);
}

/**
 * Whether the mail server refused the mail for good (a 5xx answer: no such mailbox, rejected as spam): trying
 * again would be refused the same way. A 4xx answer, a lost connection or a timeout may pass later.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | undefined)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
