import { REPLY_TIME_DAYS } from '@churchtrades/shared/reply-time';
import { describe, expect, it } from 'vitest';
import { createTrade } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { createEnquiry } from './enquiry-factory';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const now = Date.parse('2026-11-27T02:00:00Z');
const { app, database } = await createTestApp({ backgroundWork: false }, { clock: () => new Date(now) });
const db = database.db;

/** An enquiry delivered `daysAgo` days ago and first answered `hours` later, or never. */
function answeredEnquiry(tradeId: string, daysAgo: number, hours: number | null) {
  const deliveredAt = new Date(now - daysAgo * DAY_MS);
  const firstAnsweredAt = hours === null ? null : new Date(deliveredAt.getTime() + hours * HOUR_MS);
  return createEnquiry(db, { tradeId, at: deliveredAt, firstAnsweredAt, folder: hours === null ? 'NEW' : 'ANSWERED' });
}

async function replyTimeOf(tradeId: string): Promise<unknown> {
  const response = await app.inject({ method: 'GET', url: `/api/trades/${tradeId}` });
  expect(response.statusCode).toBe(200);
  return response.json().data.trade.replyTime;
}

describe('how quickly a business usually replies, on its public answer', () => {
  it('is the median time to the first answer once 3 enquiries of the last 90 days are answered', async () => {
    const trade = await createTrade(db);
    await answeredEnquiry(trade.id, 2, 0.5);
    await answeredEnquiry(trade.id, 10, 20);
    await answeredEnquiry(trade.id, 40, 30);
    await answeredEnquiry(trade.id, 5, null);

    expect(await replyTimeOf(trade.id)).toBe('DAY');
  });

  it('is the middle of an even number of answers, here within a few hours', async () => {
    const trade = await createTrade(db);
    for (const hours of [0.5, 2, 5, 200]) await answeredEnquiry(trade.id, 3, hours);

    expect(await replyTimeOf(trade.id)).toBe('HOURS');
  });

  it('is not shown with fewer than 3 answered, however many came', async () => {
    const trade = await createTrade(db);
    await answeredEnquiry(trade.id, 1, 0.2);
    await answeredEnquiry(trade.id, 2, 0.2);
    for (let day = 1; day <= 5; day++) await answeredEnquiry(trade.id, day, null);

    expect(await replyTimeOf(trade.id)).toBeNull();
  });

  it('counts only enquiries delivered in the last 90 days', async () => {
    const trade = await createTrade(db);
    await answeredEnquiry(trade.id, 1, 100);
    await answeredEnquiry(trade.id, 2, 100);
    await answeredEnquiry(trade.id, REPLY_TIME_DAYS + 1, 0.1);
    await answeredEnquiry(trade.id, REPLY_TIME_DAYS + 2, 0.1);

    expect(await replyTimeOf(trade.id)).toBeNull();

    await answeredEnquiry(trade.id, REPLY_TIME_DAYS - 1, 0.1);
    expect(await replyTimeOf(trade.id)).toBe('WEEK');
  });
});
