import { isIPv4, isIPv6 } from 'node:net';
import type { AutomatedDecisionKind } from '@churchtrades/shared/automated-decisions';
import type { Clock } from '../../clock';
import { TooManyRequestsError } from '../../http/app-error';
import type { RateLimitRepo } from './repo';

/** At most `limit` attempts per subject in each window of `windowMs`. */
export interface RateLimitRule {
  /** Keeps the counters of different rules apart. */
  name: string;
  limit: number;
  windowMs: number;
  /** The privacy policy's entry that explains the limit to the people it refuses. */
  decision: AutomatedDecisionKind;
}

/**
 * Failures of a subject, counted in windows of `windowMs`: the first `free` cost nothing; after each further
 * one the subject must wait before trying again, twice as long as the time before, from `firstWaitMs` up to
 * `longestWaitMs`. Slows a guesser down to a crawl without ever shutting the door for long.
 */
export interface BackOffRule {
  name: string;
  free: number;
  firstWaitMs: number;
  longestWaitMs: number;
  windowMs: number;
  decision: AutomatedDecisionKind;
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

/**
 * A subject within another, such as an account on one network: what the limiter forgets of the outer subject it
 * forgets of this one too.
 */
export function subjectWithin(subject: string, part: string): string {
  return `${subject} ${part}`;
}

/** The wait after the failure numbered `failures` (counting from 1) of the back-off rule; 0 while still free. */
export function backOffWaitMs(rule: BackOffRule, failures: number): number {
  const beyondFree = failures - rule.free;
  if (beyondFree <= 0) return 0;
  return Math.min(rule.longestWaitMs, rule.firstWaitMs * 2 ** Math.min(beyondFree - 1, 30));
}

export function createRateLimiter(repo: RateLimitRepo, clock: Clock) {
  function refusal(resetsAt: Date, now: Date): TooManyRequestsError {
    const retryAfterSeconds = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / SECOND_MS));
    return new TooManyRequestsError(tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds);
  }

  type Named = Pick<RateLimitRule, 'name'>;
  const countKey = (rule: Named, subject: string) => `${rule.name}:${subject}`;
  const waitKey = (rule: Named, subject: string) => `${rule.name}-wait:${subject}`;
  const excusedKey = (rule: Named, subject: string) => `${rule.name}-excused:${subject}`;

  return {
    /** Counts an attempt of the subject; refuses it with 429 once the rule's limit is passed. */
    async attempt(rule: RateLimitRule, subject: string): Promise<void> {
      const now = clock();
      const counter = await repo.hit(countKey(rule, subject), now, rule.windowMs);
      if (counter.hits <= rule.limit) return;
      throw refusal(counter.resetsAt, now);
    },

    /**
     * Refuses with 429 when the subject has used up the rule's limit in this window, unless the party asking
     * (a network) was excused for it; counts nothing.
     */
    async assertBelowLimit(rule: RateLimitRule, subject: string, party?: string): Promise<void> {
      const now = clock();
      const counter = await repo.current(countKey(rule, subject), now);
      if (!counter || counter.hits < rule.limit) return;
      if (party !== undefined && (await repo.current(excusedKey(rule, subjectWithin(subject, party)), now))) return;
      throw refusal(counter.resetsAt, now);
    },

    /**
     * Lets the party past the rule's limit for the subject until the subject's current window ends (nothing
     * while no window is open). What the party tries is still counted, under this rule and any other.
     */
    async excuse(rule: RateLimitRule, subject: string, party: string): Promise<void> {
      const now = clock();
      const counter = await repo.current(countKey(rule, subject), now);
      if (!counter) return;
      await repo.hit(excusedKey(rule, subjectWithin(subject, party)), now, counter.resetsAt.getTime() - now.getTime());
    },

    /**
     * Forgets what the rule counted of the subject and of every subject within it, their waits and the parties
     * excused for them, as though none had tried.
     */
    async forget(rule: RateLimitRule | BackOffRule, subject: string): Promise<void> {
      const keys = [countKey(rule, subject), waitKey(rule, subject)];
      const prefixes = [...keys, excusedKey(rule, subject)].map((key) => subjectWithin(key, ''));
      await repo.remove(keys, prefixes);
    },

    /** Refuses with 429 while the subject waits after its last failure under the back-off rule. */
    async assertNotWaiting(rule: BackOffRule, subject: string): Promise<void> {
      const now = clock();
      const wait = await repo.current(waitKey(rule, subject), now);
      if (wait) throw refusal(wait.resetsAt, now);
    },

    /** Counts a failure of the subject under the back-off rule, and makes it wait when its free ones are used. */
    async countFailure(rule: BackOffRule, subject: string): Promise<void> {
      const now = clock();
      const failures = await repo.hit(countKey(rule, subject), now, rule.windowMs);
      const waitMs = backOffWaitMs(rule, failures.hits);
      // Failures are only counted outside a wait, so the last wait has ended and this starts a new one.
      if (waitMs > 0) await repo.hit(waitKey(rule, subject), now, waitMs);
    },

    /** Counts an attempt of the subject and answers how many it made in the current window, this one included. */
    async countAttempt(rule: RateLimitRule, subject: string): Promise<number> {
      const counter = await repo.hit(countKey(rule, subject), clock(), rule.windowMs);
      return counter.hits;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
