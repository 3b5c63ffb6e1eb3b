import { eq, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { generatePassword } from '../../admin/accounts';
import { type Clock, systemClock } from '../../clock';
import { UNDO_DELETION_PATH } from '../../modules/account-deletion/mails';
import { createUndoLinks } from '../../modules/account-deletion/undo-links';
import { createAuditRepo } from '../../modules/audit/repo';
import { createAuditService } from '../../modules/audit/service';
import { link, type MailSender } from '../../modules/mail/account-mails';
import { createOutboxRepo } from '../../modules/mail/repo';
import { createMailService } from '../../modules/mail/service';
import { createUserRepo } from '../../modules/users/repo';
import { hashPassword } from '../../modules/users/password';
import { weakPasswordReason } from '../../modules/users/password-strength';
import { ADDRESS_FIXTURE_DIR, readReleaseAddresses } from '../address-import/fixture';
import type { Database } from '../database';
import { transactionalDatabase } from '../transactions';
import {
  addressIndex,
  addresses,
  blockedSenders,
  categories,
  churchMembers,
  churches,
  enquiries,
  enquiryDailyCounts,
  enquiryMessages,
  enquirySpamReports,
  outboxMails,
  reviewNotices,
  reviewReports,
  reviews,
  socialMedia,
  trades,
  tradeVouches,
  users,
} from '../schema';
import { createImageStore } from '../../modules/uploads/image-store';
import { buildDemoDataset, type DemoDataset } from './dataset';
import { type DemoCover, drawCoverPicture } from './generate-covers';
import { DEMO_EMAIL_DOMAIN, type DemoAccount, type UserRow } from './generate-accounts';
import { LEAVING_VISITOR_EMAIL, NEIGHBOUR_MODERATOR_EMAIL } from './demo-people';

export interface SeedOptions {
  seed: number;
  /** Unset: a random one, printed with the demo accounts, so that no published word opens them. */
  demoPassword?: string | undefined;
  /** The site the demo's mails link to: the app's origin and support address. */
  mailSender: MailSender;
  /** Where the demo's pictures are stored: the app's upload directory. */
  uploadDir: string;
  /** When the seeding happens, which the failed demo mails are dated just before; the real time unless given. */
  clock?: Clock;
  log?: (line: string) => void;
}

export interface SeedCounts {
  categories: number;
  mainCategories: number;
  churches: number;
  users: number;
  churchMembers: number;
  trades: number;
  approvedTrades: number;
  pendingTrades: number;
  addresses: number;
  socialMedia: number;
  coverPictures: number;
  addressIndex: number;
  failedMails: number;
  reviews: number;
}

export interface SeedSummary {
  counts: SeedCounts;
  accounts: DemoAccount[];
  demoChurch: { id: string; name: string };
  demoBusiness: { id: string; name: string };
  /** The demo user's answered enquiry, which they may review once logged in. */
  reviewableEnquiryId: string;
  /** The password every demo account opens with. */
  demoPassword: string;
  /** The link that keeps the account of the demo visitor waiting to be deleted, also mailed to them. */
  undoDeletionLink: string;
}

export class DatabaseNotEmptyError extends Error {}

/** DEMO_PASSWORD is one a new password could not be: the message says why. */
export class WeakDemoPasswordError extends Error {}

/** Every demo account's e-mail is `<role>@` this: the words anyone guessing a demo password tries first. */
const DEMO_ACCOUNTS_EMAIL = `demo@${DEMO_EMAIL_DOMAIN}`;

/** Rows per insert: well below PostgreSQL's 65,535 parameters for the widest table. */
const CHUNK_SIZE = 200;

/** True when no user, church, category or business exists yet: the only state the demo seed fills. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const probes = await Promise.all([
    db.select({ id: users.id }).from(users).limit(1),
    db.select({ id: churches.id }).from(churches).limit(1),
    db.select({ id: categories.id }).from(categories).limit(1),
    db.select({ id: trades.id }).from(trades).limit(1),
  ]);
  return probes.every((rows) => rows.length === 0);
}

async function insertInChunks<T extends PgTable>(db: Database, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    await db.insert(table).values(rows.slice(start, start + CHUNK_SIZE));
  }
}

async function insertDataset(db: Database, data: DemoDataset): Promise<void> {
  await insertInChunks(db, categories, data.categories);
  // The ids were given explicitly, so the sequence must be moved past them for later inserts.
  await db.execute(sql`select setval(pg_get_serial_sequence('categories', 'id'), (select max(id) from categories))`);
  await insertInChunks(db, users, data.users);
  await insertInChunks(db, churches, data.churches);
  await insertInChunks(db, churchMembers, data.churchMembers);
  await insertInChunks(db, trades, data.trades);
  await insertInChunks(db, tradeVouches, data.tradeVouches);
  await insertInChunks(db, addresses, data.addresses);
  await insertInChunks(db, socialMedia, data.socialMedia);
  await insertInChunks(db, addressIndex, data.addressIndex);
  await insertInChunks(db, outboxMails, data.failedMails);
  await insertInChunks(db, enquiries, data.enquiries.enquiries);
  await insertInChunks(db, enquiries, data.reviews.enquiries);
  await insertInChunks(db, enquiryMessages, data.enquiries.messages);
  await insertInChunks(db, enquiryMessages, data.reviews.messages);
  await insertInChunks(db, enquirySpamReports, data.enquiries.spamReports);
  await insertInChunks(db, blockedSenders, data.enquiries.blockedSenders);
  await insertInChunks(db, enquiryDailyCounts, data.enquiries.dailyCounts);
  // Each review's trigger adds it up on its business (migration 0027).
  await insertInChunks(db, reviews, data.reviews.reviews);
  await insertInChunks(db, reviewReports, data.reviews.reports);
  await insertInChunks(db, reviewNotices, data.reviews.notices);
}

/**
 * The demo visitor's deletion mail, queued as the app queues it, so that the first start delivers it to the
 * outbox; its key is answered for the summary to print. The key is random, as the demo password is.
 */
async function mailUndoDeletionLink(db: Database, sender: MailSender, clock: Clock, visitor: UserRow): Promise<string> {
  const { db: mailDb, transactions } = transactionalDatabase(db);
  const audit = createAuditService(createAuditRepo(mailDb));
  const mail = createMailService({ repo: createOutboxRepo(mailDb), transactions, audit, from: `no-reply@${DEMO_EMAIL_DOMAIN}` });
  const undoLinks = createUndoLinks({ keys: createUserRepo(mailDb), mail, sender, clock });
  const [account] = await db.select().from(users).where(eq(users.id, visitor.id));
  if (!account?.deletionDueAt) throw new Error('The demo visitor is not waiting to be deleted');
  return undoLinks.mailRequested(account, account.deletionDueAt);
}

/** Draws each cover picture and stores it where its business's row says, through the app's image store. */
async function storeCovers(uploadDir: string, covers: readonly DemoCover[]): Promise<void> {
  const images = createImageStore(uploadDir);
  for (const cover of covers) await images.saveAt(cover.url, await drawCoverPicture(cover));
}

function countRows(data: DemoDataset): SeedCounts {
  return {
    categories: data.categories.length,
    mainCategories: data.categories.filter((category) => category.parentId == null).length,
    churches: data.churches.length,
    users: data.users.length,
    churchMembers: data.churchMembers.length,
    trades: data.trades.length,
    approvedTrades: data.trades.filter((trade) => trade.moderationStatus === 'APPROVED').length,
    pendingTrades: data.trades.filter((trade) => trade.moderationStatus === 'PENDING').length,
    addresses: data.addresses.length,
    socialMedia: data.socialMedia.length,
    coverPictures: data.covers.length,
    addressIndex: data.addressIndex.length,
    failedMails: data.failedMails.length,
    reviews: data.reviews.reviews.length,
  };
}

function describe(summary: SeedSummary, options: SeedOptions): string[] {
  const madeHere = options.demoPassword === undefined ? ' (made for this database: set DEMO_PASSWORD to choose one)' : '';
  const { counts } = summary;
  const roleWidth = Math.max(...summary.accounts.map((account) => account.role.length));
  return [
    `Seeded the demo data (seed ${options.seed}):`,
    `  categories     ${counts.mainCategories} main, ${counts.categories - counts.mainCategories} sub`,
    `  churches       ${counts.churches}`,
    `  users          ${counts.users} (${summary.accounts.length} demo accounts)`,
    `  businesses     ${counts.approvedTrades} approved, ${counts.pendingTrades} pending`,
    `  addresses      ${counts.addresses} of businesses, ${counts.addressIndex} in the address index`,
    `  social media   ${counts.socialMedia}`,
    `  cover pictures ${counts.coverPictures}`,
    `  failed emails  ${counts.failedMails}, for administrators to send again at /admin/mails`,
    `  reviews        ${counts.reviews}`,
    `Demo accounts, each with the password "${summary.demoPassword}"${madeHere}:`,
    ...summary.accounts.map((account) => `  ${account.role.padEnd(roleWidth)}  ${account.email}`),
    `The demo priest and moderator serve "${summary.demoChurch.name}"; ${NEIGHBOUR_MODERATOR_EMAIL} moderates another church, and decides reports about its businesses.`,
    `The demo trader owns "${summary.demoBusiness.name}".`,
    `The demo user may review the business they asked at /reviews/write?enquiry=${summary.reviewableEnquiryId}`,
    `${LEAVING_VISITOR_EMAIL} asked for their account to be deleted; it is kept by ${summary.undoDeletionLink}`,
  ];
}

/**
 * Fills an empty database with a reproducible demo: the same seed gives the same rows and ids.
 * Only the password hashes differ between runs, since argon2 salts each hash at random, and the failed mails'
 * times, which follow the clock.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<SeedSummary> {
  // The demo accounts are accounts like any other, on whatever server shows the demo: their password passes
  // the rule every new password does.
  const weakness =
    options.demoPassword === undefined
      ? undefined
      : weakPasswordReason(options.demoPassword, { email: DEMO_ACCOUNTS_EMAIL, firstName: 'Demo' });
  if (weakness !== undefined) throw new WeakDemoPasswordError(`DEMO_PASSWORD is refused. ${weakness}`);
  if (!(await isDatabaseEmpty(db))) {
    throw new DatabaseNotEmptyError('The database already holds data; the demo seed only fills an empty database.');
  }
  // Hashed once: argon2 is slow by design, and every demo account shares the demo password.
  const demoPassword = options.demoPassword ?? generatePassword();
  const clock = options.clock ?? systemClock;
  const passwordHash = await hashPassword(demoPassword);
  const addressFile = await readReleaseAddresses(ADDRESS_FIXTURE_DIR);
  const data = buildDemoDataset({
    seed: options.seed,
    passwordHash,
    addressFile,
    mailSender: options.mailSender,
    now: clock(),
  });
  // The pictures first, so that no business ever names a file not there yet.
  await storeCovers(options.uploadDir, data.covers);
  await db.transaction((tx) => insertDataset(tx, data));
  const undoDeletionKey = await mailUndoDeletionLink(db, options.mailSender, clock, data.leavingVisitor);
  const summary: SeedSummary = {
    counts: countRows(data),
    accounts: data.accounts,
    demoChurch: data.demoChurch,
    demoBusiness: data.demoBusiness,
    reviewableEnquiryId: data.reviews.reviewableEnquiryId,
    demoPassword,
    undoDeletionLink: link(options.mailSender, UNDO_DELETION_PATH, undoDeletionKey),
  };
  for (const line of describe(summary, options)) options.log?.(line);
  return summary;
}
