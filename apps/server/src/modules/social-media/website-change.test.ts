import { NEW_SOCIAL_MEDIA_REFERENCE_ID } from '@churchtrades/shared/social-media';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trades } from '../../db/schema';
import { createAccount, createChurch, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, type TestBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

async function ownerWithTrade(trade: Parameters<typeof createTrade>[1] = {}) {
  const owner = await createAccount(db);
  const created = await createTrade(db, { ...trade, ownerId: owner.id });
  return { owner, trade: created, browser: await loggedInBrowser(app, db, owner.id) };
}

function entryOf(tradeId: string, mediaType: string, name: string) {
  return { entityId: tradeId, name, mediaType, referenceId: NEW_SOCIAL_MEDIA_REFERENCE_ID };
}

async function add(browser: TestBrowser, tradeId: string, mediaType: string, name: string) {
  return (await browser.post('/api/socialMedia/create', entryOf(tradeId, mediaType, name))).json().data.socialMedia;
}

async function storedTrade(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

describe('a change of website or any other link on an approved business', () => {
  it("flags the business for its moderators' look and keeps it listed when the owner adds a website", async () => {
    const { trade, browser } = await ownerWithTrade();

    await add(browser, trade.id, 'WEBSITE', 'https://new-site.example.com.au');

    expect(await storedTrade(trade.id)).toMatchObject({
      website: 'https://new-site.example.com.au',
      changedSinceApproval: true,
      listed: true,
    });
  });

  it('flags a changed and a removed website', async () => {
    const changed = await ownerWithTrade({ moderationStatus: 'PENDING' });
    const entry = await add(changed.browser, changed.trade.id, 'WEBSITE', 'https://before.example.com.au');
    const removed = await ownerWithTrade({ moderationStatus: 'PENDING' });
    const removedEntry = await add(removed.browser, removed.trade.id, 'WEBSITE', 'https://gone.example.com.au');
    await db.update(trades).set({ moderationStatus: 'APPROVED' }).where(eq(trades.id, changed.trade.id));
    await db.update(trades).set({ moderationStatus: 'APPROVED' }).where(eq(trades.id, removed.trade.id));

    await changed.browser.patch('/api/socialMedia/update', {
      ...entryOf(changed.trade.id, 'WEBSITE', 'https://after.example.com.au'),
      id: entry.id,
    });
    await removed.browser.patch('/api/socialMedia/delete', { id: removedEntry.id });

    expect(await storedTrade(changed.trade.id)).toMatchObject({ website: 'https://after.example.com.au', changedSinceApproval: true });
    expect(await storedTrade(removed.trade.id)).toMatchObject({ website: null, changedSinceApproval: true });
  });

  it.each(['FACEBOOK', 'INSTAGRAM', 'LINKEDIN', 'YOUTUBE', 'TIKTOK'])(
    'flags an added, a changed and a removed %s entry as it does a website',
    async (mediaType) => {
      const added = await ownerWithTrade();
      const changed = await ownerWithTrade({ moderationStatus: 'PENDING' });
      const removed = await ownerWithTrade({ moderationStatus: 'PENDING' });
      const changedEntry = await add(changed.browser, changed.trade.id, mediaType, 'parishplumbing');
      const removedEntry = await add(removed.browser, removed.trade.id, mediaType, 'parishplumbing');
      await db.update(trades).set({ moderationStatus: 'APPROVED' }).where(eq(trades.id, changed.trade.id));
      await db.update(trades).set({ moderationStatus: 'APPROVED' }).where(eq(trades.id, removed.trade.id));

      await add(added.browser, added.trade.id, mediaType, 'parishplumbing');
      await changed.browser.patch('/api/socialMedia/update', {
        ...entryOf(changed.trade.id, mediaType, 'someoneelse'),
        id: changedEntry.id,
      });
      await removed.browser.patch('/api/socialMedia/delete', { id: removedEntry.id });

      for (const { trade } of [added, changed, removed]) {
        expect(await storedTrade(trade.id)).toMatchObject({ changedSinceApproval: true, listed: true });
      }
    },
  );

  it('does not flag an entry saved unchanged, nor a business not yet approved', async () => {
    const approved = await ownerWithTrade({ moderationStatus: 'PENDING' });
    const entry = await add(approved.browser, approved.trade.id, 'FACEBOOK', 'parishplumbing');
    await db.update(trades).set({ moderationStatus: 'APPROVED' }).where(eq(trades.id, approved.trade.id));
    const pending = await ownerWithTrade({ moderationStatus: 'PENDING' });

    await approved.browser.patch('/api/socialMedia/update', {
      ...entryOf(approved.trade.id, 'FACEBOOK', ' parishplumbing '),
      id: entry.id,
    });
    await add(pending.browser, pending.trade.id, 'WEBSITE', 'https://pending.example.com.au');

    expect((await storedTrade(approved.trade.id)).changedSinceApproval).toBe(false);
    expect(await storedTrade(pending.trade.id)).toMatchObject({ website: 'https://pending.example.com.au', changedSinceApproval: false });
  });

  it("does not flag an administrator's change to someone else's business, nor one at a church that does not moderate", async () => {
    const { trade } = await ownerWithTrade();
    const unmoderated = await ownerWithTrade({ churchId: (await createChurch(db, { moderated: false })).id });
    const admin = await loggedInBrowser(app, db, (await createAccount(db, { role: 'ADMIN' })).id);

    await add(admin, trade.id, 'WEBSITE', 'https://fixed-by-admin.example.com.au');
    await add(unmoderated.browser, unmoderated.trade.id, 'WEBSITE', 'https://free.example.com.au');

    expect(await storedTrade(trade.id)).toMatchObject({ website: 'https://fixed-by-admin.example.com.au', changedSinceApproval: false });
    expect(await storedTrade(unmoderated.trade.id)).toMatchObject({ website: 'https://free.example.com.au', changedSinceApproval: false });
  });
});
