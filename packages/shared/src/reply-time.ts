/**
 * How quickly a business usually answers its enquiries, as its public page says: the median time to its first
 * answer over the last `REPLY_TIME_DAYS` days, shown once it has answered `REPLY_TIME_MIN_ANSWERED` enquiries in
 * them. Kept apart from the enquiries' schemas so that the pages showing it do not load those.
 */
export const REPLY_TIME_DAYS = 90;
export const REPLY_TIME_MIN_ANSWERED = 3;
export const REPLY_TIMES = ['HOUR', 'HOURS', 'DAY', 'DAYS', 'WEEK'] as const;
export type ReplyTime = (typeof REPLY_TIMES)[number];
export const REPLY_TIME_TEXTS: Readonly<Record<ReplyTime, string>> = {
  HOUR: 'usually replies within an hour',
  HOURS: 'usually replies within a few hours',
  DAY: 'usually replies within a day',
  DAYS: 'usually replies within a few days',
  WEEK: 'usually replies within a week or more',
};

const HOUR_MS = 60 * 60 * 1000;

/** The bucket a median time to first answer falls in. */
export function replyTimeOf(medianMs: number): ReplyTime {
  if (medianMs <= HOUR_MS) return 'HOUR';
  if (medianMs <= 6 * HOUR_MS) return 'HOURS';
  if (medianMs <= 24 * HOUR_MS) return 'DAY';
  if (medianMs <= 72 * HOUR_MS) return 'DAYS';
  return 'WEEK';
}
