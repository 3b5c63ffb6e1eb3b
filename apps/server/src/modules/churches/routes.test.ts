import { describe, expect, it } from 'vitest';
import { createChurch } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

const get = (url: string) => app.inject({ method: 'GET', url });
const names = (churches: { name: string }[]) => churches.map((church) => church.name);

// Made once for the file; each test reads them through its own state or name.
const hobartCathedral = await createChurch(db, { name: "St David's Cathedral Hobart", stateType: 'TAS' });
await createChurch(db, { name: 'Closed Chapel Hobart', stateType: 'TAS', enabled: false });
const launceston = await createChurch(db, {
  name: 'Church of the Apostles Launceston',
  stateType: 'TAS',
  suburb: 'Launceston',
  postcode: '7250',
  latitude: -41.43,
  longitude: 147.14,
});
const darwin = await createChurch(db, { name: "St Mary's Star of the Sea Darwin", stateType: 'NT' });
for (const n of [1, 2, 3, 4, 5]) await createChurch(db, { name: `Pagingtown Parish ${n}`, stateType: 'SA' });
await createChurch(db, { name: 'Pagingtown Closed Parish', stateType: 'SA', enabled: false });
await createChurch(db, { name: '100% Faith_Centre', stateType: 'WA' });
await createChurch(db, { name: '1000 Faithful Centre', stateType: 'WA' });

describe('GET /api/churches/stateChurches', () => {
  it('lists the enabled churches of a state by name', async () => {
    const response = await get('/api/churches/stateChurches?stateType=TAS');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.churches).toEqual([
      {
        churchId: launceston.id,
        name: 'Church of the Apostles Launceston',
        stateType: 'TAS',
        suburb: 'Launceston',
        postcode: '7250',
        latitude: -41.43,
        longitude: 147.14,
        logo: null,
      },
      expect.objectContaining({ churchId: hobartCathedral.id, name: "St David's Cathedral Hobart" }),
    ]);
  });

  it('lists the enabled churches of every state for ALL or no state', async () => {
    for (const url of ['/api/churches/stateChurches?stateType=ALL', '/api/churches/stateChurches']) {
      const listed = names((await get(url)).json().data.churches);
      expect(listed).toEqual([...listed].sort((a, b) => (a < b ? -1 : 1)));
      expect(listed).toEqual(expect.arrayContaining([darwin.name, launceston.name, hobartCathedral.name]));
      expect(listed).not.toContain('Closed Chapel Hobart');
    }
  });

  it('refuses an unknown state with 400', async () => {
    const response = await get('/api/churches/stateChurches?stateType=Tasmania');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'BAD_REQUEST', message: expect.stringContaining('State must be') });
  });

  it('may be cached publicly and answers a repeat with 304', async () => {
    const first = await get('/api/churches/stateChurches?stateType=NT');
    const repeat = await app.inject({
      method: 'GET',
      url: '/api/churches/stateChurches?stateType=NT',
      headers: { 'if-none-match': String(first.headers.etag) },
    });

    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect(repeat.statusCode).toBe(304);
  });
});

describe('GET /api/churches/search', () => {
  it('finds enabled churches by any part of the name in any case, a page at a time', async () => {
    const first = (await get('/api/churches/search?name=PAGINGTOWN&page=0&size=2')).json().data.churches;
    const last = (await get('/api/churches/search?name=pagingtown&page=2&size=2')).json().data.churches;

    expect(first).toMatchObject({ number: 0, size: 2, totalElements: 5, totalPages: 3 });
    expect(names(first.content)).toEqual(['Pagingtown Parish 1', 'Pagingtown Parish 2']);
    expect(last).toMatchObject({ number: 2, totalElements: 5 });
    expect(names(last.content)).toEqual(['Pagingtown Parish 5']);
  });

  it('narrows the search to a state', async () => {
    const inTas = (await get('/api/churches/search?name=hobart&stateType=TAS')).json().data.churches;
    const inNt = (await get('/api/churches/search?name=hobart&stateType=NT')).json().data.churches;

    expect(names(inTas.content)).toEqual(["St David's Cathedral Hobart"]);
    expect(inNt).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('pages through every enabled church when no name is given, ten at a time', async () => {
    const page = (await get('/api/churches/search?stateType=SA')).json().data.churches;

    expect(page).toMatchObject({ number: 0, size: 10, totalElements: 5, totalPages: 1 });
  });

  it('takes % and _ in the name literally', async () => {
    const percent = (await get(`/api/churches/search?name=${encodeURIComponent('100%')}`)).json().data.churches;
    const underscore = (await get(`/api/churches/search?name=${encodeURIComponent('_aith')}`)).json().data.churches;
    const literal = (await get(`/api/churches/search?name=${encodeURIComponent('h_c')}`)).json().data.churches;

    expect(names(percent.content)).toEqual(['100% Faith_Centre']);
    expect(underscore.totalElements).toBe(0);
    expect(names(literal.content)).toEqual(['100% Faith_Centre']);
  });

  it.each([
    ['SQL', "'; drop table churches; --"],
    ['a backslash', '\\'],
    ['regular-expression characters', '.*+?[('],
    ['emoji', '⛪🙏'],
    ['10,000 characters', 'a'.repeat(10_000)],
    ['a NUL character', 'st\u0000david'],
  ])('answers a name with %s without failing, finding no church', async (_case, name) => {
    const response = await get(`/api/churches/search?name=${encodeURIComponent(name)}`);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.churches).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('brings a negative page and an oversized size into range', async () => {
    const page = (await get('/api/churches/search?page=-1&size=500')).json().data.churches;

    expect(page).toMatchObject({ number: 0, size: 50 });
  });
});

describe('GET /api/churches/{id}', () => {
  it('shows an enabled church', async () => {
    const response = await get(`/api/churches/${darwin.id}`);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.church).toMatchObject({ churchId: darwin.id, name: darwin.name, stateType: 'NT' });
  });

  it('answers 404 for a disabled church', async () => {
    const closed = await createChurch(db, { enabled: false });

    const response = await get(`/api/churches/${closed.id}`);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'NOT_FOUND', message: 'Church not found' });
  });

  it.each([
    ['an unknown id', '6f1c2b1e-0000-4000-8000-000000000000'],
    ['a malformed id', 'st-marys'],
  ])('answers 404 for %s', async (_case, id) => {
    const response = await get(`/api/churches/${id}`);

    expect(response.statusCode).toBe(404);
  });
});
