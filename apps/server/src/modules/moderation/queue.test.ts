import { MESSAGES } from '@churchtrades/shared/messages';
import {
  moderationQueueQuerySchema,
  type ModerationTrade,
  moderationTradesQuerySchema,
} from '@churchtrades/shared/moderation';
import type { Role } from '@churchtrades/shared/roles';
import type { RealState } from '@churchtrades/shared/states';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../clock';
import { churchMembers } from '../../db/schema';
import { transactionalDatabase } from '../../db/transactions';
import {
  createAccount,
  createActor,
  createAddress,
  createCategoryPair,
  createChurch,
  createOwner,
  createSocialMedia,
  createTrade,
  inCategory,
  noReplyTime,
  noSocialMedia,
} from '../../../test/factories';
import { expectRefused } from '../../../test/refusals';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser } from '../../../test/test-browser';
import { createAuditRepo } from '../audit/repo';
import { createAuditService } from '../audit/service';
import { createTradeRepo } from '../trades/repo';
import { createTradeService } from '../trades/service';
import { createModerationRepo } from './repo';
import { createModerationService } from './service';

const { app, database, config } = await createTestApp();
const db = database.db;

const plumbing = await createCategoryPair(db, { name: 'Plumbing & Gas' }, { name: 'Plumber' });

type ChurchRole = 'MODERATOR' | 'PRIEST';

/** A logged-in user of the role, serving the churches given in their church roles, governing a state. */
async function staff(role: Exclude<Role, 'SELECT'>, serves: [string, ChurchRole][] = [], governedState?: RealState) {
  const account = await createAccount(db, { role, ...(governedState ? { governedState } : {}) });
  for (const [churchId, churchRole] of serves) {
    await db.insert(churchMembers).values({ churchId, userId: account.id, churchRole });
  }
  return { account, browser: await loggedInBrowser(app, db, account.id) };
}

/** A pending business listed `minutesAgo` ago. */
function pendingTrade(churchId: string, minutesAgo: number, fields: Parameters<typeof createTrade>[1] = {}) {
  return createTrade(db, {
    churchId,
    moderationStatus: 'PENDING',
    submittedAt: new Date(Date.now() - minutesAgo * 60_000),
    ...fields,
  });
}

function namesOf(response: { json(): { data: { trades: { content: ModerationTrade[] } } } }): string[] {
  return response.json().data.trades.content.map((trade) => trade.name);
}

describe('GET /api/moderation/queue', () => {
  // Churches of their own per test where counts matter; the state of each test's churches tells them apart.
  it("shows a moderator the pending businesses of their churches, oldest first, and not another church's", async () => {
    const mine = await createChurch(db, { name: 'St Anne Ryde' });
    const other = await createChurch(db, { name: 'St Luke Kew' });
    await pendingTrade(mine.id, 10, { name: 'Anne Newer' });
    await pendingTrade(mine.id, 90, { name: 'Anne Oldest' });
    await pendingTrade(mine.id, 30, { name: 'Anne Middle' });
    await pendingTrade(other.id, 120, { name: 'Luke Waiting' });
    await createTrade(db, { churchId: mine.id, name: 'Anne Listed' });
    await createTrade(db, { churchId: mine.id, name: 'Anne Rejected', moderationStatus: 'REJECTED' });
    const { browser } = await staff('MODERATOR', [[mine.id, 'MODERATOR']]);

    const response = await browser.get('/api/moderation/queue');

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ status: 'OK', message: MESSAGES.queueFound });
    expect(namesOf(response)).toEqual(['Anne Oldest', 'Anne Middle', 'Anne Newer']);
    expect(response.json().data.trades).toMatchObject({ number: 0, size: 10, totalElements: 3, totalPages: 1 });
    expect(response.json().data.churches).toEqual([
      { churchId: mine.id, name: 'St Anne Ryde', stateType: 'NSW', pending: 3, changed: 0 },
    ]);
  });

  it('shows approved businesses changed since approval beside the pending ones, and counts them apart', async () => {
    const church = await createChurch(db);
    await pendingTrade(church.id, 5, { name: 'Fresh Listing' });
    await createTrade(db, {
      churchId: church.id,
      name: 'Renamed Listing',
      changedSinceApproval: true,
      submittedAt: new Date(Date.now() - 600_000),
    });
    const { browser } = await staff('MODERATOR', [[church.id, 'MODERATOR']]);

    const response = await browser.get('/api/moderation/queue');

    expect(namesOf(response)).toEqual(['Renamed Listing', 'Fresh Listing']);
    expect(response.json().data.trades.content[0]).toMatchObject({ status: 'APPROVED', changedSinceApproval: true, listed: true });
    expect(response.json().data.churches).toEqual([expect.objectContaining({ churchId: church.id, pending: 1, changed: 1 })]);
  });

  it('shows a governor every church of the state they govern and none of another state', async () => {
    const perth = await createChurch(db, { stateType: 'WA', name: 'St Perth' });
    const broome = await createChurch(db, { stateType: 'WA', name: 'St Broome' });
    const darwin = await createChurch(db, { stateType: 'NT', name: 'St Darwin' });
    await pendingTrade(perth.id, 3, { stateType: 'WA', name: 'Perth Pending' });
    await pendingTrade(broome.id, 2, { stateType: 'WA', name: 'Broome Pending' });
    await pendingTrade(darwin.id, 1, { stateType: 'NT', name: 'Darwin Pending' });
    const { browser } = await staff('GOVERNOR', [], 'WA');

    const response = await browser.get('/api/moderation/queue');

    expect(namesOf(response)).toEqual(['Perth Pending', 'Broome Pending']);
    expect(response.json().data.churches.map((church: { name: string }) => church.name)).toEqual(['St Broome', 'St Perth']);
  });

  it('shows a governor with no state nothing', async () => {
    const church = await createChurch(db, { stateType: 'SA' });
    await pendingTrade(church.id, 1, { stateType: 'SA' });
    const { browser } = await staff('GOVERNOR');

    const response = await browser.get('/api/moderation/queue');

    expect(response.json().data.trades.totalElements).toBe(0);
    expect(response.json().data.churches).toEqual([]);
  });

  it('shows an administrator every church, narrowed by church or state when asked', async () => {
    const hobart = await createChurch(db, { stateType: 'TAS', name: 'St Hobart' });
    const canberra = await createChurch(db, { stateType: 'ACT', name: 'St Canberra' });
    await pendingTrade(hobart.id, 2, { stateType: 'TAS', name: 'Hobart Pending' });
    await pendingTrade(canberra.id, 1, { stateType: 'ACT', name: 'Canberra Pending' });
    const { browser } = await staff('ADMIN');

    const all = await browser.get('/api/moderation/queue?size=50');
    const tasmania = await browser.get('/api/moderation/queue?stateType=TAS');
    const oneChurch = await browser.get(`/api/moderation/queue?churchId=${canberra.id}`);

    expect(namesOf(all)).toEqual(expect.arrayContaining(['Hobart Pending', 'Canberra Pending']));
    expect(namesOf(tasmania)).toEqual(['Hobart Pending']);
    expect(tasmania.json().data.churches).toEqual([expect.objectContaining({ name: 'St Hobart', pending: 1 })]);
    expect(namesOf(oneChurch)).toEqual(['Canberra Pending']);
    // The side list keeps every church, so the moderator can switch to another.
    expect(oneChurch.json().data.churches.map((church: { name: string }) => church.name)).toEqual(
      expect.arrayContaining(['St Hobart', 'St Canberra']),
    );
  });

  it('answers a page at a time', async () => {
    const church = await createChurch(db);
    for (const minutes of [5, 4, 3, 2, 1]) await pendingTrade(church.id, minutes, { name: `Paged ${minutes}` });
    const { browser } = await staff('MODERATOR', [[church.id, 'MODERATOR']]);

    const response = await browser.get('/api/moderation/queue?page=1&size=2');

    expect(namesOf(response)).toEqual(['Paged 3', 'Paged 2']);
    expect(response.json().data.trades).toMatchObject({ number: 1, size: 2, totalElements: 5, totalPages: 3 });
  });

  it('answers everything the owner entered, the public card, and whether the caller may decide', async () => {
    const church = await createChurch(db, { name: 'St Clare Manly' });
    const owner = await createOwner(db, { firstName: 'Clara', lastName: 'Hughes', phone: '0400 123 456' });
    const trade = await pendingTrade(church.id, 1, {
      ...inCategory(plumbing),
      ownerId: owner.id,
      name: 'Clara Pipes',
      brief: 'Pipes fixed.',
      service: 'Hot water',
      tags: 'pipes',
      website: 'https://clarapipes.com.au',
      publicEmail: 'hello@clarapipes.com.au',
      logoUri: '/uploads/logos/clara.webp',
      image: '/uploads/covers/clara.webp',
      online: true,
    });
    await createAddress(db, trade.id, {
      fullAddress: '7 Sea St, Manly NSW 2095',
      suburb: 'Manly',
      postcode: '2095',
      showStreetAddress: false,
    });
    const entry = await createSocialMedia(db, trade.id, { name: 'clarapipes', mediaType: 'INSTAGRAM' });
    const { browser } = await staff('MODERATOR', [[church.id, 'MODERATOR']]);

    const [shown] = (await browser.get('/api/moderation/queue')).json().data.trades.content;

    expect(shown).toEqual({
      id: trade.id,
      name: 'Clara Pipes',
      brief: 'Pipes fixed.',
      service: 'Hot water',
      tags: 'pipes',
      website: 'https://clarapipes.com.au',
      logoUri: '/uploads/logos/clara.webp',
      image: '/uploads/covers/clara.webp',
      stateType: 'NSW',
      churchId: church.id,
      churchName: 'St Clare Manly',
      mainCategory: 'Plumbing & Gas',
      subCategory: 'Plumber',
      atClient: false,
      atBusiness: true,
      online: true,
      enabled: true,
      locked: false,
      expired: false,
      listed: false,
      status: 'PENDING',
      reason: null,
      changedSinceApproval: false,
      submittedAt: trade.submittedAt.toISOString(),
      moderatedAt: null,
      moderatedByName: null,
      stillTradingExpiresOn: null,
      owner: { userId: owner.id, name: 'Clara Hughes', email: owner.email, phone: '0400 123 456' },
      address: { fullAddress: '7 Sea St, Manly NSW 2095', showStreetAddress: false },
      socialMedias: [
        {
          id: entry.id,
          entityId: trade.id,
          name: 'clarapipes',
          mediaType: 'INSTAGRAM',
          referenceId: entry.id,
          url: 'https://www.instagram.com/clarapipes',
        },
      ],
      card: {
        id: trade.id,
        name: 'Clara Pipes',
        brief: 'Pipes fixed.',
        logoUri: '/uploads/logos/clara.webp',
        website: 'https://clarapipes.com.au',
        ownerEmail: 'hello@clarapipes.com.au',
        ownerName: 'Clara Hughes',
        ownerPhone: '0400 123 456',
        // The street stays private on the card, as in search.
        fullAddress: 'Manly NSW 2095',
        stateType: 'NSW',
        churchName: 'St Clare Manly',
        mainCategory: 'Plumbing & Gas',
        subCategory: 'Plumber',
        online: true,
        badges: { abn: null, church: null, licence: null },
        rating: null,
      },
      duplicates: [],
      duplicatesElsewhere: 0,
      mayDecide: true,
    });
  });

  it('marks possible duplicates by name, phone, e-mail and website, whatever their church or status', async () => {
    const church = await createChurch(db);
    const elsewhere = await createChurch(db, { name: 'St Elsewhere', stateType: 'VIC' });
    const mailbox = `dup.owner.${Date.now()}`;
    const owner = await createOwner(db, { phone: '+61 411 222 333', email: `${mailbox}+biz@gmail.com` });
    const trade = await pendingTrade(church.id, 1, {
      ownerId: owner.id,
      name: 'Duplicate Test Plumbing',
      website: 'https://www.dupplumbing.com.au/',
    });
    const sameName = await createTrade(db, { churchId: elsewhere.id, name: 'DUPLICATE test plumbing', stateType: 'VIC' });
    const samePhone = await createTrade(db, {
      churchId: church.id,
      name: 'Phone Twin',
      ownerId: (await createOwner(db, { phone: '0411-222-333' })).id,
      moderationStatus: 'REJECTED',
    });
    const sameEmail = await createTrade(db, {
      churchId: church.id,
      name: 'Mailbox Twin',
      ownerId: (await createOwner(db, { email: `${mailbox.replaceAll('.', '')}@googlemail.com` })).id,
    });
    const sameWebsite = await createTrade(db, { churchId: church.id, name: 'Website Twin', website: 'http://dupplumbing.com.au' });
    await createTrade(db, { churchId: church.id, name: 'Unrelated', website: 'https://other.com.au' });
    const { browser } = await staff('MODERATOR', [[church.id, 'MODERATOR']]);

    const response = await browser.get(`/api/moderation/trades/${trade.id}`);

    expect(response.json().data.trade.duplicates).toEqual([
      { id: sameName.id, name: 'DUPLICATE test plumbing', churchName: 'St Elsewhere', matchedOn: ['NAME'] },
      { id: sameEmail.id, name: 'Mailbox Twin', churchName: church.name, matchedOn: ['EMAIL'] },
      { id: samePhone.id, name: 'Phone Twin', churchName: church.name, matchedOn: ['PHONE'] },
      { id: sameWebsite.id, name: 'Website Twin', churchName: church.name, matchedOn: ['WEBSITE'] },
    ]);
  });

  it("names to a moderator only the duplicates at their churches or listed elsewhere, and counts another church's pending and rejected ones", async () => {
    const mine = await createChurch(db, { name: 'St Mine Ryde' });
    const sameState = await createChurch(db, { name: 'St Neighbour Epping' });
    const otherState = await createChurch(db, { name: 'St Far Perth', stateType: 'WA' });
    const trade = await pendingTrade(mine.id, 1, { name: 'Scoped Twin Plumbing' });
    const atMine = await pendingTrade(mine.id, 2, { name: 'scoped twin plumbing', moderationStatus: 'REJECTED' });
    const listedElsewhere = await createTrade(db, { churchId: otherState.id, name: 'Scoped Twin Plumbing', stateType: 'WA' });
    await pendingTrade(sameState.id, 3, { name: 'Scoped Twin Plumbing' });
    await createTrade(db, { churchId: otherState.id, name: 'Scoped Twin Plumbing', stateType: 'WA', moderationStatus: 'REJECTED' });
    await createTrade(db, { churchId: sameState.id, name: 'Scoped Twin Plumbing', moderationStatus: 'UNLISTED' });
    const moderator = await staff('MODERATOR', [[mine.id, 'MODERATOR']]);
    const administrator = await staff('ADMIN');

    const seenByModerator = (await moderator.browser.get(`/api/moderation/trades/${trade.id}`)).json().data.trade;
    const queued = (await moderator.browser.get(`/api/moderation/queue?churchId=${mine.id}`)).json().data.trades.content;
    const seenByAdministrator = (await administrator.browser.get(`/api/moderation/trades/${trade.id}`)).json().data.trade;

    expect(seenByModerator.duplicates.map((duplicate: { id: string }) => duplicate.id).sort()).toEqual(
      [atMine.id, listedElsewhere.id].sort(),
    );
    expect(seenByModerator.duplicatesElsewhere).toBe(3);
    expect(queued.find((entry: ModerationTrade) => entry.id === trade.id)).toMatchObject({
      duplicates: seenByModerator.duplicates,
      duplicatesElsewhere: 3,
    });
    expect(seenByAdministrator.duplicates).toHaveLength(5);
    expect(seenByAdministrator.duplicatesElsewhere).toBe(0);
  });

  it('names to a priest the duplicates at their church and listed ones, and counts the rest', async () => {
    const served = await createChurch(db, { name: 'St Served Ryde' });
    const other = await createChurch(db, { name: 'St Other Ryde' });
    const trade = await createTrade(db, { churchId: served.id, name: 'Priestly Twin Bakery' });
    await pendingTrade(other.id, 1, { name: 'Priestly Twin Bakery' });
    const listed = await createTrade(db, { churchId: other.id, name: 'Priestly Twin Bakery' });
    const { browser } = await staff('PRIEST', [[served.id, 'PRIEST']]);

    const seen = (await browser.get(`/api/moderation/trades/${trade.id}`)).json().data.trade;

    expect(seen.duplicates).toEqual([expect.objectContaining({ id: listed.id, churchName: 'St Other Ryde' })]);
    expect(seen.duplicatesElsewhere).toBe(1);
  });

  it('names at most five duplicates, and every match of each', async () => {
    const church = await createChurch(db);
    const trade = await pendingTrade(church.id, 1, { name: 'Crowded Name', website: 'https://crowded.com.au' });
    for (const letter of ['A', 'B', 'C', 'D', 'E', 'F']) {
      await createTrade(db, { churchId: church.id, name: 'crowded name', website: `https://${letter}.crowded.com.au` });
    }
    const both = await createTrade(db, { churchId: church.id, name: 'Crowded Name', website: 'crowded.com.au/' });
    const { browser } = await staff('ADMIN');

    const { duplicates } = (await browser.get(`/api/moderation/trades/${trade.id}`)).json().data.trade;

    expect(duplicates).toHaveLength(5);
    expect(duplicates).toContainEqual(expect.objectContaining({ id: both.id, matchedOn: ['NAME', 'WEBSITE'] }));
  });

  it('tells a moderator who owns a business of their church that they may not decide on it', async () => {
    const church = await createChurch(db);
    const { account, browser } = await staff('MODERATOR', [[church.id, 'MODERATOR']]);
    await pendingTrade(church.id, 1, { ownerId: account.id, name: 'My Own Business' });

    const [own] = (await browser.get('/api/moderation/queue')).json().data.trades.content;

    expect(own).toMatchObject({ name: 'My Own Business', mayDecide: false });
  });

  it.each(['PRIEST', 'TRADER', 'USER'] as const)('refuses a %s with 403', async (role) => {
    const church = await createChurch(db);
    const { browser } = await staff(role, [[church.id, 'MODERATOR']]);

    const response = await browser.get('/api/moderation/queue');

    expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN', message: MESSAGES.forbidden });
  });

  it('wants a session', async () => {
    const response = await testBrowser(app).get('/api/moderation/queue');

    expect(response.json()).toMatchObject({ statusCode: 401, status: 'UNAUTHORIZED' });
  });

  it.each([
    ['a malformed church id', 'churchId=st-anne', 'churchId'],
    ['an unknown state', 'stateType=XYZ', 'stateType'],
  ])('refuses %s with 400', async (_case, query, field) => {
    const { browser } = await staff('ADMIN');

    const response = await browser.get(`/api/moderation/queue?${query}`);

    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual(expect.objectContaining({ field }));
  });
});

describe('GET /api/moderation/trades', () => {
  it("shows a priest their church's businesses in every status, by name, read-only", async () => {
    const church = await createChurch(db);
    const other = await createChurch(db);
    await pendingTrade(church.id, 1, { name: 'Priest Pending' });
    await createTrade(db, { churchId: church.id, name: 'Priest Approved' });
    await createTrade(db, { churchId: church.id, name: 'Priest Rejected', moderationStatus: 'REJECTED', moderationReason: 'No brief' });
    await createTrade(db, { churchId: other.id, name: 'Priest Elsewhere' });
    const { browser } = await staff('PRIEST', [[church.id, 'PRIEST']]);

    const response = await browser.get('/api/moderation/trades');

    expect(response.json()).toMatchObject({ statusCode: 200, message: MESSAGES.tradesFound });
    expect(namesOf(response)).toEqual(['Priest Approved', 'Priest Pending', 'Priest Rejected']);
    expect(response.json().data.trades.content.every((trade: ModerationTrade) => !trade.mayDecide)).toBe(true);
    expect(response.json().data.trades.content[2]).toMatchObject({ status: 'REJECTED', reason: 'No brief' });
  });

  it('filters by status and by a part of the name, in any case', async () => {
    const church = await createChurch(db);
    await pendingTrade(church.id, 1, { name: 'Filter Bakery' });
    await createTrade(db, { churchId: church.id, name: 'Filter Butcher' });
    await createTrade(db, { churchId: church.id, name: 'Filter Baker Unlisted', moderationStatus: 'UNLISTED' });
    const { browser } = await staff('MODERATOR', [[church.id, 'MODERATOR']]);

    const approved = await browser.get('/api/moderation/trades?status=APPROVED');
    const bakers = await browser.get('/api/moderation/trades?name=bAkEr');
    const percent = await browser.get('/api/moderation/trades?name=%25');

    expect(namesOf(approved)).toEqual(['Filter Butcher']);
    expect(namesOf(bakers)).toEqual(['Filter Baker Unlisted', 'Filter Bakery']);
    expect(namesOf(percent)).toEqual([]);
    expect(approved.json().data.trades.content[0].mayDecide).toBe(true);
  });

  it('shows a priest who also moderates another church both, deciding only at the one they moderate', async () => {
    const served = await createChurch(db);
    const moderated = await createChurch(db);
    await createTrade(db, { churchId: served.id, name: 'Both Served' });
    await createTrade(db, { churchId: moderated.id, name: 'Both Moderated' });
    const { browser } = await staff('MODERATOR', [
      [served.id, 'PRIEST'],
      [moderated.id, 'MODERATOR'],
    ]);

    const content: ModerationTrade[] = (await browser.get('/api/moderation/trades')).json().data.trades.content;

    expect(content.map((trade) => [trade.name, trade.mayDecide])).toEqual([
      ['Both Moderated', true],
      ['Both Served', false],
    ]);
  });

  it.each(['TRADER', 'USER'] as const)('refuses a %s with 403', async (role) => {
    const church = await createChurch(db);
    const { browser } = await staff(role, [[church.id, 'PRIEST']]);

    const response = await browser.get('/api/moderation/trades');

    expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN' });
  });
});

describe('GET /api/moderation/trades/:id', () => {
  it('answers a business of a church the caller may see', async () => {
    const church = await createChurch(db);
    const trade = await pendingTrade(church.id, 1);
    const { browser } = await staff('PRIEST', [[church.id, 'PRIEST']]);

    const response = await browser.get(`/api/moderation/trades/${trade.id}`);

    expect(response.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.tradeFound,
      data: { trade: { id: trade.id, status: 'PENDING', mayDecide: false } },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("refuses a business of another church with 403, a moderator's and a governor's alike", async () => {
    const church = await createChurch(db, { stateType: 'QLD' });
    const trade = await pendingTrade(church.id, 1, { stateType: 'QLD' });
    const moderator = await staff('MODERATOR', [[(await createChurch(db)).id, 'MODERATOR']]);
    const governor = await staff('GOVERNOR', [], 'VIC');

    for (const { browser } of [moderator, governor]) {
      const response = await browser.get(`/api/moderation/trades/${trade.id}`);
      expect(response.json()).toMatchObject({ statusCode: 403, status: 'FORBIDDEN' });
    }
  });

  it('answers 404 for a business that does not exist and 400 for a malformed id', async () => {
    const { browser } = await staff('ADMIN');

    const unknown = await browser.get('/api/moderation/trades/00000000-0000-4000-8000-000000000000');
    const malformed = await browser.get('/api/moderation/trades/abc');

    expect(unknown.json()).toMatchObject({ statusCode: 404, message: MESSAGES.tradeNotFound });
    expect(malformed.json()).toMatchObject({ statusCode: 400, message: MESSAGES.tradeIdRequired });
  });
});

describe('the moderation service, whoever calls it', () => {
  const { db: repoDb, transactions } = transactionalDatabase(db);
  const moderation = createModerationService({
    repo: createModerationRepo(repoDb),
    audit: createAuditService(createAuditRepo(repoDb)),
    mail: { queue: async () => {} },
    sender: { appOrigin: config.appOrigin, supportEmail: config.supportEmail },
    transactions,
    previewCards: createTradeService({ repo: createTradeRepo(repoDb), clock: systemClock, socialMediaOf: noSocialMedia, replyTimeOf: noReplyTime }).previewCards,
    socialMediaOf: noSocialMedia,
  });

  it('refuses a trader the queue, the businesses of every church and any decision', async () => {
    const trader = await createActor(db, 'TRADER');
    const trade = await pendingTrade((await createChurch(db)).id, 1);

    await expectRefused([
      () => moderation.queue(trader, moderationQueueQuerySchema.parse({})),
      () => moderation.trades(trader, moderationTradesQuerySchema.parse({})),
      () => moderation.trade(trader, trade.id),
      () => moderation.decide(trader, { tradeId: trade.id, decision: 'APPROVE', reason: '' }),
    ]);
  });

  it('refuses a priest the queue and any decision, and shows them the businesses of their church', async () => {
    const church = await createChurch(db);
    const trade = await pendingTrade(church.id, 1, { name: 'Service Priest Pending' });
    const { account } = await staff('PRIEST', [[church.id, 'PRIEST']]);
    const priest = { userId: account.id, role: account.role };

    await expectRefused([
      () => moderation.queue(priest, moderationQueueQuerySchema.parse({})),
      () => moderation.decide(priest, { tradeId: trade.id, decision: 'APPROVE', reason: '' }),
    ]);
    const page = await moderation.trades(priest, moderationTradesQuerySchema.parse({}));
    expect(page.content.map((seen) => seen.name)).toEqual(['Service Priest Pending']);
  });
});

describe('the API document', () => {
  it('describes the moderation routes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });

    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/moderation/queue',
        '/api/moderation/trades',
        '/api/moderation/trades/{id}',
        '/api/moderation/decide',
        '/api/trades/resubmit',
      ]),
    );
  });
});
