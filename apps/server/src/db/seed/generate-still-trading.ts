import { STILL_TRADING_DEFAULT_MONTHS, STILL_TRADING_EXPIRY_DAYS, STILL_TRADING_REMINDER_DAYS } from '@churchtrades/shared/still-trading';
import type { GeneratedTrade } from './generate-trades';
import type { Random } from './random';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many days before its expiry the demo's business "about to expire" stands at seeding. */
const ABOUT_TO_EXPIRE_IN_DAYS = 3;

function monthsBefore(date: Date, months: number): Date {
  const moved = new Date(date);
  moved.setUTCMonth(moved.getUTCMonth() - months);
  return moved;
}

function daysBefore(date: Date, days: number): Date {
  return new Date(date.getTime() - days * DAY_MS);
}

/**
 * Where the demo's businesses stand in the still-trading rounds, counted from the moment of seeding (the job runs
 * on the real clock): their owners said yes at some time in the period before, so that questions come a few at a
 * time over the months after; the demo trader's is due, so the job asks its owner on the first start; and one
 * business of the demo church was asked and reminded and leaves the directory in three days, for the moderators'
 * "About to expire".
 */
export function placeInStillTradingRounds(random: Random, generated: GeneratedTrade[], demoChurchId: string, now: Date): void {
  const periodStart = monthsBefore(now, STILL_TRADING_DEFAULT_MONTHS);
  for (const { trade } of generated) {
    if (trade.moderationStatus !== 'APPROVED') continue;
    trade.tradingConfirmedAt = new Date(random.int(periodStart.getTime() + 7 * DAY_MS, now.getTime() - DAY_MS));
  }
  const [demoTraders] = generated;
  if (!demoTraders) throw new Error('The demo trader has no business');
  demoTraders.trade.tradingConfirmedAt = daysBefore(periodStart, 1);

  const aboutToExpire = generated.find(
    ({ trade }, index) => index > 6 && trade.moderationStatus === 'APPROVED' && trade.churchId === demoChurchId,
  );
  if (!aboutToExpire) throw new Error('No approved business at the demo church to be about to expire');
  const askedAt = daysBefore(now, STILL_TRADING_EXPIRY_DAYS - ABOUT_TO_EXPIRE_IN_DAYS);
  aboutToExpire.trade.tradingCheckSentAt = askedAt;
  aboutToExpire.trade.tradingReminderSentAt = new Date(askedAt.getTime() + STILL_TRADING_REMINDER_DAYS * DAY_MS);
  aboutToExpire.trade.tradingConfirmedAt = monthsBefore(askedAt, STILL_TRADING_DEFAULT_MONTHS);
}
