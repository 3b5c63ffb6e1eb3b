import { describe, expect, it } from 'vitest';
import { createCategory } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

const get = (url: string) => app.inject({ method: 'GET', url });

// Made once for the file: the main categories are the whole list, whatever each test adds.
const garden = await createCategory(db, { name: 'Gardening', tags: 'garden, lawns', displayOrder: 2 });
const trades = await createCategory(db, { name: 'Trades', displayOrder: 1 });
const beauty = await createCategory(db, { name: 'Beauty', displayOrder: 2 });
const lawns = await createCategory(db, { name: 'Lawn Mowing', parentId: garden.id, displayOrder: 2 });
const hedges = await createCategory(db, { name: 'Hedges', parentId: garden.id, displayOrder: 1 });
const arborist = await createCategory(db, { name: 'Arborist', parentId: garden.id, displayOrder: 2 });
await createCategory(db, { name: 'Builder', parentId: trades.id, displayOrder: 1 });

describe('GET /api/category/main_categories', () => {
  it('lists the main categories in display order, then by name, with parentId -1', async () => {
    const response = await get('/api/category/main_categories');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.categories).toEqual([
      { id: trades.id, name: 'Trades', tags: '', parentId: -1, displayOrder: 1 },
      { id: beauty.id, name: 'Beauty', tags: '', parentId: -1, displayOrder: 2 },
      { id: garden.id, name: 'Gardening', tags: 'garden, lawns', parentId: -1, displayOrder: 2 },
    ]);
  });

  it('may be cached publicly for five minutes and answers a repeat with 304', async () => {
    const first = await get('/api/category/main_categories');
    const repeat = await app.inject({
      method: 'GET',
      url: '/api/category/main_categories',
      headers: { 'if-none-match': String(first.headers.etag) },
    });

    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(repeat.statusCode).toBe(304);
  });
});

describe('GET /api/category/sub_categories', () => {
  it('lists the sub categories of one main category in display order, then by name', async () => {
    const response = await get(`/api/category/sub_categories?parent_id=${garden.id}`);

    expect(response.json().data.categories.map((category: { id: number }) => category.id)).toEqual([
      hedges.id,
      arborist.id,
      lawns.id,
    ]);
    expect(response.json().data.categories[0]).toEqual({
      id: hedges.id,
      name: 'Hedges',
      tags: '',
      parentId: garden.id,
      displayOrder: 1,
    });
  });

  it('answers an empty list for -1, no main category chosen', async () => {
    const response = await get('/api/category/sub_categories?parent_id=-1');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.categories).toEqual([]);
  });

  it('answers an empty list for a category that has none or does not exist', async () => {
    for (const parentId of [beauty.id, 987_654, 2_147_483_647]) {
      const response = await get(`/api/category/sub_categories?parent_id=${parentId}`);
      expect(response.json().data.categories).toEqual([]);
    }
  });

  it.each([
    ['a word', 'abc'],
    ['nothing', ''],
    ['a fraction', '1.5'],
    ['a number beyond any id', '99999999999'],
    ['SQL', "1; drop table categories"],
  ])('refuses %s as parent_id with 400', async (_case, parentId) => {
    const response = await get(`/api/category/sub_categories?parent_id=${encodeURIComponent(parentId)}`);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'BAD_REQUEST', message: 'parent_id must be a whole number' });
  });

  it('refuses a missing parent_id with 400', async () => {
    const response = await get('/api/category/sub_categories');

    expect(response.statusCode).toBe(400);
    expect(response.json().data.errors).toContainEqual({ field: 'parent_id', message: 'parent_id must be a whole number' });
  });
});
