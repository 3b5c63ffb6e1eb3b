import fs from 'node:fs';
import path from 'node:path';
import { churchFormSchema, churchManageQuerySchema } from '@churchtrades/shared/church-admin';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { Role } from '@churchtrades/shared/roles';
import type { RealState } from '@churchtrades/shared/states';
import { and, eq, ilike } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, churches } from '../../db/schema';
import { transactionalDatabase } from '../../db/transactions';
import { createAccount, createActor, createChurch, createTrade } from '../../../test/factories';
import { type FormFile, multipartForm } from '../../../test/multipart-form';
import { expectRefused } from '../../../test/refusals';
import { createTestApp } from '../../../test/test-app';
import { loggedInBrowser, testBrowser, type TestBrowser } from '../../../test/test-browser';
import { createAuditRepo } from '../audit/repo';
import { createAuditService } from '../audit/service';
import { createImageStore } from '../uploads/image-store';
import { createChurchRepo } from './repo';
import { createChurchService } from './service';

const { app, database, config } = await createTestApp();
const db = database.db;

const PNG = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#335577' } }).png().toBuffer();
const pngFile = (content = PNG): FormFile => ({ field: 'file', filename: 'logo.png', contentType: 'image/png', content });
const FAKE_IMAGE: FormFile = {
  field: 'file',
  filename: 'logo.png',
  contentType: 'image/png',
  content: Buffer.from('<script>alert(1)</script>'),
};

async function browserOf(role: Exclude<Role, 'SELECT'>, governedState?: RealState): Promise<TestBrowser> {
  const account = await createAccount(db, { role, governedState });
  return loggedInBrowser(app, db, account.id);
}

const administrator = () => browserOf('ADMIN');
const tasmanianGovernor = () => browserOf('GOVERNOR', 'TAS');

async function storedChurch(id: string) {
  const [row] = await db.select().from(churches).where(eq(churches.id, id));
  return row!;
}

async function auditOf(subjectId: string, action: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, subjectId), eq(auditLog.action, action)));
}

function uploadPicture(browser: TestBrowser, picture: 'logo' | 'image', fields: Record<string, string>, file?: FormFile) {
  return browser.request({ method: 'PATCH', url: `/api/churches/${picture}`, ...multipartForm(fields, file ? [file] : []) });
}

function storedFile(url: string): string {
  return path.join(config.uploadDir, url.replace(/^\/uploads\//, ''));
}

const names = (page: { content: { name: string }[] }) => page.content.map((church) => church.name);

describe('GET /api/churches/manage', () => {
  it('lists every church by name, disabled ones too, with its businesses and those pending counted', async () => {
    const open = await createChurch(db, { name: 'Managetown Open Chapel', stateType: 'QLD' });
    const closed = await createChurch(db, { name: 'Managetown Closed Chapel', stateType: 'QLD', enabled: false });
    await createTrade(db, { churchId: open.id, stateType: 'QLD' });
    await createTrade(db, { churchId: open.id, stateType: 'QLD', moderationStatus: 'PENDING' });
    await createTrade(db, { churchId: open.id, stateType: 'QLD', moderationStatus: 'PENDING' });

    const response = await (await administrator()).get('/api/churches/manage?name=managetown');

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const page = response.json().data.churches;
    expect(page).toMatchObject({ number: 0, size: 10, totalElements: 2, totalPages: 1 });
    expect(page.content).toEqual([
      expect.objectContaining({ churchId: closed.id, enabled: false, moderated: true, tradeCount: 0, pendingCount: 0 }),
      {
        churchId: open.id,
        name: 'Managetown Open Chapel',
        stateType: 'QLD',
        suburb: null,
        postcode: null,
        latitude: null,
        longitude: null,
        logo: null,
        image: null,
        enabled: true,
        moderated: true,
        tradeCount: 3,
        pendingCount: 2,
      },
    ]);
  });

  it('pages and narrows by state for an administrator', async () => {
    for (const n of [1, 2, 3]) await createChurch(db, { name: `Pagedale Parish ${n}`, stateType: 'WA' });
    await createChurch(db, { name: 'Pagedale Parish NT', stateType: 'NT' });
    const browser = await administrator();

    const second = (await browser.get('/api/churches/manage?name=pagedale&stateType=WA&page=1&size=2')).json().data.churches;
    const everywhere = (await browser.get('/api/churches/manage?name=pagedale')).json().data.churches;

    expect(second).toMatchObject({ number: 1, size: 2, totalElements: 3, totalPages: 2 });
    expect(names(second)).toEqual(['Pagedale Parish 3']);
    expect(everywhere.totalElements).toBe(4);
  });

  it("shows a governor only their state's churches, whatever state they ask for", async () => {
    await createChurch(db, { name: 'Governville Hobart', stateType: 'TAS' });
    await createChurch(db, { name: 'Governville Hobart Closed', stateType: 'TAS', enabled: false });
    await createChurch(db, { name: 'Governville Sydney', stateType: 'NSW' });
    const governor = await tasmanianGovernor();

    for (const stateType of ['', 'ALL', 'NSW', 'TAS']) {
      const page = (await governor.get(`/api/churches/manage?name=governville&stateType=${stateType}`)).json().data.churches;
      expect(names(page)).toEqual(['Governville Hobart', 'Governville Hobart Closed']);
    }
  });

  it('shows a governor without a state no church', async () => {
    await createChurch(db, { name: 'Stateless Chapel', stateType: 'VIC' });

    const response = await (await browserOf('GOVERNOR')).get('/api/churches/manage?name=stateless');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.churches).toMatchObject({ content: [], totalElements: 0 });
  });

  it('refuses a visitor with 401 and a moderator with 403', async () => {
    const anonymous = await testBrowser(app).get('/api/churches/manage');
    const moderator = await (await browserOf('MODERATOR')).get('/api/churches/manage');

    expect(anonymous.statusCode).toBe(401);
    expect(moderator.statusCode).toBe(403);
    expect(moderator.json()).toMatchObject({ status: 'FORBIDDEN', message: MESSAGES.forbidden });
    expect(moderator.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/churches/manage/{id}', () => {
  it('shows a disabled church to an administrator', async () => {
    const closed = await createChurch(db, { name: 'Shut Chapel', stateType: 'SA', enabled: false });

    const response = await (await administrator()).get(`/api/churches/manage/${closed.id}`);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.church).toMatchObject({ churchId: closed.id, enabled: false, tradeCount: 0 });
  });

  it("shows a governor a church of their state and refuses one of another state with 403", async () => {
    const hobart = await createChurch(db, { stateType: 'TAS' });
    const sydney = await createChurch(db, { stateType: 'NSW' });
    const governor = await tasmanianGovernor();

    const own = await governor.get(`/api/churches/manage/${hobart.id}`);
    const other = await governor.get(`/api/churches/manage/${sydney.id}`);

    expect(own.json().data.church.churchId).toBe(hobart.id);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(MESSAGES.churchOfAnotherState);
  });

  it('answers 404 for an unknown church and 400 for a malformed id', async () => {
    const browser = await administrator();

    const unknown = await browser.get('/api/churches/manage/6f1c2b1e-0000-4000-8000-000000000000');
    const malformed = await browser.get('/api/churches/manage/st-marys');

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.churchNotFound);
    expect(malformed.statusCode).toBe(400);
  });
});

describe('POST /api/churches/register', () => {
  const form = {
    name: '  St Columba Registration Test  ',
    stateType: 'VIC',
    suburb: 'Ballarat',
    postcode: '3350',
    latitude: '-37.56',
    longitude: 143.85,
  };

  it('registers the church, enabled and moderated, and writes it in the audit log', async () => {
    const response = await (await administrator()).post('/api/churches/register', form);

    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const church = response.json().data.church;
    expect(church).toMatchObject({
      name: 'St Columba Registration Test',
      stateType: 'VIC',
      suburb: 'Ballarat',
      postcode: '3350',
      latitude: -37.56,
      longitude: 143.85,
      enabled: true,
      moderated: true,
      tradeCount: 0,
    });
    expect(await storedChurch(church.churchId)).toMatchObject({ name: 'St Columba Registration Test', suburb: 'Ballarat' });
    const [entry] = await auditOf(church.churchId, 'church.register');
    expect(entry).toMatchObject({
      subjectType: 'CHURCH',
      subjectName: 'St Columba Registration Test',
      before: null,
      after: { name: 'St Columba Registration Test', stateType: 'VIC', postcode: '3350', latitude: -37.56 },
    });
  });

  it('answers the church it made when the same form is sent again, registering and auditing it once', async () => {
    const browser = await administrator();
    const again = { ...form, name: 'St Brigid Sent Twice' };

    const first = await browser.post('/api/churches/register', again);
    const second = await browser.post('/api/churches/register', again);

    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    const churchId = first.json().data.church.churchId;
    expect(second.json().data.church.churchId).toBe(churchId);
    expect(await db.select().from(churches).where(eq(churches.name, 'St Brigid Sent Twice'))).toHaveLength(1);
    expect(await auditOf(churchId, 'church.register')).toHaveLength(1);
  });

  it('registers one church when the same form is sent twice at once', async () => {
    const browser = await administrator();
    const together = { ...form, name: 'St Aidan Sent Together' };

    const answers = await Promise.all([
      browser.post('/api/churches/register', together),
      browser.post('/api/churches/register', together),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(new Set(answers.map((answer) => answer.json().data.church.churchId)).size).toBe(1);
    expect(await db.select().from(churches).where(eq(churches.name, 'St Aidan Sent Together'))).toHaveLength(1);
  });

  it('refuses with 409 another church of the same name in the same place, in any case', async () => {
    const known = await createChurch(db, { name: 'St Kilian Known', stateType: 'VIC', suburb: 'Geelong', postcode: '3220' });

    const response = await (await administrator()).post('/api/churches/register', {
      name: 'st kilian known',
      stateType: 'VIC',
      suburb: 'GEELONG',
      postcode: '3220',
      latitude: -38.15,
    });

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.churchExists);
    const sameName = await db.select({ id: churches.id }).from(churches).where(ilike(churches.name, 'St Kilian Known'));
    expect(sameName).toEqual([{ id: known.id }]);
  });

  it('registers a church of the same name in another suburb', async () => {
    await createChurch(db, { name: 'St Finbar Two Places', stateType: 'VIC', suburb: 'Bendigo', postcode: '3550' });

    const response = await (await administrator()).post('/api/churches/register', {
      name: 'St Finbar Two Places',
      stateType: 'VIC',
      suburb: 'Ballarat',
      postcode: '3350',
    });

    expect(response.statusCode).toBe(201);
  });

  it('lets a governor register a church of their state only', async () => {
    const governor = await tasmanianGovernor();

    const own = await governor.post('/api/churches/register', { name: 'Governor Registered Hobart', stateType: 'TAS' });
    const other = await governor.post('/api/churches/register', { name: 'Governor Registered Perth', stateType: 'WA' });

    expect(own.statusCode).toBe(201);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(MESSAGES.churchOfAnotherState);
    expect(await db.select().from(churches).where(eq(churches.name, 'Governor Registered Perth'))).toEqual([]);
  });

  it('refuses a name of spaces with 400', async () => {
    const response = await (await administrator()).post('/api/churches/register', { name: '      ', stateType: 'NSW' });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.churchNameRequired);
  });

  it('refuses a moderator with 403 and a visitor with 401, registering nothing', async () => {
    const name = 'Never Registered Chapel';

    const moderator = await (await browserOf('MODERATOR')).post('/api/churches/register', { name, stateType: 'NSW' });
    const anonymous = await testBrowser(app).post('/api/churches/register', { name, stateType: 'NSW' });

    expect(moderator.statusCode).toBe(403);
    expect(anonymous.statusCode).toBe(401);
    expect(await db.select().from(churches).where(eq(churches.name, name))).toEqual([]);
  });

  it.each([
    ['no name', { stateType: 'NSW' }, 'name', MESSAGES.churchNameRequired],
    ['a name too long', { name: 'x'.repeat(151), stateType: 'NSW' }, 'name', MESSAGES.churchNameTooLong],
    ['an unknown state', { name: 'Some Chapel', stateType: 'Victoria' }, 'stateType', MESSAGES.chooseState],
    ['a bad postcode', { name: 'Some Chapel', stateType: 'NSW', postcode: '20000' }, 'postcode', MESSAGES.postcodeInvalid],
    ['a latitude beyond 90', { name: 'Some Chapel', stateType: 'NSW', latitude: 91 }, 'latitude', MESSAGES.coordinateInvalid],
  ])('refuses %s with 400', async (_case, body, field, message) => {
    const response = await (await administrator()).post('/api/churches/register', body);

    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual({ field, message });
  });
});

describe('PATCH /api/churches/update', () => {
  it('changes the church and audits only the fields that changed', async () => {
    const church = await createChurch(db, { name: 'Before Update Chapel', stateType: 'NSW', suburb: 'Ryde' });

    const response = await (await administrator()).patch('/api/churches/update', {
      churchId: church.id,
      name: 'After Update Chapel',
      stateType: 'NSW',
      suburb: 'Ryde',
      postcode: '2112',
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().data.church).toMatchObject({ churchId: church.id, name: 'After Update Chapel', postcode: '2112' });
    expect(await storedChurch(church.id)).toMatchObject({ name: 'After Update Chapel', suburb: 'Ryde', postcode: '2112' });
    const [entry] = await auditOf(church.id, 'church.update');
    expect(entry).toMatchObject({
      before: { name: 'Before Update Chapel', postcode: null },
      after: { name: 'After Update Chapel', postcode: '2112' },
    });
  });

  it('refuses with 409 renaming a church into another of the same place, changing nothing', async () => {
    await createChurch(db, { name: 'St Ita Taken', stateType: 'NSW', suburb: 'Ryde' });
    const church = await createChurch(db, { name: 'St Ita Renamed', stateType: 'NSW', suburb: 'Ryde' });

    const response = await (await administrator()).patch('/api/churches/update', {
      churchId: church.id,
      name: 'St Ita Taken',
      stateType: 'NSW',
      suburb: 'Ryde',
    });
    const unchanged = await (await administrator()).patch('/api/churches/update', {
      churchId: church.id,
      name: 'St Ita Renamed',
      stateType: 'NSW',
      suburb: 'Ryde',
      postcode: '2112',
    });

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MESSAGES.churchExists);
    expect(unchanged.statusCode).toBe(200);
    expect(await storedChurch(church.id)).toMatchObject({ name: 'St Ita Renamed', postcode: '2112' });
  });

  it("refuses a governor another state's church, and moving one of theirs into another state", async () => {
    const hobart = await createChurch(db, { name: 'Hobart Unmoved', stateType: 'TAS' });
    const sydney = await createChurch(db, { name: 'Sydney Untouched', stateType: 'NSW' });
    const governor = await tasmanianGovernor();

    const moved = await governor.patch('/api/churches/update', { churchId: hobart.id, name: 'Hobart Moved', stateType: 'VIC' });
    const other = await governor.patch('/api/churches/update', { churchId: sydney.id, name: 'Sydney Taken', stateType: 'TAS' });

    expect(moved.statusCode).toBe(403);
    expect(other.statusCode).toBe(403);
    expect(await storedChurch(hobart.id)).toMatchObject({ name: 'Hobart Unmoved', stateType: 'TAS' });
    expect(await storedChurch(sydney.id)).toMatchObject({ name: 'Sydney Untouched', stateType: 'NSW' });
    expect(await auditOf(hobart.id, 'church.update')).toEqual([]);
  });

  it('answers 404 for an unknown church and 400 without a church id', async () => {
    const browser = await administrator();

    const unknown = await browser.patch('/api/churches/update', {
      churchId: '6f1c2b1e-0000-4000-8000-000000000000',
      name: 'Nowhere Chapel',
      stateType: 'NSW',
    });
    const missing = await browser.patch('/api/churches/update', { name: 'Nowhere Chapel', stateType: 'NSW' });

    expect(unknown.statusCode).toBe(404);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.errors).toContainEqual({ field: 'churchId', message: MESSAGES.chooseChurch });
  });
});

describe('PATCH /api/churches/logo and /api/churches/image', () => {
  it.each([
    ['logo', /^\/uploads\/logos\/[0-9a-f]{32}\.webp$/],
    ['image', /^\/uploads\/photos\/[0-9a-f]{32}\.webp$/],
  ] as const)('stores the %s re-encoded as WebP and removes the one it replaces', async (picture, stored) => {
    const church = await createChurch(db);
    const browser = await administrator();

    const first = await uploadPicture(browser, picture, { churchId: church.id }, pngFile());
    const firstUrl: string = first.json().data.church[picture];
    const second = await uploadPicture(browser, picture, { churchId: church.id }, pngFile());
    const secondUrl: string = second.json().data.church[picture];

    expect(first.statusCode).toBe(200);
    expect(firstUrl).toMatch(stored);
    expect(secondUrl).toMatch(stored);
    expect(fs.existsSync(storedFile(firstUrl))).toBe(false);
    expect(await sharp(fs.readFileSync(storedFile(secondUrl))).metadata()).toMatchObject({ format: 'webp', width: 512 });
    expect((await storedChurch(church.id))[picture]).toBe(secondUrl);
    const entries = await auditOf(church.id, `church.${picture}`);
    expect(entries).toHaveLength(2);
    expect(entries).toContainEqual(expect.objectContaining({ before: { [picture]: firstUrl }, after: { [picture]: secondUrl } }));
  });

  it('refuses a file that is not an image with 415 and keeps the logo it has', async () => {
    const church = await createChurch(db, { logo: '/uploads/logos/kept.webp' });

    const response = await uploadPicture(await administrator(), 'logo', { churchId: church.id }, FAKE_IMAGE);

    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(MESSAGES.notAnImage);
    expect((await storedChurch(church.id)).logo).toBe('/uploads/logos/kept.webp');
    expect(await auditOf(church.id, 'church.logo')).toEqual([]);
  });

  it('refuses a form without a church id or without an image with 400', async () => {
    const church = await createChurch(db);
    const browser = await administrator();

    const noChurch = await uploadPicture(browser, 'logo', { churchId: 'st-marys' }, pngFile());
    const noImage = await uploadPicture(browser, 'image', { churchId: church.id });

    expect(noChurch.statusCode).toBe(400);
    expect(noChurch.json().message).toBe(MESSAGES.chooseChurch);
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().message).toBe(MESSAGES.imageRequired);
  });

  it("refuses a governor another state's church and a moderator any church, keeping the image", async () => {
    const sydney = await createChurch(db, { stateType: 'NSW' });

    const governor = await uploadPicture(await tasmanianGovernor(), 'image', { churchId: sydney.id }, pngFile());
    const moderator = await uploadPicture(await browserOf('MODERATOR'), 'image', { churchId: sydney.id }, pngFile());

    expect(governor.statusCode).toBe(403);
    expect(moderator.statusCode).toBe(403);
    expect((await storedChurch(sydney.id)).image).toBeNull();
  });
});

describe('PATCH /api/churches/toggleEnabled and toggleModerated', () => {
  const search = async (text: string) =>
    (await app.inject({ method: 'GET', url: `/api/trades/clientFilter?searchText=${encodeURIComponent(text)}` }))
      .json()
      .data.trades.content.map((card: { id: string }) => card.id);

  it('takes a disabled church and its businesses out of the public directory, and brings them back', async () => {
    const church = await createChurch(db, { name: 'Toggleton Chapel', stateType: 'NSW' });
    const trade = await createTrade(db, { churchId: church.id, name: 'Quixotic Toggleton Joinery' });
    const browser = await administrator();
    expect(await search('quixotic toggleton')).toEqual([trade.id]);

    const disabled = await browser.patch(`/api/churches/toggleEnabled?churchId=${church.id}`);

    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data.church).toMatchObject({ churchId: church.id, enabled: false });
    expect((await storedChurch(church.id)).enabled).toBe(false);
    expect(await search('quixotic toggleton')).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `/api/churches/${church.id}` })).statusCode).toBe(404);

    await browser.patch(`/api/churches/toggleEnabled?churchId=${church.id}`);

    expect(await search('quixotic toggleton')).toEqual([trade.id]);
    const entries = await auditOf(church.id, 'church.enable');
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual(
      expect.arrayContaining([
        [{ enabled: true }, { enabled: false }],
        [{ enabled: false }, { enabled: true }],
      ]),
    );
  });

  it('flips whether the church is moderated', async () => {
    const church = await createChurch(db, { stateType: 'TAS' });

    const response = await (await tasmanianGovernor()).patch(`/api/churches/toggleModerated?churchId=${church.id}`);

    expect(response.json().data.church).toMatchObject({ moderated: false });
    expect((await storedChurch(church.id)).moderated).toBe(false);
    const [entry] = await auditOf(church.id, 'church.moderate');
    expect(entry).toMatchObject({ before: { moderated: true }, after: { moderated: false } });
  });

  it("refuses a governor another state's church and a priest any church, changing nothing", async () => {
    const church = await createChurch(db, { stateType: 'WA' });

    const governor = await (await tasmanianGovernor()).patch(`/api/churches/toggleEnabled?churchId=${church.id}`);
    const priest = await (await browserOf('PRIEST')).patch(`/api/churches/toggleModerated?churchId=${church.id}`);
    const anonymous = await testBrowser(app).patch(`/api/churches/toggleEnabled?churchId=${church.id}`);

    expect([governor.statusCode, priest.statusCode, anonymous.statusCode]).toEqual([403, 403, 401]);
    expect(await storedChurch(church.id)).toMatchObject({ enabled: true, moderated: true });
  });

  it('refuses a malformed church id with 400 and an unknown one with 404', async () => {
    const browser = await administrator();

    const malformed = await browser.patch('/api/churches/toggleEnabled?churchId=abc');
    const unknown = await browser.patch('/api/churches/toggleModerated?churchId=6f1c2b1e-0000-4000-8000-000000000000');

    expect(malformed.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the church service, whoever calls it', () => {
  const { db: repoDb, transactions } = transactionalDatabase(db);
  const service = createChurchService({
    repo: createChurchRepo(repoDb),
    audit: createAuditService(createAuditRepo(repoDb)),
    images: createImageStore(config.uploadDir),
    transactions,
  });

  it('refuses a trader every church to administer, and every change to one', async () => {
    const trader = await createActor(db, 'TRADER');
    const church = await createChurch(db, { name: 'Traderville Chapel', stateType: 'NSW' });
    const form = churchFormSchema.parse({ name: 'Traderville Chapel Renamed', stateType: 'NSW' });

    await expectRefused([
      () => service.listManaged(trader, churchManageQuerySchema.parse({})),
      () => service.findManaged(trader, church.id),
      () => service.churchToManage(trader, church.id),
      () => service.register(trader, form),
      () => service.update(trader, { ...form, churchId: church.id }),
      () => service.changePicture(trader, church.id, 'logo', PNG),
      () => service.flip(trader, church.id, 'enabled'),
    ]);
    expect(await storedChurch(church.id)).toMatchObject({ name: 'Traderville Chapel', enabled: true, logo: null });
  });

  it('lets a governor find the churches of their state', async () => {
    const governor = await createActor(db, 'GOVERNOR', { governedState: 'SA' });
    const church = await createChurch(db, { name: 'Serviceton Chapel', stateType: 'SA' });

    const page = await service.listManaged(governor, churchManageQuerySchema.parse({ name: 'Serviceton' }));

    expect(page.content.map(({ churchId }) => churchId)).toEqual([church.id]);
  });
});
