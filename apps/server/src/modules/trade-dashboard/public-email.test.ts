import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { businessPath } from '@churchtrades/shared/business-page';
import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trades } from '../../db/schema';
import { createAccount, createAddress, createCategoryPair, createTrade, inCategory } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';

// The built app's page, for the business page's first HTML answer.
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-dist-'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>ChurchTrades</title></head><body></body></html>');

// Production mode: the public answers as they are deployed.
const { app, database } = await createTestApp({ nodeEnv: 'production', webDistDir: distDir });
const db = database.db;
const visitor = testBrowser(app);

const plumbing = await createCategoryPair(db, { name: 'Plumbing & Gas' }, { name: 'Plumber' });

async function ownerWithTrade(trade: Parameters<typeof createTrade>[1] = {}) {
  const owner = await createAccount(db, { email: `login.${crypto.randomUUID().slice(0, 8)}@owner-mail.com.au` });
  const created = await createTrade(db, { ...inCategory(plumbing), ...trade, ownerId: owner.id });
  await createAddress(db, created.id, { showStreetAddress: true, latitude: -33.8151, longitude: 151.0011 });
  return { owner, trade: created, browser: await loggedInBrowser(app, db, owner.id) };
}

function profileOf(trade: { id: string; churchId: string; name: string }, fields: Record<string, unknown> = {}) {
  return { tradeId: trade.id, churchId: trade.churchId, name: trade.name, brief: 'Fast and tidy, seven days.', ...fields };
}

async function storedTrade(id: string) {
  const [row] = await db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

/** Every public answer that tells of the business: search, its page (API and HTML), the map and the sitemap. */
async function publicAnswers(trade: { id: string; name: string }) {
  const search = `searchText=${encodeURIComponent(trade.name)}`;
  return Promise.all(
    [
      `/api/trades/clientFilter?${search}`,
      `/api/trades/clientFilter?${search}&lat=-33.81&lng=151.00`,
      `/api/trades/${trade.id}`,
      businessPath(trade.id, trade.name),
      `/api/trades/mapPoints?${search}`,
      '/sitemap.xml',
    ].map(async (url) => ({ url, response: await visitor.get(url) })),
  );
}

function structuredData(html: string): Record<string, unknown> {
  const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null');
}

describe("a business's public e-mail", () => {
  it('is filled in by its owner on the Profile page and shows on the card, the business page and its JSON-LD', async () => {
    const { owner, trade, browser } = await ownerWithTrade({ name: 'Mailbox Ready Pipes' });

    const response = await browser.patch(
      '/api/trades/updateTradeProfile',
      profileOf(trade, { publicEmail: ' hello@readypipes.com.au ' }),
    );
    const [card] = (await visitor.get('/api/trades/clientFilter?searchText=Mailbox')).json().data.trades.content;
    const detail = (await visitor.get(`/api/trades/${trade.id}`)).json().data.trade;
    const html = (await visitor.get(businessPath(trade.id, trade.name))).body;

    expect(response.json().data.trade).toMatchObject({ publicEmail: 'hello@readypipes.com.au', owner: { email: owner.email } });
    expect(card.ownerEmail).toBe('hello@readypipes.com.au');
    expect(detail.ownerEmail).toBe('hello@readypipes.com.au');
    expect(structuredData(html).email).toBe('hello@readypipes.com.au');
  });

  it("is empty until the owner gives one: no public answer carries the owner's login e-mail", async () => {
    const { owner, trade } = await ownerWithTrade({ name: 'Quiet Inbox Plumbing' });

    const answers = await publicAnswers(trade);

    for (const { url, response } of answers) {
      expect(response.statusCode, url).toBe(200);
      expect(response.body.toLowerCase(), url).not.toContain(owner.email.toLowerCase());
    }
    const [card] = answers[0]!.response.json().data.trades.content;
    expect(card).toMatchObject({ name: 'Quiet Inbox Plumbing', ownerEmail: null });
    expect(answers[2]!.response.json().data.trade.ownerEmail).toBeNull();
    expect(structuredData(answers[3]!.response.body)).not.toHaveProperty('email');
  });

  it("carries the public e-mail and never the login e-mail once one is given", async () => {
    const { owner, trade } = await ownerWithTrade({ name: 'Public Inbox Plumbing', publicEmail: 'office@publicinbox.com.au' });

    const answers = await publicAnswers(trade);

    for (const { url, response } of answers) {
      expect(response.body.toLowerCase(), url).not.toContain(owner.email.toLowerCase());
    }
    expect(answers[0]!.response.body).toContain('office@publicinbox.com.au');
  });

  it('is kept when the profile leaves it out and taken away when sent empty', async () => {
    const { trade, browser } = await ownerWithTrade({ publicEmail: 'keep@example.com.au', moderationStatus: 'PENDING' });

    await browser.patch('/api/trades/updateTradeProfile', profileOf(trade));
    const kept = (await storedTrade(trade.id)).publicEmail;
    await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { publicEmail: '' }));

    expect(kept).toBe('keep@example.com.au');
    expect((await storedTrade(trade.id)).publicEmail).toBeNull();
  });

  it("flags a changed public e-mail of an approved business for its moderators' look", async () => {
    const { trade, browser } = await ownerWithTrade();

    await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { publicEmail: 'new@example.com.au' }));

    expect(await storedTrade(trade.id)).toMatchObject({ changedSinceApproval: true, listed: true });
  });

  it.each([
    ['an address without a domain', 'hello@', MESSAGES.invalidEmail],
    ['a name alone', 'hello', MESSAGES.invalidEmail],
    ['255 characters', `${'a'.repeat(243)}@example.com`, MESSAGES.publicEmailTooLong],
  ])('refuses %s with 400 and keeps the one stored', async (_case, publicEmail, message) => {
    const { trade, browser } = await ownerWithTrade({ publicEmail: 'keep@example.com.au' });

    const response = await browser.patch('/api/trades/updateTradeProfile', profileOf(trade, { publicEmail }));

    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual({ field: 'publicEmail', message });
    expect((await storedTrade(trade.id)).publicEmail).toBe('keep@example.com.au');
  });
});
