import { type Clock, systemClock } from './clock';
import type { Database } from './db/database';
import { createEnquiryRepo } from './modules/enquiries/repo';
import { CONFIRMATION_KEYS_KEPT_MS } from './modules/enquiries/service';
import type { ScheduledJob } from './modules/jobs/scheduler';
import { createJobRunRepo } from './modules/jobs/repo';
import { createOutboxRepo } from './modules/mail/repo';
import { createRateLimitRepo } from './modules/rate-limits/repo';
import { createSessionRepo } from './modules/sessions/repo';
import { LOGIN_NETWORKS_KEPT_MS } from './modules/sessions/service';
import { createUserRepo } from './modules/users/repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sent mails are kept a month (their bodies are gone), for questions like "did my mail go?". */
export const SENT_MAILS_KEPT_MS = 30 * DAY_MS;
/** Failed mails stay three months for an administrator to send again. */
export const FAILED_MAILS_KEPT_MS = 90 * DAY_MS;
export const JOB_RUNS_KEPT_MS = 90 * DAY_MS;

/**
 * Deletes what has served its time: expired sessions, logins' networks past their 30 days, one-time keys and
 * rate-limit counters, old mails and job runs, spent proofs of work and old enquiry confirmation keys; drops
 * enquiries never confirmed in time. Every chore is tried even when one fails; the run fails if any did.
 */
export function housekeepingJob(db: Database, everyMs: number, clock: Clock = systemClock): ScheduledJob {
  const chores = [
    () => createSessionRepo(db).sweepExpired(clock()),
    () => createSessionRepo(db).forgetLoginNetworksBefore(new Date(clock().getTime() - LOGIN_NETWORKS_KEPT_MS)),
    () => createRateLimitRepo(db).sweepEnded(clock()),
    () => createUserRepo(db).sweepExpiredKeys(clock()),
    () => createOutboxRepo(db).deleteOld({ sentMs: SENT_MAILS_KEPT_MS, failedMs: FAILED_MAILS_KEPT_MS }),
    () => createJobRunRepo(db).deleteOlderThan(JOB_RUNS_KEPT_MS),
    () => createEnquiryRepo(db).sweep(clock(), CONFIRMATION_KEYS_KEPT_MS),
  ];
  return {
    name: 'housekeeping',
    // Sessions end and unconfirmed enquiries are dropped by this sweep; the rest it deletes has served its time.
    decisions: ['SESSION_END', 'ENQUIRY_UNCONFIRMED_DROPPED'],
    everyMs,
    async run() {
      const outcomes = await Promise.allSettled(chores.map((chore) => chore()));
      const failures = outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => outcome.reason as unknown);
      if (failures.length > 0) throw new AggregateError(failures, `${failures.length} housekeeping chore(s) failed`);
    },
  };
}
