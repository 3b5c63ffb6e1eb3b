import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import { jobRuns } from '../../db/schema';
import { createJobRunRepo } from './repo';
import { createScheduler, type JobOutcome, type ScheduledJob } from './scheduler';

const database = await createTestDatabase();
afterAll(() => database.close());
const db = database.db;
const repo = createJobRunRepo(db);
const log = pino({ level: 'silent' });
const HOUR_MS = 60 * 60 * 1000;

let jobCount = 0;
function jobName(): string {
  jobCount += 1;
  return `test-job-${jobCount}-${Date.now()}`;
}

/** A job that counts its runs, as one process sees them. */
function countingJob(name: string, everyMs: number, run: () => Promise<void> = async () => {}) {
  const job: ScheduledJob & { runs: number } = {
    name,
    everyMs,
    decisions: [],
    runs: 0,
    async run() {
      job.runs += 1;
      await run();
    },
  };
  return job;
}

function schedulerOf(job: ScheduledJob, runBy: string, onRun?: (job: string, outcome: JobOutcome) => void) {
  return createScheduler({ repo, jobs: [job], log, runBy, onRun });
}

const waitMs = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the scheduler', () => {
  it('runs a job once per period, however many processes schedule it', async () => {
    const name = jobName();
    const jobs = [countingJob(name, 400), countingJob(name, 400)];
    const schedulers = jobs.map((job, index) => schedulerOf(job, `process-${index}`));

    schedulers.forEach((scheduler) => scheduler.start());
    await waitMs(2100);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));

    const runs = await repo.runsOf(name);
    const periods = runs.map((run) => run.periodStart.getTime());
    expect(jobs[0]!.runs + jobs[1]!.runs).toBe(runs.length);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    // One run per period: each a period of its own, later than the one before.
    for (let index = 1; index < periods.length; index += 1) {
      expect(periods[index]! - periods[index - 1]!).toBeGreaterThanOrEqual(400);
      expect(periods[index]! % 400).toBe(0);
    }
    expect(runs.every((run) => run.finishedAt !== null && run.error === null)).toBe(true);
  });

  it('runs at once the period nobody ran while every process was down, and not again after a restart', async () => {
    const name = jobName();
    await db.insert(jobRuns).values({
      job: name,
      periodStart: new Date(Date.now() - 5 * HOUR_MS),
      runBy: 'a process long gone',
      claimedUntil: new Date(Date.now() - 5 * HOUR_MS),
      finishedAt: new Date(Date.now() - 5 * HOUR_MS),
    });
    const first = countingJob(name, HOUR_MS);
    const scheduler = schedulerOf(first, 'first');

    scheduler.start();
    await vi.waitFor(() => expect(first.runs).toBe(1));
    await scheduler.stop();
    const restarted = countingJob(name, HOUR_MS);
    const again = schedulerOf(restarted, 'restarted');
    again.start();
    await waitMs(300);
    await again.stop();

    expect(restarted.runs).toBe(0);
    expect(await repo.runsOf(name)).toHaveLength(2);
  });

  it('takes over a run whose process died before finishing it, once its claim has lapsed', async () => {
    const lapsed = jobName();
    const held = jobName();
    const periodStart = sql`to_timestamp(floor(extract(epoch from now()) * 1000 / ${HOUR_MS}) * ${HOUR_MS} / 1000.0)`;
    await db.insert(jobRuns).values([
      { job: lapsed, periodStart, runBy: 'killed', claimedUntil: new Date(Date.now() - 1000) },
      { job: held, periodStart, runBy: 'still running', claimedUntil: new Date(Date.now() + HOUR_MS) },
    ]);
    const lapsedJob = countingJob(lapsed, HOUR_MS);
    const heldJob = countingJob(held, HOUR_MS);
    const schedulers = [schedulerOf(lapsedJob, 'taker'), schedulerOf(heldJob, 'taker')];

    schedulers.forEach((scheduler) => scheduler.start());
    await vi.waitFor(() => expect(lapsedJob.runs).toBe(1));
    await waitMs(200);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));

    expect(heldJob.runs).toBe(0);
    const [takenOver] = await db.select().from(jobRuns).where(eq(jobRuns.job, lapsed));
    expect(takenOver).toMatchObject({ runBy: 'taker', error: null });
    expect(takenOver!.finishedAt).toBeInstanceOf(Date);
  });

  it('writes down a failed run, counts it, and runs the job again the next period', async () => {
    const name = jobName();
    const outcomes: JobOutcome[] = [];
    const job = countingJob(name, 300, async () => {
      throw new Error('database away');
    });
    const scheduler = schedulerOf(job, 'failing', (_job, outcome) => outcomes.push(outcome));

    scheduler.start();
    await vi.waitFor(() => expect(job.runs).toBeGreaterThanOrEqual(2), { timeout: 3000 });
    await scheduler.stop();

    const runs = await repo.runsOf(name);
    expect(runs.length).toBe(job.runs);
    expect(runs.every((run) => run.error === 'database away' && run.finishedAt !== null)).toBe(true);
    expect(outcomes.every((outcome) => outcome === 'failed')).toBe(true);
  });
});
