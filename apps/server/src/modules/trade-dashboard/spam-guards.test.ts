import { MESSAGES } from '@churchtrades/shared/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { trades } from '../../db/schema';
import { createAccount, createCategoryPair, createChurch } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser } from '../../../test/test-browser';

const { app, database } = await createTestApp();
const db = database.db;

const plumbing = await createCategoryPair(db, { name: 'Plumbing & Gas' }, { name: 'Plumber' });
const church = await createChurch(db);

function newTrade(fields: Record<string, unknown> = {}) {
  return { name: 'Guarded Plumbing', brief: 'Taps and drains.', mainCategoryId: plumbing.main.id, stateType: 'NSW', churchId: church.id, ...fields };
}

async function trader() {
  const account = await createAccount(db);
  return { account, browser: await loggedInBrowser(app, db, account.id) };
}

async function tradesOf(ownerId: string) {
  return db.select().from(trades).where(eq(trades.ownerId, ownerId));
}

describe('the honeypot of the listing form', () => {
  it('refuses a form whose hidden homepage field a robot filled in with 400, and creates nothing', async () => {
    const { account, browser } = await trader();

    const response = await browser.post('/api/trades/new', newTrade({ homepage: 'https://cheap-pills.example' }));

    expect(response.json()).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST' });
    expect(response.json().data.errors).toContainEqual({ field: 'homepage', message: MESSAGES.formRefused });
    expect(await tradesOf(account.id)).toEqual([]);
  });

  it('takes a form whose homepage field was left empty', async () => {
    const { account, browser } = await trader();

    const response = await browser.post('/api/trades/new', newTrade({ homepage: '' }));

    expect(response.statusCode).toBe(201);
    expect(await tradesOf(account.id)).toHaveLength(1);
  });
});

describe('the limit on listing', () => {
  it('allows 5 listing attempts an hour per account, then answers 429 saying when to try again, creating nothing', async () => {
    const { account, browser } = await trader();
    // Refused attempts count too: a robot trying one church after another is held back as well.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const refused = await browser.post('/api/trades/new', newTrade({ churchId: '00000000-0000-4000-8000-000000000000' }));
      expect(refused.statusCode).toBe(400);
    }

    const limited = await browser.post('/api/trades/new', newTrade());

    expect(limited.json()).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS' });
    expect(limited.json().message).toMatch(/^Too many attempts\. Try again in (60|59) minutes\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await tradesOf(account.id)).toEqual([]);
  });

  it('counts each account apart', async () => {
    const first = await trader();
    for (let attempt = 0; attempt < 6; attempt += 1) await first.browser.post('/api/trades/new', newTrade());
    const second = await trader();

    const response = await second.browser.post('/api/trades/new', newTrade());

    expect(response.statusCode).toBe(201);
  });
});
