import { MESSAGES } from '@churchtrades/shared/messages';
import { tradeProfileSchema } from '@churchtrades/shared/trade-profile';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { addresses, socialMedia, trades } from '../../db/schema';
import { abnServiceOf } from '../abn/recheck-job';
import { transactionalDatabase } from '../../db/transactions';
import { createAccount, createActor, createAddress, createSocialMedia, createTrade } from '../../../test/factories';
import { multipartForm } from '../../../test/multipart-form';
import { expectRefused } from '../../../test/refusals';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser, type TestBrowser } from '../../../test/test-browser';
import { createAddressRepo } from '../addresses/repo';
import { createAddressService } from '../addresses/service';
import { createAuditRepo } from '../audit/repo';
import { createAuditService } from '../audit/service';
import { createRateLimitRepo } from '../rate-limits/repo';
import { createRateLimiter } from '../rate-limits/service';
import { createSocialMediaRepo } from '../social-media/repo';
import { createSocialMediaService } from '../social-media/service';
import { createImageStore } from '../uploads/image-store';
import { createTradeDashboardRepo } from './repo';
import { createTradeDashboardService } from './service';
import { stillTradingServiceOf } from '../still-trading/job';

/**
 * DESIGN "Sessions and security": every call naming a business, an address or a social media entry is
 * checked against who owns it, every change is refused to a read-only USER, and nothing is done without
 * a session.
 */
const { app, database, config } = await createTestApp();
const db = database.db;

const LOGO = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } }).png().toBuffer();

/** A business with an address and a social media entry, its owner logged in. */
async function business(role: 'TRADER' | 'USER' = 'TRADER') {
  const owner = await createAccount(db, { role });
  const trade = await createTrade(db, { ownerId: owner.id });
  const address = await createAddress(db, trade.id, { suburb: 'Ryde' });
  const entry = await createSocialMedia(db, trade.id, { mediaType: 'WEBSITE', name: 'https://kept.example.com.au' });
  return { ownerId: owner.id, tradeId: trade.id, addressId: address.id, entryId: entry.id, browser: await loggedInBrowser(app, db, owner.id) };
}

type Business = Awaited<ReturnType<typeof business>>;
type Call = (browser: TestBrowser, target: Business, caller: Business) => Promise<LightMyRequestResponse>;

async function snapshot(target: Business) {
  return {
    trade: await db.select().from(trades).where(eq(trades.id, target.tradeId)),
    address: await db.select().from(addresses).where(eq(addresses.entityId, target.tradeId)),
    socialMedia: await db.select().from(socialMedia).where(eq(socialMedia.entityId, target.tradeId)),
  };
}

const profile = (tradeId: string) => ({ tradeId, name: 'Taken Over', brief: 'Changed by someone else' });
const WEBSITE_ENTRY = { name: 'https://taken.example.com', mediaType: 'WEBSITE', referenceId: 'refnull' };
const toggle = (route: string): Call => (browser, { tradeId }) => browser.patch(`/api/trades/${route}?key=${tradeId}`);

interface Change {
  name: string;
  call: Call;
  /** What an administrator gets: each business here already has an address, so a second one is a conflict. */
  adminStatus: number;
}

const CHANGES: Change[] = [
  {
    name: 'a profile change',
    call: (browser, { tradeId }) => browser.patch('/api/trades/updateTradeProfile', profile(tradeId)),
    adminStatus: 200,
  },
  { name: 'a flip of toggletradeatclient', call: toggle('toggletradeatclient'), adminStatus: 200 },
  { name: 'a flip of toggletradeatbusiness', call: toggle('toggletradeatbusiness'), adminStatus: 200 },
  { name: 'a flip of toggletradeonline', call: toggle('toggletradeonline'), adminStatus: 200 },
  { name: 'a flip of toggleEnabled', call: toggle('toggleEnabled'), adminStatus: 200 },
  {
    name: 'a new logo',
    call: (browser, { tradeId }) =>
      browser.request({
        method: 'PATCH',
        url: '/api/trades/logo',
        ...multipartForm({ tradeId }, [{ field: 'file', filename: 'logo.png', contentType: 'image/png', content: LOGO }]),
      }),
    adminStatus: 200,
  },
  {
    name: 'a new cover picture',
    call: (browser, { tradeId }) =>
      browser.request({
        method: 'PATCH',
        url: '/api/trades/image',
        ...multipartForm({ tradeId }, [{ field: 'file', filename: 'cover.png', contentType: 'image/png', content: LOGO }]),
      }),
    adminStatus: 200,
  },
  {
    name: 'a new address',
    call: (browser, { tradeId }) => browser.post('/api/address/create', { entityId: tradeId, suburb: 'Elsewhere' }),
    adminStatus: 409,
  },
  {
    name: 'an address change',
    call: (browser, { tradeId, addressId }) =>
      browser.patch('/api/address/update', { id: addressId, entityId: tradeId, suburb: 'Elsewhere' }),
    adminStatus: 200,
  },
  {
    name: 'an address removal',
    call: (browser, { addressId }) => browser.patch(`/api/address/delete/${addressId}`),
    adminStatus: 200,
  },
  {
    name: 'a new social media entry',
    call: (browser, { tradeId }) => browser.post('/api/socialMedia/create', { ...WEBSITE_ENTRY, entityId: tradeId }),
    adminStatus: 201,
  },
  {
    name: 'a social media change',
    call: (browser, { tradeId, entryId }) =>
      browser.patch('/api/socialMedia/update', { ...WEBSITE_ENTRY, id: entryId, entityId: tradeId }),
    adminStatus: 200,
  },
  {
    name: 'a social media removal',
    call: (browser, { entryId }) => browser.patch('/api/socialMedia/delete', { id: entryId }),
    adminStatus: 200,
  },
];

/** A stranger naming their own business beside another's address or entry gains nothing by it. */
const DISGUISED_CHANGES: [string, Call][] = [
  [
    'an address change naming their own business',
    (browser, { addressId }, caller) =>
      browser.patch('/api/address/update', { id: addressId, entityId: caller.tradeId, suburb: 'Elsewhere' }),
  ],
  [
    'a social media change naming their own business',
    (browser, { entryId }, caller) =>
      browser.patch('/api/socialMedia/update', { ...WEBSITE_ENTRY, id: entryId, entityId: caller.tradeId }),
  ],
];

const changeCalls: [string, Call][] = CHANGES.map((change) => [change.name, change.call]);

/** Each read, and the id of the row of the business its answer shows. */
const READS: [string, Call, (target: Business) => string][] = [
  ['the business by its owner', (browser, { ownerId }) => browser.get(`/api/trades/byUser/${ownerId}`), (target) => target.tradeId],
  [
    'the address by its business',
    (browser, { tradeId }) => browser.get(`/api/address/searchByEntityId/${tradeId}`),
    (target) => target.addressId,
  ],
  ['the address by its id', (browser, { addressId }) => browser.get(`/api/address/searchById/${addressId}`), (target) => target.addressId],
  [
    'the social media by their business',
    (browser, { tradeId }) => browser.get(`/api/socialMedia/searchByEntityId/${tradeId}`),
    (target) => target.entryId,
  ],
  [
    'a social media entry by its id',
    (browser, { entryId }) => browser.get(`/api/socialMedia/searchByReferenceId/${entryId}`),
    (target) => target.entryId,
  ],
];
const readCalls: [string, Call][] = READS.map(([name, call]) => [name, call]);

describe("another owner's business", () => {
  it.each([...changeCalls, ...DISGUISED_CHANGES])('refuses %s with 403 and changes nothing', async (_call, call) => {
    const victim = await business();
    const stranger = await business();
    const before = await snapshot(victim);

    const response = await call(stranger.browser, victim, stranger);

    expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.notYourTrade });
    expect(await snapshot(victim)).toEqual(before);
  });

  it.each(READS)('refuses to show %s with 403', async (_call, call) => {
    const victim = await business();
    const stranger = await business();

    const response = await call(stranger.browser, victim, stranger);

    expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.notYourTradeToView });
    expect(response.body).not.toContain('Ryde');
    expect(response.body).not.toContain('kept.example.com.au');
  });
});

describe('an administrator', () => {
  it.each(CHANGES)('may make $name to any business', async ({ call, adminStatus }) => {
    const target = await business();
    const admin = await createAccount(db, { role: 'ADMIN' });

    const response = await call(await loggedInBrowser(app, db, admin.id), target, target);

    expect(response.statusCode).toBe(adminStatus);
  });

  it.each(READS)('may see %s for any business', async (_call, call, shown) => {
    const target = await business();
    const admin = await createAccount(db, { role: 'ADMIN' });

    const response = await call(await loggedInBrowser(app, db, admin.id), target, target);

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(shown(target));
  });
});

describe('a read-only USER', () => {
  it.each(changeCalls)(
    'may not make %s to their own business: 403 and nothing changes',
    async (_call, call) => {
      const own = await business('USER');
      const before = await snapshot(own);

      const response = await call(own.browser, own, own);

      expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.readOnlyAccount });
      expect(await snapshot(own)).toEqual(before);
    },
  );

  it.each(READS)('may see %s for their own business', async (_call, call, shown) => {
    const own = await business('USER');

    const response = await call(own.browser, own, own);

    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(shown(own));
  });
});

describe('without a session', () => {
  it.each([...changeCalls, ...readCalls])('refuses %s with 401', async (_call, call) => {
    const target = await business();
    const before = await snapshot(target);

    const response = await call(testBrowser(app), target, target);

    expect(response.json()).toMatchObject({ statusCode: 401, status: 'UNAUTHORIZED', message: MESSAGES.notLoggedIn });
    expect(await snapshot(target)).toEqual(before);
  });
});

describe('a request from another site', () => {
  it("is refused with 403 even with the owner's session, and changes nothing", async () => {
    const own = await business();
    const before = await snapshot(own);

    const response = await own.browser.request({
      method: 'PATCH',
      url: '/api/trades/updateTradeProfile',
      payload: profile(own.tradeId),
      headers: { origin: 'https://evil.example.com' },
    });

    expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN' });
    expect(await snapshot(own)).toEqual(before);
  });
});

describe('the business services, whoever calls them', () => {
  const { db: repoDb, transactions } = transactionalDatabase(db);
  const tradeDashboard = createTradeDashboardService({
    repo: createTradeDashboardRepo(repoDb),
    images: createImageStore(config.uploadDir),
    rateLimits: createRateLimiter(createRateLimitRepo(repoDb), systemClock),
    audit: createAuditService(createAuditRepo(repoDb)),
    mail: { queue: async () => {} },
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    transactions,
    abn: abnServiceOf(db, config, systemClock, { queue: async () => {} }),
    stillTrading: stillTradingServiceOf(db, config, systemClock, { queue: async () => {} }),
  });
  const addressService = createAddressService({ repo: createAddressRepo(repoDb), trades: tradeDashboard, transactions });
  const socialMediaService = createSocialMediaService({
    repo: createSocialMediaRepo(repoDb),
    trades: tradeDashboard,
    transactions,
  });
  const actorOf = ({ ownerId }: Business, role: 'TRADER' | 'USER' = 'TRADER') => ({ userId: ownerId, role });

  it("refuses a trader the administrators' switches of their own business", async () => {
    const own = await business();
    const before = await snapshot(own);

    await expectRefused(
      [() => tradeDashboard.flip(actorOf(own), own.tradeId, 'locked'), () => tradeDashboard.flip(actorOf(own), own.tradeId, 'expired')],
      MESSAGES.administratorsOnly,
    );
    expect(await snapshot(own)).toEqual(before);
  });

  it("refuses a trader another owner's business, its address and its social media", async () => {
    const victim = await business();
    const trader = actorOf(await business());
    const before = await snapshot(victim);

    await expectRefused(
      [
        () => tradeDashboard.findOf(trader, victim.ownerId),
        () => addressService.find(trader, victim.addressId),
        () => socialMediaService.listOfTrade(trader, victim.tradeId),
      ],
      MESSAGES.notYourTradeToView,
    );
    await expectRefused(
      [
        () => tradeDashboard.updateProfile(trader, tradeProfileSchema.parse(profile(victim.tradeId))),
        () => tradeDashboard.flip(trader, victim.tradeId, 'online'),
        () => tradeDashboard.changePicture(trader, victim.tradeId, 'logo', LOGO),
        () => tradeDashboard.changePicture(trader, victim.tradeId, 'cover', LOGO),
        () => addressService.delete(trader, victim.addressId),
        () => socialMediaService.delete(trader, victim.entryId),
      ],
      MESSAGES.notYourTrade,
    );
    expect(await snapshot(victim)).toEqual(before);
  });

  it('refuses a read-only USER any change to their own business', async () => {
    const own = await business('USER');
    const user = actorOf(own, 'USER');
    const before = await snapshot(own);

    await expectRefused(
      [
        () => tradeDashboard.updateProfile(user, tradeProfileSchema.parse(profile(own.tradeId))),
        () => tradeDashboard.flip(user, own.tradeId, 'online'),
        () => tradeDashboard.resubmit(user, { tradeId: own.tradeId }),
        () => addressService.delete(user, own.addressId),
        () => socialMediaService.delete(user, own.entryId),
      ],
      MESSAGES.readOnlyAccount,
    );
    expect(await snapshot(own)).toEqual(before);
  });

  it('lets an administrator lock any business', async () => {
    const target = await business();
    const admin = await createActor(db, 'ADMIN');

    expect(await tradeDashboard.flip(admin, target.tradeId, 'locked')).toMatchObject({ id: target.tradeId, locked: true });
  });
});
