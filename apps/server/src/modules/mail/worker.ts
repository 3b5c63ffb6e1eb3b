import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedMail, OutboxRepo } from './repo';
import { isPermanentRefusal, type MailTransport, type OutgoingMail, SMTP_CONNECTIONS } from './transport';

/** What became of one try: the server took the mail, will be asked again later, or the mail is given up. */
export type DeliveryOutcome = 'sent' | 'retry' | 'failed';

export interface MailWorkerOptions {
  repo: OutboxRepo;
  transport: MailTransport;
  from: string;
  retries: { maxTries: number; firstDelayMs: number };
  log: FastifyBaseLogger;
  onDelivery?: (outcome: DeliveryOutcome) => void;
  /** How often the outbox is looked at for mails queued by other processes or due again. */
  pollMs?: number;
}

const POLL_MS = 1000;
/**
 * How long a claimed mail is this process's alone. Longer than a batch can take (one mail per connection, each
 * within the transport's timeouts), so a slow server never lets another process send it too; a process that
 * died holding mails delays them by this much.
 */
export const CLAIM_MS = 30_000;
const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;
const ERROR_LENGTH = 500;

/** The wait before the next try: doubled after each failure, up to six hours, with ±20% so retries spread out. */
export function retryDelayMs(firstDelayMs: number, tries: number, random = Math.random): number {
  const delay = Math.min(firstDelayMs * 2 ** (tries - 1), MAX_RETRY_DELAY_MS);
  return Math.round(delay * (0.8 + 0.4 * random()));
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, ERROR_LENGTH);
}

/**
 * Delivers the outbox's mails: at once when this process queued one (`nudge`), otherwise every poll, in
 * batches claimed from the database, so that any number of processes deliver side by side and none twice.
 */
export function createMailWorker(options: MailWorkerOptions) {
  const { repo, transport, from, retries, log, onDelivery } = options;
  let draining: Promise<void> | undefined;
  let nudgedMeanwhile = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  function outgoing(mail: ClaimedMail): OutgoingMail {
    const { recipient: to, subject, textBody: text, htmlBody: html, messageId, headers } = mail;
    return { from, to, subject, text, html, messageId, headers };
  }

  async function settleFailure(mail: ClaimedMail, error: unknown): Promise<DeliveryOutcome> {
    const reason = describeError(error);
    if (isPermanentRefusal(error) || mail.tries >= retries.maxTries) {
      await repo.markFailed(mail.id, reason);
      log.warn({ mailId: mail.id, subject: mail.subject, tries: mail.tries, err: reason }, 'mail given up');
      return 'failed';
    }
    await repo.markForRetry(mail.id, retryDelayMs(retries.firstDelayMs, mail.tries), reason);
    log.info({ mailId: mail.id, subject: mail.subject, tries: mail.tries, err: reason }, 'mail to be tried again');
    return 'retry';
  }

  async function deliver(mail: ClaimedMail): Promise<void> {
    let outcome: DeliveryOutcome = 'sent';
    try {
      await transport.deliver(outgoing(mail));
      await repo.markSent(mail.id);
    } catch (error) {
      outcome = await settleFailure(mail, error);
    }
    onDelivery?.(outcome);
  }

  async function drainOnce(): Promise<void> {
    for (;;) {
      const batch = await repo.claimDue(SMTP_CONNECTIONS, CLAIM_MS);
      if (batch.length === 0 || stopped) return;
      await Promise.all(batch.map(deliver));
    }
  }

  async function drain(): Promise<void> {
    do {
      nudgedMeanwhile = false;
      // A database that is away only delays the mails: they are there when it is back.
      await drainOnce().catch((error: unknown) => log.warn({ err: error }, 'outbox not delivered this time'));
    } while (nudgedMeanwhile && !stopped);
  }

  function nudge(): void {
    if (stopped) return;
    if (draining) {
      nudgedMeanwhile = true;
      return;
    }
    draining = drain().finally(() => {
      draining = undefined;
    });
  }

  return {
    nudge,

    start(): void {
      timer = setInterval(nudge, options.pollMs ?? POLL_MS);
      // The poll must not keep a stopping process alive.
      timer.unref();
      nudge();
    },

    /** Finishes the batch in hand (its mails are marked), then lets the transport go. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await draining;
      transport.close();
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
