import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache';

let now = 0;
const clock = () => new Date(now);

describe('the answer cache', () => {
  it('keeps an answer for its time, a kept "nothing" included', () => {
    const cache = createAnswerCache<string | null>({ maxEntries: 10, ttlMs: 1000, clock });
    cache.set('found', 'an address');
    cache.set('unknown', null);

    now += 999;
    expect(cache.get('found')).toEqual({ value: 'an address' });
    expect(cache.get('unknown')).toEqual({ value: null });
    expect(cache.get('never asked')).toBeUndefined();

    now += 1;
    expect(cache.get('found')).toBeUndefined();
  });

  it('keeps at most its number of answers, letting the least recently used go first', () => {
    const cache = createAnswerCache<number>({ maxEntries: 3, ttlMs: 60_000, clock });
    for (const key of ['a', 'b', 'c']) cache.set(key, 1);
    cache.get('a');

    cache.set('d', 1);

    expect(['a', 'b', 'c', 'd'].map((key) => cache.get(key) !== undefined)).toEqual([true, false, true, true]);
  });
});
