import { MAP_POINTS_LIMIT, mapPointsSchema } from '@churchtrades/shared/map';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createChurch } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';

// A file of its own: the thousands of businesses it makes would crowd every other map test.
const { app, database } = await createTestApp();
const db = database.db;

/** `count` listed businesses of the church, each with its owner and an address with coordinates, in one statement. */
async function createPinnedTrades(churchId: string, count: number): Promise<void> {
  await db.execute(sql`
    with owners as (
      insert into users (first_name, last_name, email, password_hash, enabled)
      select 'Bulk', 'Owner', 'bulk-owner-' || n || '@example.com.au', 'not-a-real-hash', true
      from generate_series(1, ${count}::int) as n
      returning id, email),
    made as (
      insert into trades (owner_id, church_id, state_type, name, moderation_status)
      select id, ${churchId}::uuid, 'NSW', 'Bulk ' || lpad(substring(email from 'bulk-owner-(\\d+)@'), 5, '0'), 'APPROVED'
      from owners
      returning id)
    insert into addresses (entity_id, latitude, longitude)
    select id, -33.8 - random() / 10, 151.1 + random() / 10 from made`);
}

async function mapOf(churchId: string) {
  const response = await app.inject({ method: 'GET', url: `/api/trades/mapPoints?churchId=${churchId}` });
  return mapPointsSchema.parse(response.json().data);
}

describe('GET /api/trades/mapPoints: at most MAP_POINTS_LIMIT points', () => {
  it('gives the first 5,000 by name and says more matched; exactly 5,000 are all there are', { timeout: 60_000 }, async () => {
    const church = await createChurch(db);
    await createPinnedTrades(church.id, MAP_POINTS_LIMIT + 1);

    const beyond = await mapOf(church.id);
    await db.execute(sql`delete from trades where name = 'Bulk 05001'`);
    const atLimit = await mapOf(church.id);

    expect(beyond.points).toHaveLength(MAP_POINTS_LIMIT);
    expect(beyond.truncated).toBe(true);
    expect(beyond.points[0]![1]).toBe('Bulk 00001');
    expect(beyond.points.at(-1)![1]).toBe('Bulk 05000');
    expect(atLimit.points).toHaveLength(MAP_POINTS_LIMIT);
    expect(atLimit.truncated).toBe(false);
  });
});
