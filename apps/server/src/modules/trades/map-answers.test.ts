import { describe, expect, it, vi } from 'vitest';
import { createMapAnswers } from './map-answers';

const json = (text: string) => () => Promise.resolve(JSON.stringify({ points: [], text }));

describe('map answers kept between writes', () => {
  it('computes an answer once per version and gives it again with the same tag', async () => {
    const answers = createMapAnswers();
    const compute = vi.fn(json('first'));

    const first = await answers.answer('whole country', 7, compute);
    const again = await answers.answer('whole country', 7, compute);

    expect(compute).toHaveBeenCalledTimes(1);
    expect(again).toEqual(first);
    expect(first.tag).toMatch(/^W\/"[\w-]+"$/);
  });

  it('computes again once the version has grown, with a new tag for new content', async () => {
    const answers = createMapAnswers();
    const before = await answers.answer('whole country', 7, json('before'));

    const after = await answers.answer('whole country', 8, json('after'));

    expect(after.json).toContain('after');
    expect(after.tag).not.toBe(before.tag);
  });

  it('computes once for requests asking at the same time', async () => {
    const answers = createMapAnswers();
    const compute = vi.fn(json('shared'));

    const all = await Promise.all(Array.from({ length: 5 }, () => answers.answer('NSW', 3, compute)));

    expect(compute).toHaveBeenCalledTimes(1);
    expect(new Set(all.map((answer) => answer.json)).size).toBe(1);
  });

  it('keeps no failure: the next request computes again', async () => {
    const answers = createMapAnswers();
    await expect(answers.answer('NSW', 3, () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');

    const retried = await answers.answer('NSW', 3, json('back'));

    expect(retried.json).toContain('back');
  });

  it('drops the least recently asked answer beyond the number it keeps', async () => {
    const answers = createMapAnswers(2);
    const compute = vi.fn(json('any'));
    await answers.answer('whole country', 1, compute);
    await answers.answer('NSW', 1, compute);
    await answers.answer('whole country', 1, compute);
    await answers.answer('VIC', 1, compute);

    await answers.answer('whole country', 1, compute);
    await answers.answer('NSW', 1, compute);

    expect(compute).toHaveBeenCalledTimes(4);
  });

  it('keeps nothing when told to keep none', async () => {
    const answers = createMapAnswers(0);
    const compute = vi.fn(json('fresh'));

    await answers.answer('whole country', 1, compute);
    await answers.answer('whole country', 1, compute);

    expect(compute).toHaveBeenCalledTimes(2);
  });
});
