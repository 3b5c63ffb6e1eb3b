import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './worker';

describe('the wait before a mail is tried again', () => {
  const middle = () => 0.5;

  it('doubles after each failed try', () => {
    expect([1, 2, 3, 4].map((tries) => retryDelayMs(30_000, tries, middle))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it('never grows past six hours', () => {
    expect(retryDelayMs(30_000, 30, middle)).toBe(6 * 60 * 60 * 1000);
  });

  it('spreads tries of mails that failed together by a fifth either way', () => {
    expect(retryDelayMs(10_000, 1, () => 0)).toBe(8000);
    expect(retryDelayMs(10_000, 1, () => 1)).toBe(12_000);
  });
});
