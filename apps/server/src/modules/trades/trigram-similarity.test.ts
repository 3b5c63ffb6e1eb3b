import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { closestWord, trigramSimilarity } from './trigram-similarity';

const { database } = await createTestApp();

const PAIRS = [
  ['electrcian', 'electrician'],
  ['plumbr', 'plumber'],
  ['flroist', 'florist'],
  ['aa', 'aaa'],
  ['x', 'x'],
  ['tiler', 'tiling'],
  ['123', '1234'],
  ['bows', 'brows'],
  ['mechanic', 'mechanical'],
  ['zzzz', 'plumber'],
] as const;

describe('trigram similarity', () => {
  it("agrees with pg_trgm's similarity() on single words", async () => {
    for (const [a, b] of PAIRS) {
      const result = await database.db.execute(sql`select similarity(${a}, ${b}) as similarity`);
      const expected = Number((result as unknown as { rows: { similarity: number }[] }).rows[0]?.similarity);
      expect(trigramSimilarity(a, b), `${a} ~ ${b}`).toBeCloseTo(expected, 5);
    }
  });

  it('takes the most alike word of the vocabulary, the first alphabetically on a tie', () => {
    const vocabulary = ['plumber', 'electrician', 'electricians', 'plumbing'];

    expect(closestWord('electrcian', vocabulary, 0.3)).toBe('electrician');
    expect(closestWord('plumbr', vocabulary, 0.3)).toBe('plumber');
    expect(closestWord('ab', ['ba', 'ab'], 0.3)).toBe('ab');
  });

  it('finds no word when none is alike enough', () => {
    expect(closestWord('zzzz', ['plumber', 'florist'], 0.3)).toBeUndefined();
  });
});
