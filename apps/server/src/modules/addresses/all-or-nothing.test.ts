import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addresses, trades } from '../../db/schema';
import { createAccount, createAddress, createTrade } from '../../../test/factories';
import { refuseWrites } from '../../../test/refused-writes';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

// A business cannot be indexed under Refusedville, nor stop being indexed under Stuckville: the second step
// of an address change (the business's search keywords) fails after the address itself was written.
await refuseWrites(
  db,
  'trades',
  `NEW.search_keywords LIKE '%Refusedville%'
    OR (OLD.search_keywords LIKE '%Stuckville%' AND NEW.search_keywords NOT LIKE '%Stuckville%')`,
);

async function ownerWithTrade(trade: Parameters<typeof createTrade>[1] = {}) {
  const owner = await createAccount(db);
  const created = await createTrade(db, { ...trade, ownerId: owner.id });
  return { trade: created, browser: await loggedInBrowser(app, db, owner.id) };
}

function addressOf(tradeId: string, suburb: string) {
  return { entityId: tradeId, fullAddress: `1 Church St, ${suburb} NSW 2150`, stateType: 'NSW', suburb };
}

async function suburbsOf(tradeId: string) {
  return (await db.select().from(addresses).where(eq(addresses.entityId, tradeId))).map((row) => row.suburb);
}

async function keywordsOf(tradeId: string) {
  const [row] = await db.select({ searchKeywords: trades.searchKeywords }).from(trades).where(eq(trades.id, tradeId));
  return row!.searchKeywords;
}

describe('an address change whose search keywords cannot be written', () => {
  it('stores no new address', async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.post('/api/address/create', addressOf(trade.id, 'Refusedville'));

    expect(response.statusCode).toBe(500);
    expect(await suburbsOf(trade.id)).toEqual([]);
    expect(await keywordsOf(trade.id)).toBe(trade.searchKeywords);
  });

  it('keeps the address as it was when it moves', async () => {
    const { trade, browser } = await ownerWithTrade({ searchKeywords: 'Parramatta' });
    const address = await createAddress(db, trade.id, { suburb: 'Parramatta' });

    const response = await browser.patch('/api/address/update', { ...addressOf(trade.id, 'Refusedville'), id: address.id });

    expect(response.statusCode).toBe(500);
    expect(await suburbsOf(trade.id)).toEqual(['Parramatta']);
    expect(await keywordsOf(trade.id)).toBe('Parramatta');
  });

  it('keeps the address when it is deleted', async () => {
    const { trade, browser } = await ownerWithTrade({ searchKeywords: 'Stuckville' });
    const address = await createAddress(db, trade.id, { suburb: 'Stuckville' });

    const response = await browser.patch(`/api/address/delete/${address.id}`);

    expect(response.statusCode).toBe(500);
    expect(await suburbsOf(trade.id)).toEqual(['Stuckville']);
  });
});
