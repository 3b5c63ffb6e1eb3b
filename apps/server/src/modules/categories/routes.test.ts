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
const plumber = await createCategory(db, { name: 'Plumber', tags: 'Plumbing, Gas , hot water', parentId: trades.id, displayOrder: 2 });
await createCategory(db, { name: 'Gas Fitter', tags: 'gasfitting, lpg', parentId: trades.id, displayOrder: 3 });
const lawnCare = await createCategory(db, { name: 'Lawn Care', tags: 'LAWNS', parentId: trades.id, displayOrder: 4 });

describe('GET /api/category/main_categories', () => {
  it('lists the main categories in display order, then by name, with parentId -1', async () => {
    const response = await get('/api/category/main_categories');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.categories).toEqual([
      { id: trades.id, name: 'Trades', tags: '', mains: true, parentId: -1, displayOrder: 1 },
      { id: beauty.id, name: 'Beauty', tags: '', mains: true, parentId: -1, displayOrder: 2 },
      { id: garden.id, name: 'Gardening', tags: 'garden, lawns', mains: true, parentId: -1, displayOrder: 2 },
    ]);
  });

  it('may be cached publicly for a minute and answers a repeat with 304', async () => {
    const first = await get('/api/category/main_categories');
    const repeat = await app.inject({
      method: 'GET',
      url: '/api/category/main_categories',
      headers: { 'if-none-match': String(first.headers.etag) },
    });

    expect(first.headers['cache-control']).toBe('public, max-age=60');
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
      mains: false,
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

describe.each(['category', 'category_id'])('GET /api/category/%s/{id}', (path) => {
  it('answers a main category with its sub categories in display order', async () => {
    const response = await get(`/api/category/${path}/${garden.id}`);

    expect(response.statusCode).toBe(200);
    const { category } = response.json().data;
    expect(category).toMatchObject({ id: garden.id, name: 'Gardening', tags: 'garden, lawns', mains: true, parentId: -1 });
    expect(category.subCategories.map((sub: { id: number }) => sub.id)).toEqual([hedges.id, arborist.id, lawns.id]);
    expect(category.subCategories[0]).toMatchObject({ mains: false, parentId: garden.id });
  });

  it('answers a sub category with the main one it belongs to, and no sub categories', async () => {
    const response = await get(`/api/category/${path}/${hedges.id}`);

    expect(response.statusCode).toBe(200);
    expect(response.json().data.category).toEqual({
      id: hedges.id,
      name: 'Hedges',
      tags: '',
      mains: false,
      parentId: garden.id,
      displayOrder: 1,
      subCategories: [],
    });
  });

  it('answers 404 for a category that does not exist', async () => {
    const response = await get(`/api/category/${path}/2147483647`);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'NOT_FOUND', message: 'Category not found' });
  });

  it.each([
    ['a word', 'abc'],
    ['zero', '0'],
    ['a negative number', '-1'],
    ['a fraction', '1.5'],
    ['a number beyond any id', '99999999999'],
  ])('refuses %s with 400', async (_case, id) => {
    const response = await get(`/api/category/${path}/${encodeURIComponent(id)}`);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'BAD_REQUEST', message: 'Category ID is required' });
  });

  it('may be cached publicly for a minute', async () => {
    const response = await get(`/api/category/${path}/${garden.id}`);

    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('GET /api/category/taggedCategories/{tag}', () => {
  const tagged = async (tag: string) =>
    (await get(`/api/category/taggedCategories/${encodeURIComponent(tag)}`)).json().data.categories.map(
      (category: { id: number }) => category.id,
    );

  it('finds the categories one of whose tags is the tag, whatever its case, main categories first', async () => {
    expect(await tagged('lawns')).toEqual([garden.id, lawnCare.id]);
    expect(await tagged('GAS')).toEqual([plumber.id]);
    expect(await tagged('Hot Water')).toEqual([plumber.id]);
  });

  it('matches whole tags only', async () => {
    expect(await tagged('gasfit')).toEqual([]);
    expect(await tagged('plumb')).toEqual([]);
    expect(await tagged('lawns, hedges')).toEqual([]);
  });

  it('answers an empty list for a tag no category has', async () => {
    const response = await get('/api/category/taggedCategories/bell%20ringing');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.categories).toEqual([]);
  });

  it('refuses a tag longer than 50 characters with 400', async () => {
    const response = await get(`/api/category/taggedCategories/${'t'.repeat(51)}`);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'BAD_REQUEST', message: 'A tag must be at most 50 characters' });
  });

  it('refuses a tag of spaces with 400', async () => {
    const response = await get('/api/category/taggedCategories/%20%20');

    expect(response.statusCode).toBe(400);
  });
});
