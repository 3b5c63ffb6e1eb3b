import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { rowsOf } from '../../db/raw-sql';
import { jobRuns } from '../../db/schema';

export type JobRunRow = typeof jobRuns.$inferSelect;

export interface JobClaim {
  job: string;
  /** The period the run is for: the start of the `everyMs` slice of time, counted from 1970, that it falls in. */
  periodStart: Date;
  runBy: string;
  everyMs: number;
  claimMs: number;
}

// Every time here is the database's: app processes on several machines agree on it.
export function createJobRunRepo(db: Database) {
  return {
    /**
     * Claims the run of the job for the period now is in: true when this caller is to run it. The row's key
     * (job, period) lets one process insert it; a run left unfinished past its claim (its process died) is
     * taken over, never a finished one.
     */
    async claimCurrentPeriod({ job, runBy, everyMs, claimMs }: Omit<JobClaim, 'periodStart'>): Promise<Date | undefined> {
      const result = await db.execute(sql`
        insert into ${jobRuns} (job, period_start, run_by, claimed_until)
        values (
          ${job},
          to_timestamp(floor(extract(epoch from now()) * 1000 / ${everyMs}) * ${everyMs} / 1000.0),
          ${runBy},
          now() + ${claimMs} * interval '1 millisecond'
        )
        on conflict (job, period_start) do update
          set run_by = excluded.run_by, started_at = now(), claimed_until = excluded.claimed_until, error = null
          where ${jobRuns.finishedAt} is null and ${jobRuns.claimedUntil} < now()
        returning period_start`);
      const [claimed] = rowsOf<{ period_start: Date | string }>(result);
      return claimed && new Date(claimed.period_start);
    },

    async finish(job: string, periodStart: Date, error: string | null): Promise<void> {
      await db
        .update(jobRuns)
        .set({ finishedAt: sql`now()`, error })
        .where(and(eq(jobRuns.job, job), eq(jobRuns.periodStart, periodStart)));
    },

    async runsOf(job: string): Promise<JobRunRow[]> {
      return db.select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(jobRuns.periodStart);
    },

    async deleteOlderThan(ageMs: number): Promise<void> {
      await db.delete(jobRuns).where(lt(jobRuns.periodStart, sql`now() - ${ageMs} * interval '1 millisecond'`));
    },
  };
}

export type JobRunRepo = ReturnType<typeof createJobRunRepo>;
