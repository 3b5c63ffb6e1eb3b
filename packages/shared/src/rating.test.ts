import { describe, expect, it } from 'vitest';
import { meetsMinRating, ratingOf } from './rating';

describe('"4 stars and up"', () => {
  it('finds a business whose card reads 4.0 or more, and none whose card reads 3.9', () => {
    const cases: [count: number, total: number, found: boolean][] = [
      [3, 12, true], // 4.0
      [20, 79, true], // 3.95, shown as 4.0
      [20, 78, false], // 3.9
      [3, 11, false], // 3.7
      [40, 157, false], // 3.925, shown as 3.9
      [3, 15, true], // 5.0
    ];
    for (const [count, total, found] of cases) {
      expect(meetsMinRating(count, total, 4)).toBe(found);
      expect(ratingOf(count, total)!.average >= 4).toBe(found);
    }
  });

  it('finds no business with fewer reviews than a rating is shown from, however good they are', () => {
    expect(meetsMinRating(2, 10, 4)).toBe(false);
    expect(ratingOf(2, 10)).toBeNull();
  });
});
