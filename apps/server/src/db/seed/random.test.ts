import { describe, expect, it } from 'vitest';
import { createRandom } from './random';

describe('createRandom', () => {
  it('repeats its sequence for the same seed and label', () => {
    const first = createRandom(42, 'trades');
    const second = createRandom(42, 'trades');

    expect(Array.from({ length: 20 }, () => first.next())).toEqual(Array.from({ length: 20 }, () => second.next()));
  });

  it('gives another sequence for another seed or label', () => {
    const sample = (seed: number, label: string) => {
      const random = createRandom(seed, label);
      return Array.from({ length: 5 }, () => random.int(0, 1_000_000));
    };

    expect(sample(42, 'trades')).not.toEqual(sample(43, 'trades'));
    expect(sample(42, 'trades')).not.toEqual(sample(42, 'churches'));
  });

  it('keeps int within its bounds, both included', () => {
    const random = createRandom(1);
    const values = new Set(Array.from({ length: 500 }, () => random.int(3, 6)));

    expect([...values].sort()).toEqual([3, 4, 5, 6]);
  });

  it('makes version 4 UUIDs', () => {
    const random = createRandom(1);

    for (let index = 0; index < 50; index += 1) {
      expect(random.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('shuffles without losing or adding items', () => {
    const items = Array.from({ length: 30 }, (_, index) => index);

    expect(createRandom(9).shuffle(items).sort((a, b) => a - b)).toEqual(items);
  });
});
