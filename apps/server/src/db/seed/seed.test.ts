import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNT_DELETION_DAYS } from '@churchtrades/shared/account-deletion';
import { COVER_PICTURE_HEIGHT, COVER_PICTURE_WIDTH } from '@churchtrades/shared/constants';
import { meetsMinRating, REVIEWS_SHOWN_FROM } from '@churchtrades/shared/rating';
import { removalNoteText, reviewerDisplayName } from '@churchtrades/shared/reviews';
import type { RealState } from '@churchtrades/shared/states';
import { isValidAbn } from '@churchtrades/shared/verification';
import { asc, eq, getTableColumns, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import { verifyPassword } from '../../modules/users/password';
import type { Database } from '../database';
import { FAILED_MAILS_KEPT_MS } from '../../housekeeping';
import { createOutboxRepo } from '../../modules/mail/repo';
import { hashToken } from '../../tokens';
import { textHashOf } from '../../modules/enquiries/service';
import {
  addresses,
  addressIndex,
  categories,
  churchMembers,
  churches,
  enquiries,
  enquiryMessages,
  oneTimeKeys,
  outboxMails,
  reviewNotices,
  reviewReports,
  reviews,
  socialMedia,
  trades,
  users,
} from '../schema';
import { DEMO_INVITED_REVIEWER, LEAVING_VISITOR_EMAIL, NEIGHBOUR_MODERATOR_EMAIL } from './demo-people';
import { firstNswChurch } from './generate-churches';
import { DEMO_REPEATED_REPORTS } from './generate-reviews';
import { DatabaseNotEmptyError, isDatabaseEmpty, seedDemoData, WeakDemoPasswordError } from './seed';

const SEED = 7;
const PASSWORD = 'Kookaburra-Wattle-Billabong-42';
const MAIL_SENDER = { appOrigin: 'http://localhost:3000', supportEmail: 'support@churchtrades.au' };
const SEEDED_AT = new Date();
/** What every seed here is given besides its seed number and password. */
const UPLOAD_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'churchtrades-seed-uploads-'));
const SETTINGS = { mailSender: MAIL_SENDER, uploadDir: UPLOAD_DIR, clock: () => SEEDED_AT };

/** Generous boxes around each state and territory, drawn independently of the demo's suburb list. */
const STATE_BOUNDS: Readonly<Record<RealState, { south: number; north: number; west: number; east: number }>> = {
  NSW: { south: -37.6, north: -28.1, west: 140.9, east: 153.7 },
  VIC: { south: -39.2, north: -33.9, west: 140.9, east: 150.0 },
  QLD: { south: -29.2, north: -10.0, west: 137.9, east: 153.6 },
  SA: { south: -38.1, north: -25.9, west: 129.0, east: 141.1 },
  WA: { south: -35.2, north: -13.6, west: 112.9, east: 129.1 },
  TAS: { south: -43.7, north: -39.5, west: 143.8, east: 148.5 },
  NT: { south: -26.1, north: -10.9, west: 128.9, east: 138.1 },
  ACT: { south: -35.95, north: -35.12, west: 148.76, east: 149.4 },
};

/** The moderator the demo administrator registered and has not confirmed yet. */
const WAITING_MODERATOR = 'newcomer@demo.churchtrades.au';

const DEMO_EMAILS = {
  USER: 'user@demo.churchtrades.au',
  TRADER: 'trader@demo.churchtrades.au',
  PRIEST: 'priest@demo.churchtrades.au',
  MODERATOR: 'moderator@demo.churchtrades.au',
  GOVERNOR: 'governor@demo.churchtrades.au',
  ADMIN: 'admin@demo.churchtrades.au',
  DEVELOPER: 'developer@demo.churchtrades.au',
  SUPER: 'super@demo.churchtrades.au',
};

const database = await createTestDatabase();
afterAll(() => database.close());
const db = database.db;
const summary = await seedDemoData(db, { seed: SEED, demoPassword: PASSWORD, ...SETTINGS });

function withoutPasswordHash() {
  const { passwordHash: _passwordHash, ...columns } = getTableColumns(users);
  return columns;
}

/** Reports and notices take their ids from the database. */
function withoutReportId() {
  const { id: _id, ...columns } = getTableColumns(reviewReports);
  return columns;
}

function withoutNoticeId() {
  const { id: _id, ...columns } = getTableColumns(reviewNotices);
  return columns;
}

/** Every demo row in a stable order; only the salted password hashes are left out. */
async function snapshot(target: Database) {
  return {
    categories: await target.select().from(categories).orderBy(asc(categories.id)),
    users: await target.select(withoutPasswordHash()).from(users).orderBy(asc(users.id)),
    churches: await target.select().from(churches).orderBy(asc(churches.id)),
    churchMembers: await target.select().from(churchMembers).orderBy(asc(churchMembers.userId)),
    trades: await target.select().from(trades).orderBy(asc(trades.id)),
    addresses: await target.select().from(addresses).orderBy(asc(addresses.id)),
    socialMedia: await target.select().from(socialMedia).orderBy(asc(socialMedia.id)),
    addressIndex: await target.select().from(addressIndex).orderBy(asc(addressIndex.id)),
    // The failed mails; the leaving visitor's queued mail carries a random key, as the demo password is random.
    outboxMails: await target.select().from(outboxMails).where(eq(outboxMails.state, 'FAILED')).orderBy(asc(outboxMails.id)),
    reviews: await target.select().from(reviews).orderBy(asc(reviews.id)),
    reviewReports: await target.select(withoutReportId()).from(reviewReports).orderBy(asc(reviewReports.reviewId)),
    reviewNotices: await target.select(withoutNoticeId()).from(reviewNotices).orderBy(asc(reviewNotices.tradeId)),
  };
}

describe('seedDemoData', () => {
  it('makes about fifteen main categories with five to ten sub categories each', async () => {
    const rows = await db.select().from(categories);
    const mains = rows.filter((category) => category.parentId === null);

    expect(mains.length).toBeGreaterThanOrEqual(13);
    expect(mains.length).toBeLessThanOrEqual(18);
    for (const main of mains) {
      const subs = rows.filter((category) => category.parentId === main.id);
      expect(subs.length, main.name).toBeGreaterThanOrEqual(5);
      expect(subs.length, main.name).toBeLessThanOrEqual(10);
      expect(main.tags).not.toBe('');
    }
  });

  it('moves the category sequence past the seeded ids', async () => {
    const [added] = await db.insert(categories).values({ name: 'Sequence Check', tags: '' }).returning();
    await db.delete(categories).where(eq(categories.name, 'Sequence Check'));

    expect(added?.id).toBe(summary.counts.categories + 1);
  });

  it('spreads at least 140 churches over all eight states, at least three each', async () => {
    const rows = await db.select({ state: churches.stateType }).from(churches);
    const perState: Partial<Record<RealState, number>> = {};
    for (const { state } of rows) perState[state] = (perState[state] ?? 0) + 1;

    expect(rows.length).toBeGreaterThanOrEqual(140);
    expect(Object.keys(perState)).toHaveLength(8);
    for (const count of Object.values(perState)) expect(count).toBeGreaterThanOrEqual(3);
    expect(perState.NSW).toBeGreaterThan(perState.QLD ?? 0);
    expect(perState.VIC).toBeGreaterThan(perState.WA ?? 0);
  });

  it('makes at least 580 approved businesses and a few pending ones, each in the state of its church', async () => {
    const rows = await db
      .select({ trade: trades, churchState: churches.stateType })
      .from(trades)
      .innerJoin(churches, eq(churches.id, trades.churchId));
    const approved = rows.filter(({ trade }) => trade.moderationStatus === 'APPROVED');
    const pending = rows.filter(({ trade }) => trade.moderationStatus === 'PENDING');

    expect(approved.length).toBeGreaterThanOrEqual(580);
    expect(pending.length).toBeGreaterThanOrEqual(5);
    expect(approved.every(({ trade }) => trade.moderatedAt !== null && trade.enabled)).toBe(true);
    expect(pending.every(({ trade }) => trade.moderatedAt === null)).toBe(true);
    expect(rows.every(({ trade, churchState }) => trade.stateType === churchState)).toBe(true);
    expect(rows.every(({ trade }) => trade.searchKeywords.length > 0 && trade.mainCategoryId !== null)).toBe(true);
  });

  it('gives every business its own owner with an example e-mail address, and a public e-mail of its own', async () => {
    const owners = await db
      .select({ email: users.email, role: users.role, enabled: users.enabled, emailVerifiedAt: users.emailVerifiedAt })
      .from(trades)
      .innerJoin(users, eq(users.id, trades.ownerId));
    const websites = await db.select({ website: trades.website, publicEmail: trades.publicEmail }).from(trades);

    expect(new Set(owners.map((owner) => owner.email)).size).toBe(owners.length);
    for (const owner of owners) {
      expect(owner.email).toMatch(/@(example\.com\.au|demo\.churchtrades\.au)$/);
      expect(owner.emailVerifiedAt).not.toBeNull();
    }
    // One owner closed their own account.
    expect(owners.filter((owner) => !owner.enabled)).toHaveLength(1);
    for (const { website, publicEmail } of websites) {
      if (website !== null) expect(website).toMatch(/^https:\/\/www\.[a-z0-9-]+\.example\.com\.au$/);
      expect(publicEmail).toMatch(/^hello@[a-z0-9-]+\.example\.com\.au$/);
    }
  });

  it('shows an owner who closed their account, their business out of the directory, and one whose password expired', async () => {
    const owners = await db
      .select({ user: users, listed: trades.listed })
      .from(trades)
      .innerJoin(users, eq(users.id, trades.ownerId))
      .where(or(eq(users.enabled, false), eq(users.credentialsNonExpired, false)));

    expect(owners).toHaveLength(2);
    const closed = owners.find(({ user }) => !user.enabled);
    const expired = owners.find(({ user }) => !user.credentialsNonExpired);
    expect(closed).toMatchObject({ listed: false, user: { credentialsNonExpired: true } });
    expect(closed!.user.emailVerifiedAt).not.toBeNull();
    expect(expired).toMatchObject({ listed: true, user: { enabled: true } });
  });

  it('places every approved business address inside its state', async () => {
    const rows = await db
      .select({ state: trades.stateType, address: addresses })
      .from(addresses)
      .innerJoin(trades, eq(trades.id, addresses.entityId))
      .where(eq(trades.moderationStatus, 'APPROVED'));

    expect(rows.length).toBeGreaterThan(500);
    for (const { state, address } of rows) {
      const box = STATE_BOUNDS[state];
      expect(address.stateType).toBe(state);
      expect(address.latitude!, address.fullAddress).toBeGreaterThanOrEqual(box.south);
      expect(address.latitude!, address.fullAddress).toBeLessThanOrEqual(box.north);
      expect(address.longitude!, address.fullAddress).toBeGreaterThanOrEqual(box.west);
      expect(address.longitude!, address.fullAddress).toBeLessThanOrEqual(box.east);
      expect(address.fullAddress).toMatch(new RegExp(` ${state} \\d{4}$`));
    }
  });

  it('gives online-only businesses, and only those, no street address', async () => {
    const rows = await db
      .select({ trade: trades, addressId: addresses.id })
      .from(trades)
      .leftJoin(addresses, eq(addresses.entityId, trades.id));
    const isOnlineOnly = ({ trade }: (typeof rows)[number]) => trade.online && !trade.atClient && !trade.atBusiness;

    expect(rows.filter(isOnlineOnly).length).toBeGreaterThan(0);
    for (const row of rows) expect(row.addressId === null, row.trade.name).toBe(isOnlineOnly(row));
  });

  it('fills the address index with thousands of upper-case addresses', async () => {
    const rows = await db.select().from(addressIndex);

    expect(rows.length).toBeGreaterThan(2000);
    expect(rows.some((row) => row.flatType !== null)).toBe(true);
    for (const row of rows.slice(0, 50)) {
      expect(row.id).toMatch(/^GA(NSW|VIC|QLD|ACT|TAS|SA_|NT_|WA_)\d{9}$/);
      expect(row.fullAddress).toBe(row.fullAddress.toUpperCase());
    }
  });

  it('makes one enabled account per role, each opening with the demo password', async () => {
    const accounts = await db.select().from(users).where(eq(users.firstName, 'Demo'));

    expect(Object.fromEntries(accounts.map((account) => [account.role, account.email]))).toEqual(DEMO_EMAILS);
    expect(summary.accounts).toEqual(Object.entries(DEMO_EMAILS).map(([role, email]) => ({ role, email })));
    for (const account of accounts) {
      expect(account.enabled).toBe(true);
      expect(await verifyPassword(account.passwordHash, PASSWORD)).toBe(true);
    }
  });

  it('attaches the demo moderator and priest to the first NSW church', async () => {
    const church = firstNswChurch(await db.select().from(churches));
    const members = await db
      .select({ email: users.email, churchRole: churchMembers.churchRole })
      .from(churchMembers)
      .innerJoin(users, eq(users.id, churchMembers.userId))
      .where(eq(churchMembers.churchId, church.id))
      .orderBy(asc(churchMembers.churchRole));

    expect(church.enabled).toBe(true);
    expect(summary.demoChurch).toEqual({ id: church.id, name: church.name });
    expect(members).toEqual([
      { email: DEMO_EMAILS.PRIEST, churchRole: 'PRIEST' },
      { email: DEMO_EMAILS.MODERATOR, churchRole: 'MODERATOR' },
      { email: WAITING_MODERATOR, churchRole: 'MODERATOR' },
    ]);
  });

  it('shows the demo priest, moderator and governor confirmed by the demo administrator, and one moderator waiting', async () => {
    const rows = await db.select().from(users).where(inArray(users.email, [...Object.values(DEMO_EMAILS), WAITING_MODERATOR]));
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    const adminId = byEmail.get(DEMO_EMAILS.ADMIN)?.id;

    for (const role of ['PRIEST', 'MODERATOR', 'GOVERNOR'] as const) {
      expect(byEmail.get(DEMO_EMAILS[role]), role).toMatchObject({ moderated: true, moderatedBy: adminId });
    }
    expect(byEmail.get(WAITING_MODERATOR)).toMatchObject({ role: 'MODERATOR', moderated: false, moderatedBy: null });
  });

  it('lets the demo trader own an approved business with an address', async () => {
    const [owned] = await db
      .select({ trade: trades, address: addresses.fullAddress })
      .from(trades)
      .innerJoin(users, eq(users.id, trades.ownerId))
      .leftJoin(addresses, eq(addresses.entityId, trades.id))
      .where(eq(users.email, DEMO_EMAILS.TRADER));

    expect(owned?.trade.moderationStatus).toBe('APPROVED');
    expect(owned?.trade.churchId).toBe(summary.demoChurch.id);
    expect(owned?.address).toBeTruthy();
  });

  it("gives the demo trader's business an ABN with its digits checked, and every business's ABN passes the check", async () => {
    const [owned] = await db
      .select({ abn: trades.abn, abnStatus: trades.abnStatus })
      .from(trades)
      .innerJoin(users, eq(users.id, trades.ownerId))
      .where(eq(users.email, DEMO_EMAILS.TRADER));
    const abns = await db.select({ abn: trades.abn }).from(trades).where(isNotNull(trades.abn));

    expect(owned).toEqual({ abn: expect.stringMatching(/^\d{11}$/), abnStatus: 'CHECKSUM_ONLY' });
    expect(abns.filter(({ abn }) => !isValidAbn(abn ?? ''))).toEqual([]);
  });

  it("draws a cover picture for the demo trader's business and a few others, each a 16:9 WebP where its row says", async () => {
    const covered = await db
      .select({ image: trades.image, ownerEmail: users.email })
      .from(trades)
      .innerJoin(users, eq(users.id, trades.ownerId))
      .where(isNotNull(trades.image));

    expect(covered.length).toBe(summary.counts.coverPictures);
    expect(covered.length).toBeGreaterThanOrEqual(8);
    expect(covered.map((row) => row.ownerEmail)).toContain(DEMO_EMAILS.TRADER);
    for (const { image } of covered) {
      expect(image).toMatch(/^\/uploads\/covers\/[0-9a-f]{32}\.webp$/);
      const stored = await sharp(path.join(UPLOAD_DIR, image!.replace('/uploads/', ''))).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: COVER_PICTURE_WIDTH, height: COVER_PICTURE_HEIGHT });
    }
  });

  it('names the demo priest on businesses of their church, and shows every kind of business', async () => {
    const [priest] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.PRIEST));
    const rows = await db.select().from(trades);
    const naming = rows.filter((trade) => trade.priestId === priest!.id);

    expect(naming.length).toBeGreaterThanOrEqual(2);
    expect(naming.every((trade) => trade.churchId === summary.demoChurch.id)).toBe(true);
    expect(naming.map((trade) => trade.id)).toContain(summary.demoBusiness.id);
    expect(new Set(rows.map((trade) => trade.businessKind))).toEqual(new Set(['SOLE_TRADER', 'COMPANY', 'JOINT_VENTURE', null]));
  });

  it('lists an approved business under its main category alone, found by that category', async () => {
    const alone = (await db.select().from(trades)).filter((trade) => trade.categoryId === null);

    expect(alone).toHaveLength(1);
    expect(alone[0]).toMatchObject({ moderationStatus: 'APPROVED', listed: true });
    expect(alone[0]!.mainCategoryId).not.toBeNull();
  });

  it('leaves two failed mails for administrators to send again, recent enough that housekeeping keeps them', async () => {
    const { rows, total } = await createOutboxRepo(db).failedPage({ page: 0, size: 10 });

    expect(total).toBe(2);
    expect(summary.counts.failedMails).toBe(2);
    for (const mail of rows) {
      expect(mail.recipient).toMatch(/\.invalid$/);
      expect(mail.textBody).toContain(MAIL_SENDER.appOrigin);
      expect(SEEDED_AT.getTime() - mail.failedAt!.getTime()).toBeLessThan(FAILED_MAILS_KEPT_MS);
    }
  });

  it('has a visitor waiting to be deleted, mailed the undo link the summary prints', async () => {
    const [visitor] = await db.select().from(users).where(eq(users.email, LEAVING_VISITOR_EMAIL));
    const key = new URL(summary.undoDeletionLink).searchParams.get('key')!;
    const [undoKey] = await db.select().from(oneTimeKeys).where(eq(oneTimeKeys.keyHash, hashToken(key)));
    const [mail] = await db.select().from(outboxMails).where(eq(outboxMails.recipient, LEAVING_VISITOR_EMAIL));

    expect(visitor?.deletionDueAt?.getTime()).toBe(visitor!.deletionRequestedAt!.getTime() + ACCOUNT_DELETION_DAYS * 86_400_000);
    expect(visitor!.deletionDueAt!.getTime()).toBeGreaterThan(SEEDED_AT.getTime());
    expect(undoKey).toMatchObject({ userId: visitor!.id, purpose: 'UNDO_DELETION', usedAt: null, expiresAt: visitor!.deletionDueAt });
    expect(mail).toMatchObject({ state: 'QUEUED', subject: 'Your ChurchTrades account will be deleted' });
    expect(mail?.textBody).toContain(summary.undoDeletionLink);
  });

  // A second whole seed, its cover pictures drawn and encoded again: slow on a busy machine.
  const secondSeed = { timeout: 120_000 };
  it('gives the same rows and ids for the same seed, and a password of its own, printed, when none is given', secondSeed, async () => {
    const other = await createTestDatabase();
    try {
      expect(await isDatabaseEmpty(other.db)).toBe(true);
      const printed: string[] = [];
      const { demoPassword } = await seedDemoData(other.db, { seed: SEED, ...SETTINGS, log: (line) => printed.push(line) });

      expect(await snapshot(other.db)).toEqual(await snapshot(db));
      expect(demoPassword).toMatch(/^[\w-]{24}$/);
      expect(printed).toContainEqual(expect.stringContaining(`each with the password "${demoPassword}"`));
      const [admin] = await other.db.select().from(users).where(eq(users.email, DEMO_EMAILS.ADMIN));
      expect(await verifyPassword(admin!.passwordHash, demoPassword)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('refuses a demo password easy to guess, before anything else', async () => {
    for (const demoPassword of ['demo-password', 'churchtrades', 'password123']) {
      await expect(seedDemoData(db, { seed: SEED + 1, demoPassword, ...SETTINGS }), demoPassword).rejects.toThrow(WeakDemoPasswordError);
    }
  });

  it('refuses to seed a database that already holds data', async () => {
    expect(await isDatabaseEmpty(db)).toBe(false);
    await expect(seedDemoData(db, { seed: SEED + 1, demoPassword: PASSWORD, ...SETTINGS })).rejects.toThrow(DatabaseNotEmptyError);
  });
});

describe('the demo reviews', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const daysBeforeSeeding = (at: Date) => (SEEDED_AT.getTime() - at.getTime()) / DAY_MS;

  async function reviewRows() {
    return db
      .select({ review: reviews, enquiry: enquiries, churchId: trades.churchId })
      .from(reviews)
      .innerJoin(enquiries, eq(enquiries.id, reviews.enquiryId))
      .innerJoin(trades, eq(trades.id, reviews.tradeId));
  }

  it('come each from the sender of an enquiry the business answered at least 7 days before, as a review is written', async () => {
    const rows = await reviewRows();

    expect(rows.length).toBe(summary.counts.reviews);
    for (const { review, enquiry } of rows) {
      expect(enquiry.tradeId).toBe(review.tradeId);
      expect(review.createdAt.getTime() - enquiry.firstAnsweredAt!.getTime()).toBeGreaterThanOrEqual(7 * DAY_MS);
      expect(review.createdAt.getTime()).toBeLessThan(SEEDED_AT.getTime());
      expect(review.reviewerEmailKey).toBe(enquiry.senderEmailKey);
      expect(review.reviewerName).toBe(reviewerDisplayName(enquiry.senderName));
      expect(review.textHash).toBe(textHashOf(review.body));
      const authors = (await db.select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, enquiry.id))).map((message) => message.author);
      expect(authors).toEqual(expect.arrayContaining(['VISITOR', 'OWNER']));
    }
  });

  it('add up on their businesses: several show a rating, most of those 4 stars and up, and some have a review or two', async () => {
    const published = (await reviewRows()).filter(({ review }) => review.status === 'PUBLISHED');
    const expected = new Map<string, [number, number]>();
    for (const { review } of published) {
      const [count, stars] = expected.get(review.tradeId) ?? [0, 0];
      expected.set(review.tradeId, [count + 1, stars + review.stars]);
    }
    const reviewed = await db.select().from(trades).where(or(...[...expected.keys()].map((id) => eq(trades.id, id))));
    const totals = new Map(reviewed.map((trade) => [trade.id, [trade.reviewCount, trade.reviewStarsTotal]]));
    const unreviewed = await db.select().from(trades).where(isNotNull(trades.id));

    expect(totals).toEqual(expected);
    expect(unreviewed.filter((trade) => !expected.has(trade.id) && trade.reviewCount !== 0)).toEqual([]);
    const rated = reviewed.filter((trade) => trade.reviewCount >= REVIEWS_SHOWN_FROM);
    expect(rated.length).toBeGreaterThanOrEqual(8);
    expect(rated.filter((trade) => meetsMinRating(trade.reviewCount, trade.reviewStarsTotal, 4)).length).toBeGreaterThanOrEqual(5);
    expect(rated.filter((trade) => !meetsMinRating(trade.reviewCount, trade.reviewStarsTotal, 4)).length).toBeGreaterThanOrEqual(1);
    expect(rated.every((trade) => trade.listed)).toBe(true);
    expect(reviewed.filter((trade) => trade.reviewCount < REVIEWS_SHOWN_FROM).length).toBeGreaterThanOrEqual(2);
    const stars = new Set(published.map(({ review }) => review.stars));
    expect(stars).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it("give the demo trader's business a rating, with a review its owner has not answered yet", async () => {
    const own = (await reviewRows()).filter(({ review }) => review.tradeId === summary.demoBusiness.id && review.status === 'PUBLISHED');

    expect(own.length).toBeGreaterThanOrEqual(REVIEWS_SHOWN_FROM);
    expect(own.filter(({ review }) => review.ownerAnswer === null).length).toBeGreaterThanOrEqual(1);
    expect(own.filter(({ review }) => review.ownerAnswer !== null).length).toBeGreaterThanOrEqual(1);
  });

  it('show owners\' answers, an edited review and one from the same church', async () => {
    const published = (await reviewRows()).filter(({ review }) => review.status === 'PUBLISHED');

    expect(published.filter(({ review }) => review.ownerAnswer !== null && review.ownerAnsweredAt! > review.createdAt).length).toBeGreaterThanOrEqual(3);
    expect(published.filter(({ review }) => review.editedAt !== null)).toHaveLength(1);
    expect(published.filter(({ review }) => review.relation === 'SAME_CHURCH' && review.sameChurch)).toHaveLength(1);
  });

  it('leave one removed review with its public note, removed on a report decided by the administrator', async () => {
    const removed = (await reviewRows()).filter(({ review }) => review.status === 'REMOVED');
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.ADMIN));

    expect(removed).toHaveLength(1);
    const [{ review }] = removed as [(typeof removed)[number]];
    expect(removalNoteText(review.removedAt!.toISOString().slice(0, 10), review.removedReason!)).toMatch(/^A review was removed on \d{4}-\d{2}-\d{2}: \w/);
    expect(review.removedBy).toBe(admin!.id);
    const reports = await db.select().from(reviewReports).where(eq(reviewReports.reviewId, review.id));
    expect(reports).toEqual([expect.objectContaining({ decision: 'REMOVED', decidedBy: admin!.id })]);
  });

  it('show one business the notice for gathering fake reviews, running on after the first start', async () => {
    const notices = await db.select().from(reviewNotices);

    expect(notices).toHaveLength(1);
    expect(notices[0]!.endsAt.getTime()).toBeGreaterThan(SEEDED_AT.getTime());
    expect(notices[0]!.endsAt.getTime() - notices[0]!.startedAt.getTime()).toBe(90 * DAY_MS);
    const flagged = (await reviewRows()).filter(({ review }) => review.tradeId === notices[0]!.tradeId && review.flags.includes('SAME_NETWORK'));
    expect(flagged.length).toBeGreaterThanOrEqual(2);
  });

  it("hold one review for its link and one for its owner's network, and leave a flagged report made several times for the demo moderator to decide and one only to hold", async () => {
    const rows = await reviewRows();
    const openReports = await db.select().from(reviewReports).where(isNull(reviewReports.decision));
    const reported = rows.filter(({ review }) => openReports.some((report) => report.reviewId === review.id));

    const held = rows.filter(({ review }) => review.status === 'HELD').map(({ review }) => review.holdReasons);
    expect(held.sort()).toEqual([['LINK'], ['OWNER_NETWORK']]);
    const flagged = reported.find(({ churchId }) => churchId !== summary.demoChurch.id)?.review;
    expect(flagged?.flags).toEqual(['SAME_NETWORK']);
    expect(openReports.filter((report) => report.reviewId === flagged?.id).map((report) => report.timesReported)).toEqual([DEMO_REPEATED_REPORTS]);
    expect(reported.filter(({ churchId }) => churchId === summary.demoChurch.id)).toHaveLength(1);
  });

  it('leave the demo user an answered enquiry to review, and two answered ones for the invitation job to mail', async () => {
    const [demoUser] = await db.select().from(users).where(eq(users.email, DEMO_EMAILS.USER));
    const [reviewable] = await db.select().from(enquiries).where(eq(enquiries.id, summary.reviewableEnquiryId));
    const answered = await db.select().from(enquiries).where(isNotNull(enquiries.firstAnsweredAt));
    const reviewedIds = new Set((await db.select({ id: reviews.enquiryId }).from(reviews)).map((row) => row.id));

    expect(reviewable).toMatchObject({ senderUserId: demoUser!.id, senderEmail: DEMO_EMAILS.USER, delivery: 'DELIVERED' });
    expect(daysBeforeSeeding(reviewable!.firstAnsweredAt!)).toBeGreaterThanOrEqual(8);
    expect(reviewedIds.has(reviewable!.id)).toBe(false);
    const due = answered.filter((enquiry) => daysBeforeSeeding(enquiry.firstAnsweredAt!) >= 14 && enquiry.reviewInvitedAt === null);
    expect(due).toHaveLength(2);
    expect(due.some((enquiry) => reviewedIds.has(enquiry.id))).toBe(false);
    expect(due.find((enquiry) => enquiry.tradeId === summary.demoBusiness.id)).toMatchObject({
      senderEmail: DEMO_INVITED_REVIEWER.email,
      senderUserId: null,
    });
  });

  it('gives another church a confirmed demo moderator, who decides reports about the demo church\'s businesses', async () => {
    const [neighbour] = await db.select().from(users).where(eq(users.email, NEIGHBOUR_MODERATOR_EMAIL));
    const served = await db.select().from(churchMembers).where(eq(churchMembers.userId, neighbour!.id));

    expect(neighbour).toMatchObject({ role: 'MODERATOR', moderated: true, enabled: true });
    expect(await verifyPassword(neighbour!.passwordHash, PASSWORD)).toBe(true);
    expect(served).toEqual([expect.objectContaining({ churchRole: 'MODERATOR' })]);
    expect(served[0]!.churchId).not.toBe(summary.demoChurch.id);
  });
});
