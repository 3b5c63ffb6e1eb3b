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
}

export interface MailerOptions {
  /** `smtp://…` to send through; unset: every mail is written to `outboxDir` as an `.eml` file. */
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
  /**
   * Whether the outbox logs each mail's links, to click in development. Never in production: the links carry
   * one-time keys, which must not reach a log.
   */
  logLinks: boolean;
}

type Delivery = (mail: Mail & { from: string }) => Promise<void>;

const LINK = /https?:\/\/[^\s<>"]+/g;

function smtpDelivery(smtpUrl: string): { deliver: Delivery; close(): void } {
  const transport = createTransport(smtpUrl);
  return {
    deliver: async (mail) => {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}

/** Without a mail server the outbox stands in for one: files to open, and in development links in the log to click. */
function outboxDelivery(options: MailerOptions, log: FastifyBaseLogger): { deliver: Delivery; close(): void } {
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

export function createMailer(options: MailerOptions, log: FastifyBaseLogger) {
  const delivery = options.smtpUrl ? smtpDelivery(options.smtpUrl) : outboxDelivery(options, log);
  const pending = new Set<Promise<void>>();

  return {
    /**
     * Sends without holding up the answer: an answer that waited for the mail server would take longer when
     * an account exists, telling a stranger which e-mail addresses are registered. Failures are logged.
     */
    sendInBackground(mail: Mail): void {
      const sending = delivery
        .deliver({ from: options.from, ...mail })
        .catch((error: unknown) => log.error({ err: error, subject: mail.subject }, 'mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },

    /** Waits for the mails still being sent, then lets the transport go. */
    async close(): Promise<void> {
      await Promise.all(pending);
      delivery.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
