import type { AutomatedDecisionKind } from '@churchtrades/shared/automated-decisions';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunRepo } from './repo';

/** Work that runs once per period across every process: housekeeping today, reminders and reports next. */
export interface ScheduledJob {
  name: string;
  everyMs: number;
  /** What the job decides about people without anyone looking, as the privacy policy explains it; none: nothing. */
  decisions: readonly AutomatedDecisionKind[];
  /** Does everything due, whenever it last ran: a run that was missed is made up by the next one. */
  run(): Promise<void>;
}

export type JobOutcome = 'ok' | 'failed';

export interface SchedulerOptions {
  repo: JobRunRepo;
  jobs: ScheduledJob[];
  log: FastifyBaseLogger;
  /** Names the process in each run it claims (host and process id). */
  runBy: string;
  onRun?: (job: string, outcome: JobOutcome) => void;
}

const MAX_CHECK_MS = 60_000;
const MIN_CHECK_MS = 250;
const MAX_CLAIM_MS = 10 * 60 * 1000;

/** How often a process asks whether the job's current period has run: a tenth of the period, within bounds. */
function checkEveryMs(job: ScheduledJob): number {
  return Math.min(MAX_CHECK_MS, Math.max(MIN_CHECK_MS, Math.floor(job.everyMs / 10)));
}

/**
 * Runs each job once per period among all processes. The database keeps which periods ran, so a restart
 * neither repeats nor forgets a run, and a process starting after a period nobody ran (all were down) runs it
 * at once: the catch-up.
 */
export function createScheduler({ repo, jobs, log, runBy, onRun }: SchedulerOptions) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  async function runIfDue(job: ScheduledJob): Promise<void> {
    const periodStart = await repo.claimCurrentPeriod({
      job: job.name,
      runBy,
      everyMs: job.everyMs,
      claimMs: Math.min(job.everyMs, MAX_CLAIM_MS),
    });
    if (!periodStart) return;
    try {
      await job.run();
      await repo.finish(job.name, periodStart, null);
      log.info({ job: job.name, periodStart: periodStart.toISOString() }, 'scheduled job ran');
      onRun?.(job.name, 'ok');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, job: job.name }, 'scheduled job failed');
      onRun?.(job.name, 'failed');
      await repo.finish(job.name, periodStart, message);
    }
  }

  function check(job: ScheduledJob): void {
    if (stopped || running.has(job.name)) return;
    const run = runIfDue(job)
      .catch((error: unknown) => log.warn({ err: error, job: job.name }, 'scheduled job not checked'))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  }

  return {
    start(): void {
      for (const job of jobs) {
        const timer = setInterval(() => check(job), checkEveryMs(job));
        // The schedule must not keep a stopping process alive.
        timer.unref();
        timers.push(timer);
        check(job);
      }
    },

    /** Waits for the runs under way to finish. */
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
