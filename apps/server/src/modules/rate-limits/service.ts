import { isIPv4, isIPv6 } from 'node:net';
import type { Clock } from '../../clock';
import { TooManyRequestsError } from '../../http/app-error';
import type { RateLimitRepo } from './repo';

/** At most `limit` attempts per subject in each window of `windowMs`. */
export interface RateLimitRule {
  /** Keeps the counters of different rules apart. */
  name: string;
  limit: number;
  windowMs: number;
}

const SECOND_MS = 1000;
const MINUTE_SECONDS = 60;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds < MINUTE_SECONDS
      ? plural(retryAfterSeconds, 'second')
      : plural(Math.ceil(retryAfterSeconds / MINUTE_SECONDS), 'minute');
  return `Too many attempts. Try again in ${wait}.`;
}

function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
}

/**
 * The subject an address is counted as. One IPv6 customer is usually given a whole /64 network, so counting
 * single addresses would let one machine step around the limit: its /64 is counted instead.
 */
export function networkOf(address: string): string {
  const mappedIPv4 = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  if (mappedIPv4) return mappedIPv4;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = expandIPv6(address.split('%')[0]!.toLowerCase());
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export function createRateLimiter(repo: RateLimitRepo, clock: Clock) {
  return {
    /** Counts an attempt of the subject; refuses it with 429 once the rule's limit is passed. */
    async attempt(rule: RateLimitRule, subject: string): Promise<void> {
      const now = clock();
      const counter = await repo.hit(`${rule.name}:${subject}`, now, rule.windowMs);
      if (counter.hits <= rule.limit) return;
      const retryAfterSeconds = Math.max(1, Math.ceil((counter.resetsAt.getTime() - now.getTime()) / SECOND_MS));
      throw new TooManyRequestsError(tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds);
    },

    /** Counts an attempt of the subject and answers how many it made in the current window, this one included. */
    async countAttempt(rule: RateLimitRule, subject: string): Promise<number> {
      const counter = await repo.hit(`${rule.name}:${subject}`, clock(), rule.windowMs);
      return counter.hits;
    },

    sweepEnded: () => repo.sweepEnded(clock()),
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
