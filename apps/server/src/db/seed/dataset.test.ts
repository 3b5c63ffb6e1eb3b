import { describe, expect, it } from 'vitest';
import { ADDRESS_FIXTURE_DIR, readReleaseAddresses } from '../address-import/fixture';
import { buildDemoDataset } from './dataset';
import { BRIEF_LENGTH } from './generate-trades';

const addressFile = await readReleaseAddresses(ADDRESS_FIXTURE_DIR);
const dataset = buildDemoDataset({ seed: 11, passwordHash: 'not-a-hash', addressFile });

describe('buildDemoDataset', () => {
  it('is a function of its seed', () => {
    expect(buildDemoDataset({ seed: 11, passwordHash: 'not-a-hash', addressFile })).toEqual(dataset);
    expect(buildDemoDataset({ seed: 12, passwordHash: 'not-a-hash', addressFile }).trades[1]).not.toEqual(dataset.trades[1]);
  });

  it('writes briefs of 40 to 100 characters', () => {
    for (const trade of dataset.trades) {
      expect(trade.brief?.length, trade.brief).toBeGreaterThanOrEqual(BRIEF_LENGTH.min);
      expect(trade.brief?.length, trade.brief).toBeLessThanOrEqual(BRIEF_LENGTH.max);
    }
  });

  it('never repeats a business name, an e-mail address or an id', () => {
    const unique = (values: string[]) => new Set(values).size === values.length;

    expect(unique(dataset.trades.map((trade) => trade.name))).toBe(true);
    expect(unique(dataset.users.map((user) => user.email.toLowerCase()))).toBe(true);
    expect(unique([...dataset.users, ...dataset.churches, ...dataset.trades].map((row) => row.id))).toBe(true);
  });

  it('fills every template placeholder', () => {
    const texts = dataset.trades.flatMap((trade) => [trade.name, trade.brief ?? '', trade.service ?? '']);

    expect(texts.filter((text) => /[{}]/.test(text))).toEqual([]);
  });

  it('gives about a tenth of the businesses no street address, and most a website', () => {
    const onlineOnly = dataset.trades.length - dataset.addresses.length;
    const withWebsite = dataset.trades.filter((trade) => trade.website).length;

    expect(onlineOnly / dataset.trades.length).toBeGreaterThan(0.04);
    expect(onlineOnly / dataset.trades.length).toBeLessThan(0.16);
    expect(withWebsite / dataset.trades.length).toBeGreaterThan(0.7);
  });
});
