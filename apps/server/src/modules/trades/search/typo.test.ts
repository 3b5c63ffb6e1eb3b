import { describe, expect, it } from 'vitest';
import { keptVocabulary } from './typo';

function vocabularyAt(start: Date, read: () => Promise<string[]>) {
  let now = start;
  const vocabulary = keptVocabulary({ categoryVocabulary: read }, () => now);
  return {
    vocabulary,
    wait: (milliseconds: number) => {
      now = new Date(now.getTime() + milliseconds);
    },
  };
}

describe('the category vocabulary typos are corrected to', () => {
  it('is read once for a minute, then read again', async () => {
    let reads = 0;
    const { vocabulary, wait } = vocabularyAt(new Date('2026-11-26T09:00:00Z'), async () => {
      reads += 1;
      return ['plumber', `edition${reads}`];
    });

    const first = await vocabulary();
    wait(60_000);
    const aMinuteOn = await vocabulary();
    wait(1);
    const later = await vocabulary();

    expect(first).toEqual(['plumber', 'edition1']);
    expect(aMinuteOn).toEqual(first);
    expect(later).toEqual(['plumber', 'edition2']);
    expect(reads).toBe(2);
  });

  it('is read again at once after a failed read', async () => {
    let reads = 0;
    const { vocabulary } = vocabularyAt(new Date('2026-11-26T09:00:00Z'), async () => {
      reads += 1;
      if (reads === 1) throw new Error('connection lost');
      return ['plumber'];
    });

    await expect(vocabulary()).rejects.toThrow('connection lost');

    expect(await vocabulary()).toEqual(['plumber']);
  });
});
