import type { Clock } from '../../clock';
import type { ScheduledJob } from '../jobs/scheduler';
import type { ReviewModerationRepo } from './repo';

/** Often enough that a review the church held shows again within minutes of its CHURCH_HOLD_HOURS. */
export const CHURCH_HOLD_LAPSE_EVERY_MS = 5 * 60 * 1000;

/**
 * Ends the church's holds that lapsed: each review shows again unless an automatic check still holds it (or a
 * moderator removed it meanwhile). One statement, so a run missed is made up by the next.
 */
export function churchHoldLapseJob({ repo, clock }: { repo: Pick<ReviewModerationRepo, 'lapseChurchHolds'>; clock: Clock }): ScheduledJob {
  return {
    name: 'review-church-holds',
    decisions: ['REVIEW_CHURCH_HOLD_LAPSE'],
    everyMs: CHURCH_HOLD_LAPSE_EVERY_MS,
    async run(): Promise<void> {
      await repo.lapseChurchHolds(clock());
    },
  };
}
