import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import { rateLimitCounters } from '../../db/schema';
import { TooManyRequestsError } from '../../http/app-error';
import { createRateLimitRepo } from './repo';
import {
  type BackOffRule,
  backOffWaitMs,
  createRateLimiter,
  networkOf,
  type RateLimitRule,
  subjectWithin,
  tooManyAttemptsMessage,
} from './service';

const database = await createTestDatabase();
afterAll(() => database.close());

let now = new Date('2026-03-01T10:00:00Z').getTime();
const limiter = createRateLimiter(createRateLimitRepo(database.db), () => new Date(now));
const THREE_A_MINUTE: RateLimitRule = { name: 'test-three', limit: 3, windowMs: 60_000, decision: 'LOGIN_LIMITS' };

async function refusal(attempt: Promise<void>): Promise<TooManyRequestsError> {
  const error = await attempt.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof TooManyRequestsError)) throw new Error('the attempt was not refused');
  return error;
}

describe('tooManyAttemptsMessage', () => {
  it('says when to try again, in minutes or, under a minute, in seconds', () => {
    expect(tooManyAttemptsMessage(720)).toBe('Too many attempts. Try again in 12 minutes.');
    expect(tooManyAttemptsMessage(61)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(tooManyAttemptsMessage(60)).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(30)).toBe('Too many attempts. Try again in 30 seconds.');
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Try again in 1 second.');
  });
});

describe('networkOf', () => {
  it('counts an IPv4 address, mapped into IPv6 or not, as itself', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address as its /64 network, however it is written', () => {
    expect(networkOf('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:0::/64');
    expect(networkOf('2001:0DB8:85A3:0000:1111:2222:3333:4444')).toBe('2001:db8:85a3:0::/64');
    expect(networkOf('2001:db8:85a3:0:ffff::1')).toBe('2001:db8:85a3:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('the rate limiter', () => {
  it('allows the limit, then refuses with the seconds left in the window', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) await limiter.attempt(THREE_A_MINUTE, 'ann');
    now += 15_000;

    const refused = await refusal(limiter.attempt(THREE_A_MINUTE, 'ann'));

    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.retryAfterSeconds).toBe(45);
    expect(refused.message).toBe('Too many attempts. Try again in 45 seconds.');
  });

  it('starts counting again when the window has passed', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) await limiter.attempt(THREE_A_MINUTE, 'ben').catch(() => undefined);

    now += 60_000;

    await expect(limiter.attempt(THREE_A_MINUTE, 'ben')).resolves.toBeUndefined();
    expect(await limiter.countAttempt(THREE_A_MINUTE, 'ben')).toBe(2);
  });

  it('counts each rule and each subject apart', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) await limiter.attempt(THREE_A_MINUTE, 'cas');

    await expect(limiter.attempt(THREE_A_MINUTE, 'dan')).resolves.toBeUndefined();
    await expect(limiter.attempt({ ...THREE_A_MINUTE, name: 'test-other' }, 'cas')).resolves.toBeUndefined();
    expect((await refusal(limiter.attempt(THREE_A_MINUTE, 'cas'))).code).toBe('TOO_MANY_REQUESTS');
  });

  it('counts attempts made at the same time on several connections', async () => {
    const rule: RateLimitRule = { name: 'test-parallel', limit: 100, windowMs: 60_000, decision: 'LOGIN_LIMITS' };

    await Promise.all(Array.from({ length: 20 }, () => limiter.countAttempt(rule, 'eve')));

    expect(await limiter.countAttempt(rule, 'eve')).toBe(21);
  });

  it('sweeps away the counters whose window has ended', async () => {
    await limiter.attempt(THREE_A_MINUTE, 'fay');
    now += 60_000;
    await limiter.attempt({ ...THREE_A_MINUTE, windowMs: 120_000 }, 'gil');

    await createRateLimitRepo(database.db).sweepEnded(new Date(now));

    const keys = (await database.db.select().from(rateLimitCounters)).map((row) => row.key);
    expect(keys).toEqual(['test-three:gil']);
  });
});

const BACK_OFF: BackOffRule = {
  name: 'test-back-off',
  free: 2,
  firstWaitMs: 30_000,
  longestWaitMs: 120_000,
  windowMs: 3_600_000,
  decision: 'LOGIN_LIMITS',
};

describe('backOffWaitMs', () => {
  it('waits nothing for the free failures, then doubles the wait up to the longest', () => {
    expect([1, 2, 3, 4, 5, 6, 40].map((failures) => backOffWaitMs(BACK_OFF, failures))).toEqual([
      0, 0, 30_000, 60_000, 120_000, 120_000, 120_000,
    ]);
  });
});

describe('the back-off', () => {
  it('lets the free failures through, then makes the subject wait longer after each further one', async () => {
    for (let failure = 0; failure < 2; failure += 1) {
      await limiter.assertNotWaiting(BACK_OFF, 'hal');
      await limiter.countFailure(BACK_OFF, 'hal');
    }
    await expect(limiter.assertNotWaiting(BACK_OFF, 'hal')).resolves.toBeUndefined();

    await limiter.countFailure(BACK_OFF, 'hal');
    expect((await refusal(limiter.assertNotWaiting(BACK_OFF, 'hal'))).retryAfterSeconds).toBe(30);
    now += 30_000;
    await limiter.assertNotWaiting(BACK_OFF, 'hal');
    await limiter.countFailure(BACK_OFF, 'hal');

    expect((await refusal(limiter.assertNotWaiting(BACK_OFF, 'hal'))).retryAfterSeconds).toBe(60);
    await expect(limiter.assertNotWaiting(BACK_OFF, 'ida')).resolves.toBeUndefined();
  });

  it('starts afresh once the window of failures has passed', async () => {
    for (let failure = 0; failure < 3; failure += 1) await limiter.countFailure(BACK_OFF, 'jo');
    expect((await refusal(limiter.assertNotWaiting(BACK_OFF, 'jo'))).retryAfterSeconds).toBe(30);

    now += 3_600_000;
    await limiter.countFailure(BACK_OFF, 'jo');

    await expect(limiter.assertNotWaiting(BACK_OFF, 'jo')).resolves.toBeUndefined();
  });
});

describe('assertBelowLimit', () => {
  it('refuses once the limit is used, without counting anything itself', async () => {
    for (let check = 0; check < 5; check += 1) await limiter.assertBelowLimit(THREE_A_MINUTE, 'kim');
    for (let attempt = 0; attempt < 3; attempt += 1) await limiter.countAttempt(THREE_A_MINUTE, 'kim');

    expect((await refusal(limiter.assertBelowLimit(THREE_A_MINUTE, 'kim'))).retryAfterSeconds).toBe(60);
    now += 60_000;
    await expect(limiter.assertBelowLimit(THREE_A_MINUTE, 'kim')).resolves.toBeUndefined();
  });
});

describe('excuse', () => {
  it('lets the party past the limit of the subject until its window ends, and no other party', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) await limiter.countAttempt(THREE_A_MINUTE, 'lou');
    await limiter.excuse(THREE_A_MINUTE, 'lou', '10.0.0.1');

    await expect(limiter.assertBelowLimit(THREE_A_MINUTE, 'lou', '10.0.0.1')).resolves.toBeUndefined();
    await refusal(limiter.assertBelowLimit(THREE_A_MINUTE, 'lou', '10.0.0.2'));
    await refusal(limiter.assertBelowLimit(THREE_A_MINUTE, 'lou'));
    now += 60_000;
    for (let attempt = 0; attempt < 3; attempt += 1) await limiter.countAttempt(THREE_A_MINUTE, 'lou');
    await refusal(limiter.assertBelowLimit(THREE_A_MINUTE, 'lou', '10.0.0.1'));
  });
});

describe('forget', () => {
  it('forgets the subject, its wait and the subjects within it, and no subject that merely begins alike', async () => {
    const within = subjectWithin('max@example.com', '10.0.0.1');
    for (const subject of ['max@example.com', within, 'max@example.com.au']) {
      for (let failure = 0; failure < 3; failure += 1) await limiter.countFailure(BACK_OFF, subject);
    }

    await limiter.forget(BACK_OFF, 'max@example.com');

    await expect(limiter.assertNotWaiting(BACK_OFF, 'max@example.com')).resolves.toBeUndefined();
    await expect(limiter.assertNotWaiting(BACK_OFF, within)).resolves.toBeUndefined();
    await refusal(limiter.assertNotWaiting(BACK_OFF, 'max@example.com.au'));
    await limiter.countFailure(BACK_OFF, within);
    await expect(limiter.assertNotWaiting(BACK_OFF, within)).resolves.toBeUndefined();
  });

  it('forgets the parties excused for the subject', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) await limiter.countAttempt(THREE_A_MINUTE, 'ned');
    await limiter.excuse(THREE_A_MINUTE, 'ned', '10.0.0.1');

    await limiter.forget(THREE_A_MINUTE, 'ned');
    for (let attempt = 0; attempt < 3; attempt += 1) await limiter.countAttempt(THREE_A_MINUTE, 'ned');

    await refusal(limiter.assertBelowLimit(THREE_A_MINUTE, 'ned', '10.0.0.1'));
  });
});
