import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/database';
import { addresses, categories, churches, outboxMails, socialMedia, trades, tradeVouches, users } from '../src/db/schema';
import type { SignedInUser } from '../src/modules/sessions/service';
import { tradeSearchKeywords } from '../src/modules/trades/search-keywords';
import { hashPassword } from '../src/modules/users/password';

type NewChurch = typeof churches.$inferInsert;
type NewUser = typeof users.$inferInsert;
type NewTrade = typeof trades.$inferInsert;
type NewCategory = typeof categories.$inferInsert;
type NewAddress = typeof addresses.$inferInsert;
type NewSocialMedia = typeof socialMedia.$inferInsert;
type NewVouch = typeof tradeVouches.$inferInsert;
type CategoryRow = typeof categories.$inferSelect;

function unique(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}`;
}

export async function createChurch(db: Database, fields: Partial<NewChurch> = {}) {
  const [church] = await db
    .insert(churches)
    .values({ name: unique("St Mary's"), stateType: 'NSW', ...fields })
    .returning();
  return church!;
}

export async function createOwner(db: Database, fields: Partial<NewUser> = {}) {
  const [owner] = await db
    .insert(users)
    .values({
      firstName: 'Olive',
      lastName: 'Owner',
      email: `${unique('owner')}@example.com.au`,
      passwordHash: 'not-a-real-hash',
      enabled: true,
      ...fields,
    })
    .returning();
  return owner!;
}

/** The password of accounts made by `createAccount` unless another is given. */
export const TEST_PASSWORD = 'parish-picnic-on-sunday';

const passwordHashes = new Map<string, Promise<string>>();

/** An enabled, verified account that logs in with its password (TEST_PASSWORD unless given). */
export async function createAccount(db: Database, fields: Partial<NewUser> & { password?: string } = {}) {
  const { password = TEST_PASSWORD, ...columns } = fields;
  // Hashing costs tens of milliseconds on purpose; one hash per password is enough for tests.
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  const passwordHash = await passwordHashes.get(password)!;
  return createOwner(db, { passwordHash, emailVerifiedAt: new Date(), ...columns });
}

/** An account of the role, as a service sees whoever acts: its id and role. */
export async function createActor(db: Database, role: NonNullable<NewUser['role']>, fields: Partial<NewUser> = {}): Promise<SignedInUser> {
  const owner = await createOwner(db, { role, ...fields });
  return { userId: owner.id, role: owner.role };
}

export async function createCategory(db: Database, fields: Partial<NewCategory> = {}) {
  const [category] = await db
    .insert(categories)
    .values({ name: unique('Category'), ...fields })
    .returning();
  return category!;
}

/** A listed trade (approved, enabled) unless the fields say otherwise; makes its owner and church when not given. */
export async function createTrade(db: Database, fields: Partial<NewTrade> = {}) {
  const churchId = fields.churchId ?? (await createChurch(db)).id;
  const ownerId = fields.ownerId ?? (await createOwner(db)).id;
  const [trade] = await db
    .insert(trades)
    .values({
      name: unique('Trade'),
      brief: 'Friendly local business serving the parish and beyond.',
      stateType: 'NSW',
      moderationStatus: 'APPROVED',
      ...fields,
      churchId,
      ownerId,
    })
    .returning();
  return trade!;
}

/** A main category and one sub category of it. */
export async function createCategoryPair(
  db: Database,
  main: Partial<NewCategory> = {},
  sub: Partial<NewCategory> = {},
): Promise<{ main: CategoryRow; sub: CategoryRow }> {
  const mainCategory = await createCategory(db, main);
  const subCategory = await createCategory(db, { ...sub, parentId: mainCategory.id });
  return { main: mainCategory, sub: subCategory };
}

/** Plumbing & Gas › Plumber and Electrical › Electrician, with the tags the search tests look for. */
export async function createPlumbingAndElectrical(db: Database) {
  const plumbing = await createCategoryPair(
    db,
    { name: 'Plumbing & Gas', tags: 'plumbing, gas, water, drains' },
    { name: 'Plumber', tags: 'plumber, blocked drains, hot water' },
  );
  const electrical = await createCategoryPair(
    db,
    { name: 'Electrical', tags: 'electrical, electrician, wiring' },
    { name: 'Electrician', tags: 'electrician, power points, lighting' },
  );
  return { plumbing, electrical };
}

/** The category fields of a trade in this sub category, with the search keywords the application keeps. */
export function inCategory(pair: { main: CategoryRow; sub: CategoryRow }, suburb?: string): Partial<NewTrade> {
  return {
    mainCategoryId: pair.main.id,
    categoryId: pair.sub.id,
    searchKeywords: tradeSearchKeywords({ mainCategory: pair.main, subCategory: pair.sub, suburb }),
  };
}

export async function createAddress(db: Database, entityId: string, fields: Partial<NewAddress> = {}) {
  const [address] = await db
    .insert(addresses)
    .values({ entityId, fullAddress: '1 Church St, Parramatta NSW 2150', stateType: 'NSW', ...fields })
    .returning();
  return address!;
}

/** A FACEBOOK entry unless the fields say otherwise; its reference id is its own id, as the API gives new entries. */
export async function createSocialMedia(db: Database, entityId: string, fields: Partial<NewSocialMedia> = {}) {
  const id = randomUUID();
  const [entry] = await db
    .insert(socialMedia)
    .values({ id, entityId, name: 'parishplumbing', mediaType: 'FACEBOOK', referenceId: id, ...fields })
    .returning();
  return entry!;
}

/** Stands in for the social-media service where a test reads no business's links: every business has none. */
export async function noSocialMedia(tradeIds: string[]): Promise<Map<string, never[]>> {
  return new Map(tradeIds.map((id) => [id, []]));
}

/** Stands in for the enquiry-inbox service where a test reads no business's reply time: none has answered enough. */
export async function noReplyTime(_tradeId: string): Promise<null> {
  return null;
}

type NewOutboxMail = typeof outboxMails.$inferInsert;

/** A mail the worker gave up on after its last try, as the administrators' page lists it. */
export async function createFailedMail(db: Database, fields: Partial<NewOutboxMail> = {}) {
  const id = randomUUID();
  const [mail] = await db
    .insert(outboxMails)
    .values({
      id,
      messageId: `<${id}@churchtrades.test>`,
      recipient: `failed.${id.slice(0, 8)}@example.com.au`,
      subject: 'Verify your ChurchTrades account',
      textBody: 'Verify: https://churchtrades.test/verify/account?key=secret-key',
      htmlBody: '<p>Verify</p>',
      state: 'FAILED',
      tries: 10,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      failedAt: new Date(),
      ...fields,
    })
    .returning();
  return mail!;
}

/**
 * A church's word that it knows a business: by default its church's moderator, unnamed, given now for a year.
 * The business's `vouched_until` follows the vouch, as the vouching service keeps it.
 */
export async function createVouch(db: Database, trade: { id: string; churchId: string }, fields: Partial<NewVouch> = {}) {
  const vouchedAt = fields.vouchedAt ?? new Date();
  const expiresAt = fields.expiresAt ?? new Date(vouchedAt.getTime() + 365 * 86_400_000);
  const [vouch] = await db
    .insert(tradeVouches)
    .values({ tradeId: trade.id, churchId: trade.churchId, voucherRole: 'MODERATOR', ...fields, vouchedAt, expiresAt })
    .returning();
  if (!fields.withdrawnAt) await db.update(trades).set({ vouchedUntil: expiresAt }).where(eq(trades.id, trade.id));
  return vouch!;
}
