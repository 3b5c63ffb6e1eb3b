import { describe, expect, it } from 'vitest';
import { createChurch, createOwner, createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';

const { app, database } = await createTestApp();
const db = database.db;

async function clientFilter(query: string) {
  const response = await app.inject({ method: 'GET', url: `/api/trades/clientFilter?${query}` });
  return { response, body: response.json() };
}

describe('GET /api/trades/clientFilter', () => {
  it('lists only approved, enabled, unlocked, unexpired businesses of enabled churches', async () => {
    const closedChurch = await createChurch(db, { enabled: false });
    const listed = await createTrade(db, { name: 'Aaron Listed Plumbing' });
    await createTrade(db, { name: 'Aaron Pending', moderationStatus: 'PENDING' });
    await createTrade(db, { name: 'Aaron Rejected', moderationStatus: 'REJECTED' });
    await createTrade(db, { name: 'Aaron Disabled', enabled: false });
    await createTrade(db, { name: 'Aaron Locked', locked: true });
    await createTrade(db, { name: 'Aaron Expired', expired: true });
    await createTrade(db, { name: 'Aaron Closed Church', churchId: closedChurch.id });

    const { response, body } = await clientFilter('page=0&size=50');

    expect(response.statusCode).toBe(200);
    expect(body.status).toBe('OK');
    const names = body.data.trades.content.map((trade: { name: string }) => trade.name);
    expect(names).toContain(listed.name);
    expect(names.filter((name: string) => name.startsWith('Aaron'))).toEqual([listed.name]);
  });

  it('pages in name order and counts every listed business', async () => {
    const church = await createChurch(db);
    for (const name of ['Zeta Florist', 'Zeta Bakery', 'Zeta Carpentry', 'Zeta Dental']) {
      await createTrade(db, { name, churchId: church.id });
    }
    const { body: first } = await clientFilter('page=0&size=2');
    const total = first.data.trades.totalElements;

    expect(first.data.trades).toMatchObject({ number: 0, size: 2, totalPages: Math.ceil(total / 2) });
    expect(first.data.trades.content).toHaveLength(2);

    const { body: last } = await clientFilter(`page=${Math.ceil(total / 2) - 1}&size=2`);
    const lastNames = last.data.trades.content.map((trade: { name: string }) => trade.name);
    expect(lastNames.at(-1)).toBe('Zeta Florist');
  });

  it('shows what a card needs and nothing private', async () => {
    const owner = await createOwner(db, { firstName: 'Mary', lastName: 'Nguyen', phone: '0412 345 678' });
    await createTrade(db, { name: 'Card Check Electrical', ownerId: owner.id, website: 'https://card.example.com.au' });

    const { body } = await clientFilter('page=0&size=50');
    const card = body.data.trades.content.find((trade: { name: string }) => trade.name === 'Card Check Electrical');

    expect(card).toMatchObject({
      ownerName: 'Mary Nguyen',
      ownerEmail: owner.email,
      ownerPhone: '0412 345 678',
      website: 'https://card.example.com.au',
    });
    expect(JSON.stringify(body)).not.toMatch(/password|passwordHash|ownerId|moderation|locked/i);
  });

  it('clamps a negative page and an oversized or zero size instead of failing', async () => {
    const negative = await clientFilter('page=-1&size=9');
    expect(negative.response.statusCode).toBe(200);
    expect(negative.body.data.trades.number).toBe(0);

    const huge = await clientFilter('page=0&size=500');
    expect(huge.body.data.trades.size).toBe(50);

    const zero = await clientFilter('page=abc&size=0');
    expect(zero.response.statusCode).toBe(200);
    expect(zero.body.data.trades).toMatchObject({ number: 0, size: 1 });
  });
});
