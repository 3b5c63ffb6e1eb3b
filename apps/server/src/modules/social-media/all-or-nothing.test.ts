import { NEW_SOCIAL_MEDIA_REFERENCE_ID } from '@churchtrades/shared/social-media';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { socialMedia, trades } from '../../db/schema';
import { createAccount, createSocialMedia, createTrade } from '../../../test/factories';
import { refuseWrites } from '../../../test/refused-writes';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

// The business cannot be flagged for its moderators' look: the last step of a website change (trade-dashboard's
// noteLinkChange) fails after the entry and the business's website were written.
await refuseWrites(db, 'trades', `NEW.changed_since_approval AND NOT OLD.changed_since_approval AND NEW.name LIKE 'Unflaggable%'`);

async function ownerWithTrade(website: string | null = null) {
  const owner = await createAccount(db);
  const trade = await createTrade(db, { ownerId: owner.id, name: `Unflaggable ${owner.id}`, website });
  return { trade, browser: await loggedInBrowser(app, db, owner.id) };
}

function websiteEntry(tradeId: string, name: string) {
  return { entityId: tradeId, name, mediaType: 'WEBSITE', referenceId: NEW_SOCIAL_MEDIA_REFERENCE_ID };
}

async function stored(tradeId: string) {
  const [trade] = await db.select().from(trades).where(eq(trades.id, tradeId));
  const entries = await db.select().from(socialMedia).where(eq(socialMedia.entityId, tradeId));
  return { website: trade!.website, flagged: trade!.changedSinceApproval, entries: entries.map((entry) => entry.name) };
}

describe('a website change whose moderators cannot be told', () => {
  it('adds no entry and leaves the website as it was', async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.post('/api/socialMedia/create', websiteEntry(trade.id, 'https://new.example.com.au'));

    expect(response.statusCode).toBe(500);
    expect(await stored(trade.id)).toEqual({ website: null, flagged: false, entries: [] });
  });

  it('keeps the entry and the website as they were when the entry changes', async () => {
    const { trade, browser } = await ownerWithTrade('https://old.example.com.au');
    const entry = await createSocialMedia(db, trade.id, { mediaType: 'WEBSITE', name: 'https://old.example.com.au' });

    const response = await browser.patch('/api/socialMedia/update', {
      ...websiteEntry(trade.id, 'https://new.example.com.au'),
      id: entry.id,
    });

    expect(response.statusCode).toBe(500);
    expect(await stored(trade.id)).toEqual({
      website: 'https://old.example.com.au',
      flagged: false,
      entries: ['https://old.example.com.au'],
    });
  });

  it('keeps the entry and the website when the entry is deleted', async () => {
    const { trade, browser } = await ownerWithTrade('https://old.example.com.au');
    const entry = await createSocialMedia(db, trade.id, { mediaType: 'WEBSITE', name: 'https://old.example.com.au' });

    const response = await browser.patch('/api/socialMedia/delete', { id: entry.id });

    expect(response.statusCode).toBe(500);
    expect(await stored(trade.id)).toEqual({
      website: 'https://old.example.com.au',
      flagged: false,
      entries: ['https://old.example.com.au'],
    });
  });
});
