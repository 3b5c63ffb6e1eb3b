import { MESSAGES } from '@churchtrades/shared/messages';
import { SOCIAL_MEDIA_PER_TRADE } from '@churchtrades/shared/constants';
import { NEW_SOCIAL_MEDIA_REFERENCE_ID } from '@churchtrades/shared/social-media';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { socialMedia, trades } from '../../db/schema';
import { createAccount, createChurch, createSocialMedia, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, type TestBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

async function ownerWithTrade(trade: Parameters<typeof createTrade>[1] = {}) {
  const owner = await createAccount(db);
  const created = await createTrade(db, { ...trade, ownerId: owner.id });
  return { owner, trade: created, browser: await loggedInBrowser(app, db, owner.id) };
}

function entryOf(tradeId: string, mediaType: string, name: string, fields: Record<string, unknown> = {}) {
  return { entityId: tradeId, name, mediaType, referenceId: NEW_SOCIAL_MEDIA_REFERENCE_ID, ...fields };
}

async function add(browser: TestBrowser, tradeId: string, mediaType: string, name: string) {
  return (await browser.post('/api/socialMedia/create', entryOf(tradeId, mediaType, name))).json().data.socialMedia;
}

async function websiteOf(tradeId: string) {
  const [row] = await db.select({ website: trades.website }).from(trades).where(eq(trades.id, tradeId));
  return row!.website;
}

async function entriesOf(tradeId: string) {
  return db.select().from(socialMedia).where(eq(socialMedia.entityId, tradeId));
}

describe('POST /api/socialMedia/create', () => {
  it.each([
    ['FACEBOOK', 'parishplumbing', 'https://www.facebook.com/parishplumbing'],
    ['INSTAGRAM', '@parish.plumbing', 'https://www.instagram.com/parish.plumbing'],
    ['LINKEDIN', 'https://www.linkedin.com/in/mary-nguyen', 'https://www.linkedin.com/in/mary-nguyen'],
    ['YOUTUBE', '@ParishPlumbing', 'https://www.youtube.com/@ParishPlumbing'],
    ['TIKTOK', 'parishplumbing', 'https://www.tiktok.com/@parishplumbing'],
    ['WEBSITE', 'https://parishplumbing.example.com.au', 'https://parishplumbing.example.com.au'],
  ])('adds a %s entry for %s linking to %s', async (mediaType, name, url) => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.post('/api/socialMedia/create', entryOf(trade.id, mediaType, name));

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'CREATED', message: MESSAGES.socialMediaCreated });
    const entry = response.json().data.socialMedia;
    expect(entry).toEqual({ id: expect.any(String), entityId: trade.id, name, mediaType, referenceId: entry.id, url });
    expect(await entriesOf(trade.id)).toHaveLength(1);
  });

  it.each([
    ['WEBSITE', 'javascript:alert(document.cookie)', 'name', MESSAGES.websiteLinkInvalid],
    ['WEBSITE', 'parishplumbing.com.au', 'name', MESSAGES.websiteLinkInvalid],
    ['FACEBOOK', 'https://facebook.com.evil.example/x', 'name', MESSAGES.facebookReferenceInvalid],
    ['INSTAGRAM', 'http://instagram.com/parish', 'name', MESSAGES.instagramReferenceInvalid],
    ['TIKTOK', 'parish plumbing', 'name', MESSAGES.tiktokReferenceInvalid],
    ['SELECT', 'parishplumbing', 'mediaType', MESSAGES.chooseMediaType],
    ['MYSPACE', 'parishplumbing', 'mediaType', expect.any(String)],
    ['FACEBOOK', 'ab', 'name', MESSAGES.nameRequired],
    ['WEBSITE', `https://parish.example.com/${'a'.repeat(10_000)}`, 'name', MESSAGES.socialMediaNameTooLong],
  ])('refuses %s %s with 400 and stores nothing', async (mediaType, name, field, message) => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.post('/api/socialMedia/create', entryOf(trade.id, mediaType, name));

    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual({ field, message });
    expect(await entriesOf(trade.id)).toEqual([]);
  });

  it('holds at most 20 entries a business: the 21st is refused with 409, the same one sent again still answers', async () => {
    const { trade, browser } = await ownerWithTrade();
    for (let index = 1; index < SOCIAL_MEDIA_PER_TRADE; index += 1) {
      await createSocialMedia(db, trade.id, { mediaType: 'WEBSITE', name: `https://site-${index}.example.com.au` });
    }
    const twentieth = await browser.post('/api/socialMedia/create', entryOf(trade.id, 'FACEBOOK', 'parishplumbing'));
    expect(twentieth.statusCode).toBe(201);

    const again = await browser.post('/api/socialMedia/create', entryOf(trade.id, 'FACEBOOK', 'parishplumbing'));
    const another = await browser.post('/api/socialMedia/create', entryOf(trade.id, 'INSTAGRAM', 'parishplumbing'));

    expect(again.json()).toMatchObject({ statusCode: 201, data: { socialMedia: { id: twentieth.json().data.socialMedia.id } } });
    expect(another.json()).toMatchObject({ statusCode: 409, status: 'CONFLICT', message: MESSAGES.tooManySocialMedia });
    expect(await entriesOf(trade.id)).toHaveLength(SOCIAL_MEDIA_PER_TRADE);
  });

  it('refuses a missing trade id with the form’s message', async () => {
    const { browser } = await ownerWithTrade();

    const response = await browser.post('/api/socialMedia/create', entryOf('-1', 'FACEBOOK', 'parishplumbing'));

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.socialMediaEntityIdRequired });
  });
});

describe('the same entry created again', () => {
  it('answers the entry stored, and stores it once, when the same entry is sent again', async () => {
    const { trade, browser } = await ownerWithTrade();
    const first = await browser.post('/api/socialMedia/create', entryOf(trade.id, 'FACEBOOK', 'parishplumbing'));

    const again = await browser.post('/api/socialMedia/create', entryOf(trade.id, 'FACEBOOK', '  parishplumbing '));

    expect(again.statusCode).toBe(201);
    expect(again.json().data.socialMedia).toEqual(first.json().data.socialMedia);
    expect(await entriesOf(trade.id)).toHaveLength(1);
  });

  it('stores one entry when the same entry is sent twice at once', async () => {
    const { trade, browser } = await ownerWithTrade();
    const entry = entryOf(trade.id, 'WEBSITE', 'https://parishplumbing.example.com.au');

    const answers = await Promise.all([browser.post('/api/socialMedia/create', entry), browser.post('/api/socialMedia/create', entry)]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const [first, second] = answers.map((answer) => answer.json().data.socialMedia);
    expect(second).toEqual(first);
    expect(await entriesOf(trade.id)).toHaveLength(1);
    expect(await websiteOf(trade.id)).toBe('https://parishplumbing.example.com.au');
  });

  it('adds the same name under another media type, and another name under the same one', async () => {
    const { trade, browser } = await ownerWithTrade();

    await add(browser, trade.id, 'FACEBOOK', 'parishplumbing');
    await add(browser, trade.id, 'TIKTOK', 'parishplumbing');
    await add(browser, trade.id, 'FACEBOOK', 'parishplumbingsydney');

    expect(await entriesOf(trade.id)).toHaveLength(3);
  });

  it('refuses with 409 to change an entry into another the business has, and changes neither', async () => {
    const { trade, browser } = await ownerWithTrade();
    await add(browser, trade.id, 'FACEBOOK', 'parishplumbing');
    const other = await add(browser, trade.id, 'FACEBOOK', 'parishplumbingsydney');

    const response = await browser.patch('/api/socialMedia/update', { ...entryOf(trade.id, 'FACEBOOK', 'parishplumbing'), id: other.id });

    expect(response.json()).toMatchObject({ statusCode: 409, status: 'CONFLICT', message: MESSAGES.socialMediaEntryExists });
    expect((await entriesOf(trade.id)).map((entry) => entry.name).sort()).toEqual(['parishplumbing', 'parishplumbingsydney']);
  });
});

describe('the website of the search card', () => {
  async function cardWebsite(churchId: string) {
    const response = await app.inject({ method: 'GET', url: `/api/trades/clientFilter?churchId=${churchId}` });
    return response.json().data.trades.content[0].website;
  }

  it('follows the WEBSITE entry as it is added, changed and removed', async () => {
    const church = await createChurch(db);
    const { trade, browser } = await ownerWithTrade({ churchId: church.id });

    const entry = await add(browser, trade.id, 'WEBSITE', 'https://first.example.com.au');
    const added = await cardWebsite(church.id);
    await browser.patch('/api/socialMedia/update', { ...entryOf(trade.id, 'WEBSITE', 'https://second.example.com.au'), id: entry.id });
    const changed = await cardWebsite(church.id);
    await browser.patch('/api/socialMedia/delete', { id: entry.id });
    const removed = await cardWebsite(church.id);

    expect([added, changed, removed]).toEqual(['https://first.example.com.au', 'https://second.example.com.au', null]);
  });

  it("takes another WEBSITE entry's link when the one shown is removed", async () => {
    const { trade, browser } = await ownerWithTrade();
    await add(browser, trade.id, 'WEBSITE', 'https://older.example.com.au');
    const newer = await add(browser, trade.id, 'WEBSITE', 'https://newer.example.com.au');
    const shown = await websiteOf(trade.id);

    await browser.patch('/api/socialMedia/delete', { id: newer.id });

    expect(shown).toBe('https://newer.example.com.au');
    expect(await websiteOf(trade.id)).toBe('https://older.example.com.au');
  });

  it('is cleared when its entry becomes another media type', async () => {
    const { trade, browser } = await ownerWithTrade();
    const entry = await add(browser, trade.id, 'WEBSITE', 'https://parish.example.com.au');

    await browser.patch('/api/socialMedia/update', { ...entryOf(trade.id, 'FACEBOOK', 'parishplumbing'), id: entry.id });

    expect(await websiteOf(trade.id)).toBeNull();
  });

  it('is left alone by entries of social networks', async () => {
    const { trade, browser } = await ownerWithTrade({ website: 'https://kept.example.com.au' });

    const entry = await add(browser, trade.id, 'FACEBOOK', 'parishplumbing');
    await browser.patch('/api/socialMedia/delete', { id: entry.id });

    expect(await websiteOf(trade.id)).toBe('https://kept.example.com.au');
  });
});

describe('GET /api/socialMedia/searchByEntityId/{tradeId} and /searchByReferenceId/{id}', () => {
  it("lists the business's entries, oldest first, with their links", async () => {
    const { trade, browser } = await ownerWithTrade();
    await add(browser, trade.id, 'FACEBOOK', 'parishplumbing');
    await add(browser, trade.id, 'INSTAGRAM', '@parish');

    const response = await browser.get(`/api/socialMedia/searchByEntityId/${trade.id}`);

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.socialMediaFound });
    expect(response.json().data.socialMedias.map((entry: { url: string }) => entry.url)).toEqual([
      'https://www.facebook.com/parishplumbing',
      'https://www.instagram.com/parish',
    ]);
  });

  it('answers an empty list for a business without entries', async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.get(`/api/socialMedia/searchByEntityId/${trade.id}`);

    expect(response.json().data.socialMedias).toEqual([]);
  });

  it('finds one entry by its id or by its reference id', async () => {
    const { trade, browser } = await ownerWithTrade();
    const entry = await createSocialMedia(db, trade.id, { referenceId: '5e0d6f43-9d3a-4d0e-9c55-1b1f4a0e2b77' });

    const byId = await browser.get(`/api/socialMedia/searchByReferenceId/${entry.id}`);
    const byReference = await browser.get(`/api/socialMedia/searchByReferenceId/${entry.referenceId}`);

    expect(byId.json().data.socialMedia).toMatchObject({ id: entry.id, url: 'https://www.facebook.com/parishplumbing' });
    expect(byReference.json().data.socialMedia).toEqual(byId.json().data.socialMedia);
  });

  it('refuses a malformed id with 400 and answers 404 for an unknown entry', async () => {
    const { browser } = await ownerWithTrade();

    const malformed = await browser.get('/api/socialMedia/searchByReferenceId/refnull');
    const unknown = await browser.get('/api/socialMedia/searchByReferenceId/00000000-0000-4000-8000-000000000000');

    expect(malformed.json()).toMatchObject({ statusCode: 400, message: MESSAGES.socialMediaIdRequired });
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: MESSAGES.socialMediaNotFound });
  });
});

describe('PATCH /api/socialMedia/update and /delete', () => {
  it('changes the entry and keeps its reference id', async () => {
    const { trade, browser } = await ownerWithTrade();
    const entry = await add(browser, trade.id, 'FACEBOOK', 'parishplumbing');

    const response = await browser.patch('/api/socialMedia/update', {
      ...entryOf(trade.id, 'INSTAGRAM', '@parish.plumbing'),
      id: entry.id,
      referenceId: 'something-else',
    });

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.socialMediaUpdated });
    expect(response.json().data.socialMedia).toEqual({
      ...entry,
      mediaType: 'INSTAGRAM',
      name: '@parish.plumbing',
      url: 'https://www.instagram.com/parish.plumbing',
    });
  });

  it('asks for the id of the entry to change', async () => {
    const { trade, browser } = await ownerWithTrade();

    const response = await browser.patch('/api/socialMedia/update', entryOf(trade.id, 'FACEBOOK', 'parishplumbing'));

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.socialMediaIdRequired });
  });

  it('refuses to move an entry to another business with 400', async () => {
    const { trade, browser } = await ownerWithTrade();
    const entry = await createSocialMedia(db, trade.id);
    const elsewhere = await createTrade(db);

    const response = await browser.patch('/api/socialMedia/update', { ...entryOf(elsewhere.id, 'FACEBOOK', 'moved'), id: entry.id });

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.socialMediaOfAnotherTrade });
    expect(await entriesOf(trade.id)).toEqual([entry]);
  });

  it('removes the entry and answers it as it was', async () => {
    const { trade, browser } = await ownerWithTrade();
    const entry = await add(browser, trade.id, 'TIKTOK', 'parishplumbing');

    const response = await browser.patch('/api/socialMedia/delete', { id: entry.id });

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.socialMediaDeleted, data: { socialMedia: entry } });
    expect(await entriesOf(trade.id)).toEqual([]);
  });

  it('refuses a delete without an id with 400', async () => {
    const { browser } = await ownerWithTrade();

    const response = await browser.patch('/api/socialMedia/delete', {});

    expect(response.json()).toMatchObject({ statusCode: 400, message: MESSAGES.socialMediaIdRequired });
  });
});
