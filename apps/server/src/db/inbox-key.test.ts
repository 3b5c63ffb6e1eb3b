import { inboxKey } from '@churchtrades/shared/inbox-key';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createEnquiry } from '../modules/enquiry-inbox/enquiry-factory';
import { createReview } from '../modules/reviews/review-factory';
import { emptyDatabase, migrationsBefore, tradeBeforeMigrations } from '../../test/migration-database';
import { createTestDatabase } from '../../test/test-database';
import { type Database, MIGRATIONS_DIR } from './database';
import { inboxKeyOf } from './inbox-key';
import { blockedSenders, enquiries, reviews } from './schema';

const INBOX_KEY_MIGRATION = '0032_inbox_keys';

const database = await createTestDatabase();
afterAll(() => database.close());

async function keyInSql(db: Database, email: string): Promise<string | null> {
  // Both drivers answer a query with its rows; the union of their result types does not say so.
  const result = (await db.execute(sql`select ${inboxKeyOf(sql`${email}::text`)} as key`)) as unknown as { rows: { key: string | null }[] };
  return result.rows[0]!.key;
}

describe('the inbox key in SQL', () => {
  it.each([
    'Anna@Example.com',
    '  anna+shop@example.com.au\t',
    'a.n.n.a+x@GoogleMail.com',
    'anna.c+@gmail.com',
    'anna.c@gmail.com.au',
    'anna.c@mail.gmail.com',
    'dots.stay+tag@outlook.com',
    '+news@example.com',
    '+a+b@example.com',
    'a+b+c@example.com',
    'x.y@gmail.comx',
    'a.b@c.d@gmail.com',
    'no-at-sign.at.all',
  ])('keys %j as inboxKey does', async (email) => {
    expect(await keyInSql(database.db, email)).toBe(inboxKey(email));
  });
});

describe('the migration to inbox keys', () => {
  const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute));

  // Migrates an empty database twice, which takes its time on a busy machine.
  it('keys the stored enquiries, blocks and reviews by inbox, one block and one review key per inbox and business', { timeout: 60_000 }, async () => {
    const { db, migrate } = await emptyDatabase();
    await migrate(migrationsBefore(INBOX_KEY_MIGRATION));
    const trade = await tradeBeforeMigrations(db);
    const otherTrade = await tradeBeforeMigrations(db, 'Other Plumbing');
    const enquiry = await createEnquiry(db, { tradeId: trade.id, senderEmail: ' Anna.C+Shop@GoogleMail.com' });
    // The keys as they were stored before: lower case, trimmed.
    await db.update(enquiries).set({ senderEmailKey: sql`lower(btrim(${enquiries.senderEmail}))` });
    await db.insert(blockedSenders).values([
      { emailKey: 'sam@example.com', reason: 'Second', blockedAt: at(2) },
      { emailKey: 'sam+deals@example.com', reason: 'First', blockedAt: at(1) },
      { emailKey: 'ben+offers@example.com', reason: 'Only', blockedAt: at(3) },
    ]);
    const review = (email: string, minute: number, tradeId = trade.id) => createReview(db, { tradeId, reviewerEmailKey: email, createdAt: at(minute) });
    const taggedFirst = await review('vera+a@example.com.au', 1);
    const plainLater = await review('vera@example.com.au', 2);
    const dottedFirst = await review('sam.b+1@gmail.com', 3);
    const dottedLater = await review('samb+2@gmail.com', 4);
    const elsewhere = await review('vera+a@example.com.au', 5, otherTrade.id);

    await migrate(MIGRATIONS_DIR);

    const [rekeyed] = await db.select({ key: enquiries.senderEmailKey }).from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(rekeyed!.key).toBe('annac@gmail.com');
    const blocks = await db.select({ emailKey: blockedSenders.emailKey, reason: blockedSenders.reason }).from(blockedSenders).orderBy(asc(blockedSenders.emailKey));
    expect(blocks).toEqual([
      { emailKey: 'ben@example.com', reason: 'Only' },
      { emailKey: 'sam@example.com', reason: 'First' },
    ]);
    const keys = new Map((await db.select({ id: reviews.id, key: reviews.reviewerEmailKey }).from(reviews)).map((row) => [row.id, row.key]));
    expect([taggedFirst, plainLater, dottedFirst, dottedLater, elsewhere].map((row) => keys.get(row.id))).toEqual([
      'vera+a@example.com.au',
      'vera@example.com.au',
      'samb@gmail.com',
      'samb+2@gmail.com',
      'vera@example.com.au',
    ]);
  });
});
