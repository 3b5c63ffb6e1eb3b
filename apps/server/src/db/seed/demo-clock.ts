import type { Random } from './random';

/**
 * The demo's "today". Fixed, not the real clock, so the same seed gives the same rows on any day;
 * every created, updated and moderated time lies before it.
 */
export const DEMO_NOW = new Date(Date.UTC(2025, 5, 30, 9, 0, 0));

const SECONDS_PER_DAY = 86_400;

/** A moment between minDays and maxDays before the demo's today, to the second. */
export function daysAgo(random: Random, minDays: number, maxDays: number): Date {
  const seconds = random.int(minDays * SECONDS_PER_DAY, maxDays * SECONDS_PER_DAY);
  return new Date(DEMO_NOW.getTime() - seconds * 1000);
}

export function hoursLater(random: Random, from: Date, minHours: number, maxHours: number): Date {
  const later = new Date(from.getTime() + random.int(minHours * 3600, maxHours * 3600) * 1000);
  return later > DEMO_NOW ? DEMO_NOW : later;
}
