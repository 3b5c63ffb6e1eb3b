import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from './clock';
import type { Config } from './config/config';
import { type Database, isEmbedded } from './db/database';
import { transactionalDatabase } from './db/transactions';
import { housekeepingJob } from './housekeeping';
import { abnRecheckJob, abnServiceOf } from './modules/abn/recheck-job';
import { accountDeletionJob, accountDeletionJobOf } from './modules/account-deletion/job';
import { createAuditRepo } from './modules/audit/repo';
import { createAuditService } from './modules/audit/service';
import { createChurchCheckRepo } from './modules/church-checks/repo';
import { vouchRenewalJob } from './modules/church-checks/renewals';
import { dataExportJob, dataExportJobOf } from './modules/data-exports/job';
import { createJobRunRepo } from './modules/jobs/repo';
import { createScheduler, type JobOutcome, type ScheduledJob } from './modules/jobs/scheduler';
import { createOutboxRepo } from './modules/mail/repo';
import { createMailService } from './modules/mail/service';
import { createMailTransport } from './modules/mail/transport';
import { createMailWorker, type DeliveryOutcome } from './modules/mail/worker';
import { reviewInvitationJob, reviewInvitationsOf } from './modules/reviews/invitations';
import { churchHoldLapseJob } from './modules/review-moderation/job';
import { createReviewModerationRepo } from './modules/review-moderation/repo';
import { stillTradingJob, stillTradingServiceOf } from './modules/still-trading/job';

export interface BackgroundWorkOptions {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** The time the jobs read expiries and periods by: the services' own. */
  clock?: Clock;
  onDelivery?: (outcome: DeliveryOutcome) => void;
  onJobRun?: (job: string, outcome: JobOutcome) => void;
}

/** What the jobs need: the database, the configuration and the clock they read expiries and periods by. */
export interface ScheduledJobDependencies {
  db: Database;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Starts delivering a mail a job just queued. */
  onQueued?: () => void;
}

/**
 * Every scheduled job of the product, built on the database given, with the data-export builder, which a request
 * may also start at once.
 */
export function scheduledJobs({ db, config, clock, log, onQueued }: ScheduledJobDependencies) {
  // The jobs' mails are queued in the transaction of what they mark, as a request's are.
  const { db: jobDb, transactions } = transactionalDatabase(db);
  const mail = createMailService({
    repo: createOutboxRepo(jobDb),
    transactions,
    audit: createAuditService(createAuditRepo(jobDb)),
    from: config.mailFrom,
    onQueued,
  });
  const sender = { appOrigin: config.appOrigin, supportEmail: config.supportEmail };
  const dataExports = dataExportJobOf(db, config, clock, mail, log);
  const jobs: ScheduledJob[] = [
    housekeepingJob(db, config.housekeepingIntervalMs, clock),
    vouchRenewalJob({ repo: createChurchCheckRepo(jobDb), mail, sender, transactions, clock }),
    abnRecheckJob(abnServiceOf(db, config, clock, mail)),
    stillTradingJob(stillTradingServiceOf(db, config, clock, mail)),
    reviewInvitationJob(reviewInvitationsOf(db, config, clock, mail)),
    churchHoldLapseJob({ repo: createReviewModerationRepo(db), clock }),
    dataExportJob(dataExports),
    accountDeletionJob(accountDeletionJobOf(db, config, clock)),
  ];
  return { jobs, dataExports };
}

/**
 * What a process does besides answering requests: it delivers the outbox's mails and runs the scheduled jobs,
 * sharing both with every other process on the database. The server runs it (unless BACKGROUND_WORK=off);
 * `npm run worker` runs it alone.
 */
export function createBackgroundWork({ db, config, log, clock = systemClock, onDelivery, onJobRun }: BackgroundWorkOptions) {
  const outbox = createOutboxRepo(db);
  const worker = createMailWorker({
    repo: outbox,
    transport: createMailTransport(
      { smtpUrl: config.smtpUrl, outboxDir: config.mailOutboxDir, logLinks: config.nodeEnv !== 'production' },
      log,
    ),
    from: config.mailFrom,
    retries: config.mailRetries,
    log,
    onDelivery,
  });
  const { jobs, dataExports } = scheduledJobs({ db, config, clock, log, onQueued: worker.nudge });
  const scheduler = createScheduler({
    repo: createJobRunRepo(db),
    jobs,
    log,
    runBy: `${os.hostname()}:${process.pid}`,
    onRun: onJobRun,
  });

  return {
    /** Starts delivering now, for a mail this process just queued. */
    nudgeMail: worker.nudge,

    /** Builds at once, in this process, an archive of a person's data just asked for. */
    nudgeDataExports: dataExports.nudge,

    async start(): Promise<void> {
      // The embedded database has one process (its data directory is locked): a claim found now is one that a
      // killed process left, and its mails need not wait for the claim to lapse.
      if (isEmbedded(db)) await outbox.releaseClaims();
      worker.start();
      scheduler.start();
    },

    async stop(): Promise<void> {
      await scheduler.stop();
      await dataExports.settled();
      await worker.stop();
    },
  };
}

export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
