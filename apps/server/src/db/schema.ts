import { CHURCH_ROLES } from '@churchtrades/shared/church-admin';
import { DATA_EXPORT_STATUSES } from '@churchtrades/shared/data-export';
import { MAIL_STATES } from '@churchtrades/shared/mail-outbox';
import { ENQUIRY_AUTHORS, ENQUIRY_DELIVERIES, ENQUIRY_FOLDERS, SPAM_REPORT_DECISIONS } from '@churchtrades/shared/enquiries';
import { CHOSEN_MEDIA_TYPES } from '@churchtrades/shared/media-types';
import { MODERATION_STATUSES } from '@churchtrades/shared/moderation';
import { REVIEW_RELATIONS, REVIEW_REPORT_DECISIONS, REVIEW_STATUSES } from '@churchtrades/shared/reviews';
import { ACCOUNT_ROLES } from '@churchtrades/shared/roles';
import { BUSINESS_KINDS } from '@churchtrades/shared/trade-profile';
import { REAL_STATES } from '@churchtrades/shared/states';
import { ABN_STATUSES } from '@churchtrades/shared/verification';
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { nameKey, phoneKey, websiteKey } from './duplicate-keys';
import { inboxKeyOf } from './inbox-key';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

// The enumerations the app shares with the web are built from its lists: a value added there needs a migration.
export const stateType = pgEnum('state_type', REAL_STATES);
export const role = pgEnum('role', ACCOUNT_ROLES);
export const mediaType = pgEnum('media_type', CHOSEN_MEDIA_TYPES);
export const moderationStatus = pgEnum('moderation_status', MODERATION_STATUSES);
export const churchRole = pgEnum('church_role', CHURCH_ROLES);
export const businessKind = pgEnum('business_kind', BUSINESS_KINDS);
export const abnStatus = pgEnum('abn_status', ABN_STATUSES);
export const sessionStage = pgEnum('session_stage', ['MFA_PENDING', 'ACTIVE']);
export const mailState = pgEnum('mail_state', MAIL_STATES);
export const enquiryDelivery = pgEnum('enquiry_delivery', ENQUIRY_DELIVERIES);
export const enquiryFolder = pgEnum('enquiry_folder', ENQUIRY_FOLDERS);
export const enquiryAuthor = pgEnum('enquiry_author', ENQUIRY_AUTHORS);
export const spamReportDecision = pgEnum('spam_report_decision', SPAM_REPORT_DECISIONS);
export const reviewRelation = pgEnum('review_relation', REVIEW_RELATIONS);
export const reviewStatus = pgEnum('review_status', REVIEW_STATUSES);
export const reviewReportDecision = pgEnum('review_report_decision', REVIEW_REPORT_DECISIONS);
export const dataExportStatus = pgEnum('data_export_status', DATA_EXPORT_STATUSES);
export const keyPurpose = pgEnum('key_purpose', [
  'VERIFY_ACCOUNT',
  'RESET_PASSWORD',
  'CHANGE_EMAIL',
  'UNDO_EMAIL_CHANGE',
  // The "it's me" link of a login pause (users/login-pause.ts).
  'LOGIN_PAUSE',
  // The undo link of an account waiting to be deleted (account-deletion/undo-links.ts).
  'UNDO_DELETION',
]);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    bio: text('bio'),
    imageUrl: text('image_url'),
    role: role('role').notNull().default('TRADER'),
    passwordHash: text('password_hash').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    // When the owner of the address proved it by the e-mailed link: `enabled` alone cannot tell an account
    // never verified from one an administrator disabled, which a verification link must not enable again.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    accountNonExpired: boolean('account_non_expired').notNull().default(true),
    accountNonLocked: boolean('account_non_locked').notNull().default(true),
    credentialsNonExpired: boolean('credentials_non_expired').notNull().default(true),
    mfa: boolean('mfa').notNull().default(false),
    mfaSecret: text('mfa_secret'),
    mfaPendingSecret: text('mfa_pending_secret'),
    // The last TOTP time step accepted, so a code cannot be replayed inside its window.
    mfaLastStep: integer('mfa_last_step'),
    // The state a GOVERNOR governs (DESIGN "Roles"); other roles leave it empty.
    governedState: stateType('governed_state'),
    // A priest or moderator made by registerMasterUser waits for an administrator's confirmation before they may
    // moderate; every other account (and every master user made before confirmations existed) counts as confirmed.
    moderated: boolean('moderated').notNull().default(true),
    moderatedBy: uuid('moderated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    // "Delete my account": asked then, and deleted by the job at `deletion_due_at` unless undone; the account is
    // closed meanwhile, its business out of the directory (trades.listed, migration 0033).
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    deletionDueAt: timestamp('deletion_due_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    // The moderation queue's duplicate lookups (db/duplicate-keys.ts). Whole, not partial: the planner ignores
    // the statistics of a partial index's expression, misjudges how many owners share a key and scans them all.
    index('users_phone_key_idx').on(phoneKey(table.phone)),
    index('users_email_key_idx').on(inboxKeyOf(table.email)),
    index('users_deletion_due_idx').on(table.deletionDueAt).where(sql`deletion_due_at is not null`),
    index('users_name_trgm_idx').using(
      'gin',
      sql`(${table.firstName} || ' ' || ${table.lastName} || ' ' || ${table.email}) gin_trgm_ops`,
    ),
  ],
);

export const churches = pgTable(
  'churches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    stateType: stateType('state_type').notNull(),
    suburb: text('suburb'),
    postcode: text('postcode'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    logo: text('logo'),
    image: text('image'),
    enabled: boolean('enabled').notNull().default(true),
    moderated: boolean('moderated').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    index('churches_state_name_idx').on(table.stateType, table.name),
    index('churches_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
  ],
);

/** Master-user links: a user serves a church as its priest or one of its moderators. */
export const churchMembers = pgTable(
  'church_members',
  {
    churchId: uuid('church_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    churchRole: churchRole('church_role').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    primaryKey({ columns: [table.churchId, table.userId, table.churchRole] }),
    index('church_members_user_idx').on(table.userId),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tags: text('tags').notNull().default(''),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    displayOrder: integer('display_order').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index('categories_parent_order_idx').on(table.parentId, table.displayOrder),
    uniqueIndex('categories_parent_name_key').on(sql`coalesce(${table.parentId}, -1)`, sql`lower(${table.name})`),
  ],
);

function tradeSearchVector(): SQL {
  return sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(tags, '') || ' ' || coalesce(search_keywords, '')), 'B') ||
    setweight(to_tsvector('english', coalesce(brief, '') || ' ' || coalesce(service, '')), 'C')`;
}

export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    churchId: uuid('church_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'restrict' }),
    mainCategoryId: integer('main_category_id').references(() => categories.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    // SPEC §1 "optionally a priest": a priest of the business's church (the service checks it), or none.
    priestId: uuid('priest_id').references(() => users.id, { onDelete: 'set null' }),
    stateType: stateType('state_type').notNull(),
    name: text('name').notNull(),
    // Sole trader, company or joint venture; null for "not stated", as businesses listed before it was asked are.
    businessKind: businessKind('business_kind'),
    brief: text('brief').notNull().default(''),
    service: text('service').notNull().default(''),
    tags: text('tags').notNull().default(''),
    // Category names and tags and the suburb, kept by the application so a search for
    // "plumbing" finds plumbers: a generated column cannot read other tables.
    searchKeywords: text('search_keywords').notNull().default(''),
    website: text('website'),
    // The address visitors may write to, filled in by the owner: never the owner's login e-mail by default.
    publicEmail: text('public_email'),
    logoUri: text('logo_uri'),
    image: text('image'),
    atClient: boolean('at_client').notNull().default(false),
    atBusiness: boolean('at_business').notNull().default(true),
    online: boolean('online').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    locked: boolean('locked').notNull().default(false),
    expired: boolean('expired').notNull().default(false),
    // Verification (shared/verification.ts). The ABN's 11 digits and what the register last said of it, when,
    // and the name it is registered to; `abn_next_check_at` is when the register is asked again.
    abn: text('abn'),
    abnStatus: abnStatus('abn_status'),
    abnCheckedAt: timestamp('abn_checked_at', { withTimezone: true }),
    abnRegisteredName: text('abn_registered_name'),
    abnNextCheckAt: timestamp('abn_next_check_at', { withTimezone: true }),
    // A licence the owner states; a moderator marks it checked against the state's public register.
    licenceNumber: text('licence_number'),
    licenceState: stateType('licence_state'),
    licenceKind: text('licence_kind'),
    licenceCheckedAt: timestamp('licence_checked_at', { withTimezone: true }),
    licenceCheckedBy: uuid('licence_checked_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    // When the business's current vouch (trade_vouches) lapses; null for none. Kept with the vouches.
    vouchedUntil: timestamp('vouched_until', { withTimezone: true }),
    // Until when at least one badge holds: for ever for an active ABN or a checked licence, else the vouch's
    // end. The "Verified only" filter compares it with the time of the search.
    verifiedUntil: timestamp('verified_until', { withTimezone: true }).generatedAlwaysAs(
      sql`case when abn_status = 'ACTIVE' or licence_checked_at is not null then 'infinity'::timestamptz else vouched_until end`,
    ),
    // Still trading: when the owner last said so (null: since approval), and when this round's question and
    // its reminder were sent (null: not yet).
    tradingConfirmedAt: timestamp('trading_confirmed_at', { withTimezone: true }),
    tradingCheckSentAt: timestamp('trading_check_sent_at', { withTimezone: true }),
    tradingReminderSentAt: timestamp('trading_reminder_sent_at', { withTimezone: true }),
    // True when `expired` was set because the owner left the still-trading question unanswered: their
    // confirmation lifts it then, and only then (an administrator's own expiry stays).
    expiredForNoAnswer: boolean('expired_for_no_answer').notNull().default(false),
    // The published reviews and their stars added up, kept by the reviews' trigger (migration 0027): cards show
    // the rating and "4 stars and up" filters on it without reading the reviews.
    reviewCount: integer('review_count').notNull().default(0),
    reviewStarsTotal: integer('review_stars_total').notNull().default(0),
    moderationStatus: moderationStatus('moderation_status').notNull().default('PENDING'),
    moderationReason: text('moderation_reason'),
    changedSinceApproval: boolean('changed_since_approval').notNull().default(false),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    // When the owner last put the business in front of a moderator (listing it, or resubmitting after a
    // rejection): the queue is served oldest first by it.
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(tradeSearchVector),
    // The name alone, so a search can put businesses whose name matches first and walk them in name order.
    nameVector: tsvector('name_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', coalesce(name, ''))`),
    // Whether the public directory shows the business (DESIGN "Roles": approved, enabled, not locked, not
    // expired, its church enabled, and its owner's account open). Set by database triggers (migrations
    // 0002_directory_listing, 0017_owner_account_listing) on every write to the trade, to its church's `enabled`
    // or to its owner's account switches, so no write path can forget it; a generated column cannot read them. It lets the directory's indexes be partial and its queries skip the church join.
    listed: boolean('listed').notNull().default(false),
    // Where the business's map pin goes (SPEC §1): its address's coordinates, or the suburb's centre (rounded
    // to 2 decimals, about a kilometre) when its owner keeps the street private; null when it is online-only
    // or has no coordinates. Set by database triggers (migration 0009_map_points) on every write of the
    // trade or its address, so that the map and "Near me" read one table and one index.
    pinLatitude: doublePrecision('pin_latitude'),
    pinLongitude: doublePrecision('pin_longitude'),
    // The business's row in the map's answer (shared/map.ts `mapPointRowSchema`) as JSON text:
    // '["id","name",lat,lng,main category id]', coordinates to 5 decimals. The map joins 5,000 of these read
    // from its index, where writing them on each request costs PostgreSQL more than the rest of the answer
    // (json_text: migration 0009).
    mapPoint: text('map_point').generatedAlwaysAs(
      sql`'["' || id::text || '",' || json_text(name) || ',' || round(pin_latitude::numeric, 5)::float8::text || ',' || round(pin_longitude::numeric, 5)::float8::text || ',' || coalesce(main_category_id::text, 'null') || ']'`,
    ),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('trades_owner_key').on(table.ownerId),
    index('trades_search_vector_idx').using('gin', table.searchVector),
    index('trades_name_vector_idx').using('gin', table.nameVector),
    index('trades_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('trades_church_idx').on(table.churchId),
    // The still-trading rounds open now: the reminders, the expiries and the moderators' "About to expire".
    index('trades_trading_check_idx').on(table.tradingCheckSentAt).where(sql`trading_check_sent_at is not null`),
    // A priest's list of the businesses that name them.
    index('trades_priest_idx').on(table.priestId),
    // The directory's pages in name order, whole or by one filter; the other filters are checked on the way.
    index('trades_listed_name_idx').on(table.name, table.id).where(sql`listed`),
    index('trades_listed_state_name_idx').on(table.stateType, table.name, table.id).where(sql`listed`),
    // The search page's usual pair: a state and a main category.
    index('trades_listed_state_main_category_name_idx')
      .on(table.stateType, table.mainCategoryId, table.name, table.id)
      .where(sql`listed`),
    // ... and a state with a sub category, which implies its main one (see trades/repo.ts `withinCategory`).
    index('trades_listed_state_category_name_idx')
      .on(table.stateType, table.categoryId, table.name, table.id)
      .where(sql`listed`),
    index('trades_listed_church_name_idx').on(table.churchId, table.name, table.id).where(sql`listed`),
    index('trades_listed_main_category_name_idx').on(table.mainCategoryId, table.name, table.id).where(sql`listed`),
    index('trades_listed_category_name_idx').on(table.categoryId, table.name, table.id).where(sql`listed`),
    index('trades_category_idx').on(table.categoryId),
    index('trades_main_category_idx').on(table.mainCategoryId),
    index('trades_moderation_idx').on(table.moderationStatus, table.submittedAt),
    index('trades_changed_since_approval_idx').on(table.submittedAt).where(sql`changed_since_approval`),
    // The moderation queue's duplicate lookups (db/duplicate-keys.ts); whole for the reason given at users.
    index('trades_name_key_idx').on(nameKey(table.name)),
    index('trades_website_key_idx').on(websiteKey(table.website)),
    // "Near me": the pins of listed businesses, for the boxes around the visitor searched nearest first.
    index('trades_listed_pin_idx')
      .using('gist', sql`point(${table.pinLongitude}, ${table.pinLatitude})`)
      .where(sql`listed and pin_latitude is not null`),
    // Migration 0004 adds what drizzle-kit cannot express: the name-ordered index that carries each
    // business's words (so a text search walks it without reading the table) and extended statistics.
    // Migration 0009 adds the map's name-ordered index carrying the map points and the filters' columns, and 0013
    // the words, so a text search on the map walks it as the list's walks the other.
    // Migration 0023 adds the verified businesses' name-ordered index, carrying `verified_until` and the words.
    // Migration 0028 adds the rated businesses' name-ordered index ("4 stars and up"), carrying what every filter reads.
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    searchId: text('search_id'),
    countryCode: text('country_code').notNull().default('AU'),
    fullAddress: text('full_address').notNull().default(''),
    stateType: stateType('state_type'),
    suburb: text('suburb'),
    streetName: text('street_name'),
    streetType: text('street_type'),
    streetNbr: text('street_nbr'),
    unitType: text('unit_type').notNull().default('HOUSE'),
    unitNbr: text('unit_nbr'),
    postcode: text('postcode'),
    city: text('city'),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    // Off: public places show suburb, state and postcode only (a tradesperson working from home).
    showStreetAddress: boolean('show_street_address').notNull().default(true),
    ...timestamps,
  },
  (table) => [uniqueIndex('addresses_entity_key').on(table.entityId)],
);

/** Compared byte by byte whatever the database's collation, so that a typed beginning is one range of an index. */
const byteOrderedText = customType<{ data: string }>({ dataType: () => 'text collate "C"' });

/**
 * The words of an address for the lookup's word search: "SMITH-JONES" and "12-14" as two words each, "O'CONNELL"
 * as one, as people type them. The index below and the lookup's query must use this same expression.
 */
export function addressWords(fullAddress: AnyPgColumn): SQL {
  return sql`to_tsvector('simple', translate(${fullAddress}, '-''', ' '))`;
}

/** The national address file, searched by the address lookup when no external service is configured. */
export const addressIndex = pgTable(
  'address_index',
  {
    id: text('id').primaryKey(),
    fullAddress: text('full_address').notNull(),
    stateAbbreviation: stateType('state_abbreviation').notNull(),
    localityName: text('locality_name').notNull(),
    streetName: text('street_name'),
    streetTypeAbbreviation: text('street_type_abbreviation'),
    firstNumber: text('first_number'),
    flatType: text('flat_type'),
    flatNumber: text('flat_number'),
    lgaName2021: text('lga_name_2021'),
    postcode: text('postcode'),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    // The street address as typed number first, lower case, street type in full, no state:
    // "45 smith street parramatta 2150" (modules/address-lookup/address-words.ts). The keys are '' on rows
    // loaded before they existed, which only the word search then finds.
    lookupKey: byteOrderedText('lookup_key').notNull().default(''),
    // The same without the number, for a street typed first: "smith street parramatta 2150".
    streetKey: byteOrderedText('street_key').notNull().default(''),
    // The street number and the flat number with their digits padded, so that 2 sorts before 10; flat_key is
    // '' for the street address itself.
    numberKey: byteOrderedText('number_key').notNull().default(''),
    flatKey: byteOrderedText('flat_key').notNull().default(''),
  },
  (table) => [
    // A typed "number street …" or "street suburb …" is a range of one of these indexes, walked in order:
    // suggestions need no sort, whatever the number of addresses.
    index('address_index_lookup_idx').on(table.lookupKey, table.flatKey),
    index('address_index_street_idx').on(table.streetKey, table.numberKey, table.flatKey),
    index('address_index_words_idx').using('gin', addressWords(table.fullAddress)),
  ],
);

export const socialMedia = pgTable(
  'social_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mediaType: mediaType('media_type').notNull(),
    referenceId: text('reference_id').notNull(),
    ...timestamps,
  },
  (table) => [
    index('social_media_entity_idx').on(table.entityId),
    // A business has an entry once: a create sent again finds the first. The name by its hash, as it may be
    // longer than an index entry can hold.
    uniqueIndex('social_media_entry_key').on(table.entityId, table.mediaType, sql`md5(${table.name})`),
  ],
);

/** Server-side sessions; only the hash of the cookie's token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: sessionStage('stage').notNull(),
    createdAt: timestamps.createdAt,
    // When the session was last used: with the idle timeout it moves `expires_at`, never past the absolute lifetime.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // What the account's sessions page shows of each: the browser and the network it came from.
    userAgent: text('user_agent').notNull().default(''),
    network: text('network').notNull().default(''),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

/**
 * The networks (networkOf) each account logged in from, with its latest login from each, kept 30 days
 * (REVIEW_CHECKS.ownerNetworkDays): a review written from a network its business's owner logged in from is held
 * for a moderator. Sessions name their network too, but are deleted when they end, often within the hour; the
 * audit log keeps no successful login, and keeps what it has for ever.
 */
export const loginNetworks = pgTable(
  'login_networks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.network] }), index('login_networks_last_login_idx').on(table.lastLoginAt)],
);

/**
 * A church's word that it knows the person running a business: given by a moderator or the priest of the
 * business's church, for VOUCH_MONTHS. A renewal is a new row; a withdrawn or lapsed one stays as history.
 */
export const tradeVouches = pgTable(
  'trade_vouches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    churchId: uuid('church_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    voucherId: uuid('voucher_id').references(() => users.id, { onDelete: 'set null' }),
    voucherRole: role('voucher_role').notNull(),
    // Whether the badge may name the voucher; by default it names the church alone.
    voucherNamed: boolean('voucher_named').notNull().default(false),
    vouchedAt: timestamp('vouched_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    renewalAskedAt: timestamp('renewal_asked_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnReason: text('withdrawn_reason'),
  },
  (table) => [
    index('trade_vouches_trade_idx').on(table.tradeId, table.expiresAt),
    index('trade_vouches_expiry_idx').on(table.expiresAt).where(sql`withdrawn_at is null`),
  ],
);

/** The register's last answer about each ABN, so that a name change or a re-check within a day asks it nothing. */
export const abnLookups = pgTable('abn_lookups', {
  abn: text('abn').primaryKey(),
  answer: jsonb('answer').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

/** Settings administrators change while the site runs (the still-trading period), one JSON value per key. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Single-use keys e-mailed for account verification and password reset; stored hashed. */
export const oneTimeKeys = pgTable(
  'one_time_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: keyPurpose('purpose').notNull(),
    // The address a key is about: the new login e-mail it confirms, or the old one it restores.
    email: text('email'),
    createdAt: timestamps.createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('one_time_keys_user_idx').on(table.userId, table.purpose)],
);

/**
 * Attempts counted per subject (an address, an e-mail, a half-session) in fixed windows, kept in the
 * database so that every app instance counts against the same limits.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_resets_idx').on(table.resetsAt)],
);

/**
 * Every privileged change (moderation, administration): who did it, to what, when, and the fields before and
 * after. Rows are only ever added; the actor's e-mail is kept too, so an entry outlives a deleted account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    subjectName: text('subject_name').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt, table.id),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt),
    index('audit_log_subject_idx').on(table.subjectType, table.subjectId, table.createdAt),
    index('audit_log_action_idx').on(table.action, table.createdAt),
  ],
);

/**
 * One row: a number that grows with every statement writing businesses or categories, in the same transaction
 * as the write (database triggers, migration 0011_directory_version). An answer computed after reading it is at
 * least as new as it, so answers kept under a version stay right until it grows (see trades/map-answers.ts).
 */
export const directoryVersion = pgTable(
  'directory_version',
  {
    single: boolean('single').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (table) => [check('directory_version_single', sql`${table.single}`)],
);

/**
 * Mails to send, each written in the transaction of the change it tells of, so that a rolled-back change sends
 * nothing and a committed one survives a crash. Every app process delivers them (mail/worker.ts), claiming rows
 * with `FOR UPDATE SKIP LOCKED` and holding them until `claimed_until`, so no two deliver the same mail at once.
 * The body is dropped once the mail server accepts it: its links carry one-time keys.
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The Message-ID header, the same on every try, so that a mail delivered twice is known as one.
    messageId: text('message_id').notNull().unique(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    // Extra headers the mail carries (List-Unsubscribe for mails to many).
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    state: mailState('state').notNull().default('QUEUED'),
    tries: integer('tries').notNull().default(0),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamps.createdAt,
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_mails_due_idx').on(table.nextTryAt).where(sql`${table.state} = 'QUEUED'`),
    index('outbox_mails_failed_idx').on(table.failedAt).where(sql`${table.state} = 'FAILED'`),
    index('outbox_mails_sent_idx').on(table.sentAt).where(sql`${table.state} = 'SENT'`),
  ],
);

/**
 * Each run of a scheduled job, one row per job and period: inserting the row claims the run, so among all
 * processes one runs it. A run not finished by `claimed_until` (its process died) may be claimed again.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    runBy: text('run_by').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
  },
  (table) => [primaryKey({ columns: [table.job, table.periodStart] })],
);

/**
 * A visitor's question to one business. One send to up to 3 businesses makes one row each, sharing `send_id`; the
 * visitor's details are copied to each, so that each business's conversation stands alone.
 */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    sendId: uuid('send_id').notNull(),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    // inboxKey(sender_email): what the limits, the block list and the same-text check compare.
    senderEmailKey: text('sender_email_key').notNull(),
    senderPhone: text('sender_phone'),
    senderSuburb: text('sender_suburb').notNull(),
    // networkOf(the sender's address): what the per-network limit counts.
    senderNetwork: text('sender_network').notNull(),
    // SHA-256 of the first message's words in lower case: the same text sent to many businesses is held.
    textHash: text('text_hash').notNull(),
    delivery: enquiryDelivery('delivery').notNull(),
    folder: enquiryFolder('folder').notNull().default('NEW'),
    senderConfirmedAt: timestamp('sender_confirmed_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    firstAnsweredAt: timestamp('first_answered_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    // The conversation link is signed with this version: revoking it moves the version on.
    linkVersion: integer('link_version').notNull().default(1),
    linkRevokedAt: timestamp('link_revoked_at', { withTimezone: true }),
    // When the invitation to review the business was e-mailed (14 days after the first answer); null: not yet.
    reviewInvitedAt: timestamp('review_invited_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('enquiries_trade_folder_idx')
      .on(table.tradeId, table.folder, table.lastMessageAt)
      .where(sql`delivery = 'DELIVERED'`),
    index('enquiries_sender_idx').on(table.senderEmailKey, table.createdAt),
    index('enquiries_network_idx').on(table.senderNetwork, table.createdAt),
    index('enquiries_text_idx').on(table.textHash, table.createdAt),
    index('enquiries_send_idx').on(table.sendId),
    index('enquiries_answered_idx').on(table.tradeId, table.deliveredAt).where(sql`first_answered_at is not null`),
    index('enquiries_review_invitation_idx')
      .on(table.firstAnsweredAt)
      .where(sql`first_answered_at is not null and review_invited_at is null`),
  ],
);

/** The messages of an enquiry's conversation, the visitor's first one included. */
export const enquiryMessages = pgTable(
  'enquiry_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    author: enquiryAuthor('author').notNull(),
    body: text('body').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('enquiry_messages_enquiry_idx').on(table.enquiryId, table.createdAt)],
);

/** The single-use key e-mailed to a visitor without an account; confirming it delivers every enquiry of the send. */
export const enquiryConfirmations = pgTable(
  'enquiry_confirmations',
  {
    keyHash: text('key_hash').primaryKey(),
    sendId: uuid('send_id').notNull(),
    createdAt: timestamps.createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('enquiry_confirmations_send_idx').on(table.sendId)],
);

/** An owner's report of an enquiry as spam, for the moderators of the business's church (at the time) to decide. */
export const enquirySpamReports = pgTable(
  'enquiry_spam_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    churchId: uuid('church_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    reportedBy: uuid('reported_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    decision: spamReportDecision('decision'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('enquiry_spam_reports_enquiry_key').on(table.enquiryId),
    index('enquiry_spam_reports_open_idx').on(table.churchId, table.reportedAt).where(sql`decision is null`),
  ],
);

/** Sender addresses no enquiry is accepted from, anywhere in the directory, keyed by the inbox they reach (inboxKey). */
export const blockedSenders = pgTable('blocked_senders', {
  emailKey: text('email_key').primaryKey(),
  reason: text('reason').notNull(),
  blockedBy: uuid('blocked_by').references(() => users.id, { onDelete: 'set null' }),
  blockedAt: timestamp('blocked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Enquiries each business received and answered, per day (Australia/Sydney), for the owners' reports. */
export const enquiryDailyCounts = pgTable(
  'enquiry_daily_counts',
  {
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    received: integer('received').notNull().default(0),
    answered: integer('answered').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.tradeId, table.day] })],
);

/** Proof-of-work solutions already accepted, kept until their challenge expires, so none is accepted twice. */
export const spentProofsOfWork = pgTable(
  'spent_proofs_of_work',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('spent_proofs_of_work_expiry_idx').on(table.expiresAt)],
);

/**
 * A review of a business by a person who asked it through the directory (`enquiry_id`, one review per enquiry and
 * one per person and business). The reviewer's details are copied from the enquiry, so that the review stands alone.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    reviewerUserId: uuid('reviewer_user_id').references(() => users.id, { onDelete: 'set null' }),
    // inboxKey(the enquiry's sender address): one review per inbox and business.
    reviewerEmailKey: text('reviewer_email_key').notNull(),
    // reviewerDisplayName(the enquiry's sender name): "Jane C.".
    reviewerName: text('reviewer_name').notNull(),
    // networkOf(the writer's address), for the "many reviews from one network" flag.
    reviewerNetwork: text('reviewer_network').notNull(),
    relation: reviewRelation('relation').notNull(),
    // The reviewer said so, or their account was a member of the business's church when they wrote.
    sameChurch: boolean('same_church').notNull().default(false),
    stars: integer('stars').notNull(),
    body: text('body').notNull(),
    // SHA-256 of the text's words in lower case, for the "same text" flag.
    textHash: text('text_hash').notNull(),
    workSuburb: text('work_suburb'),
    // 'YYYY-MM'.
    workMonth: text('work_month'),
    status: reviewStatus('status').notNull(),
    // The automatic checks' reasons (shared/reviews.ts REVIEW_HOLD_REASONS) while they hold it.
    holdReasons: text('hold_reasons').array().notNull().default(sql`'{}'::text[]`),
    // Signs of manipulation (REVIEW_FLAGS), for moderators; `checked_at` says a moderator has weighed them.
    flags: text('flags').array().notNull().default(sql`'{}'::text[]`),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkedBy: uuid('checked_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    // A moderator of the business's own church held it (once), until `church_hold_until` at most.
    churchHeldAt: timestamp('church_held_at', { withTimezone: true }),
    churchHeldBy: uuid('church_held_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    churchHoldUntil: timestamp('church_hold_until', { withTimezone: true }),
    createdAt: timestamps.createdAt,
    editedAt: timestamp('edited_at', { withTimezone: true }),
    ownerAnswer: text('owner_answer'),
    ownerAnsweredAt: timestamp('owner_answered_at', { withTimezone: true }),
    // A removed review's public note: when, and why.
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedReason: text('removed_reason'),
    removedBy: uuid('removed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('reviews_stars_check', sql`${table.stars} between 1 and 5`),
    uniqueIndex('reviews_enquiry_key').on(table.enquiryId),
    uniqueIndex('reviews_trade_reviewer_key').on(table.tradeId, table.reviewerEmailKey),
    uniqueIndex('reviews_trade_user_key')
      .on(table.tradeId, table.reviewerUserId)
      .where(sql`reviewer_user_id is not null`),
    index('reviews_published_idx').on(table.tradeId, table.createdAt).where(sql`status = 'PUBLISHED'`),
    index('reviews_removed_idx').on(table.tradeId, table.removedAt).where(sql`status = 'REMOVED'`),
    index('reviews_held_idx').on(table.createdAt).where(sql`status = 'HELD'`),
    index('reviews_flagged_idx')
      .on(table.createdAt)
      .where(sql`cardinality(flags) > 0 and checked_at is null`),
    index('reviews_network_idx').on(table.reviewerNetwork, table.createdAt),
    index('reviews_text_idx').on(table.textHash, table.createdAt),
    index('reviews_trade_created_idx').on(table.tradeId, table.createdAt),
  ],
);

/** Anyone's report of a review, decided by a moderator without a conflict of interest. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterUserId: uuid('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    reporterNetwork: text('reporter_network').notNull(),
    // inboxKey(the logged-in reporter's login address): null for a visitor, and for reports made before they merged.
    reporterEmailKey: text('reporter_email_key'),
    reason: text('reason').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    // How many times the report was made: repeats from its network or its reporter's address merge into it while open.
    timesReported: integer('times_reported').notNull().default(1),
    decision: reviewReportDecision('decision'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('review_reports_network_idx').on(table.reporterNetwork, table.reportedAt),
    // Also what finds a review's open reports, by its first column.
    uniqueIndex('review_reports_open_network_key').on(table.reviewId, table.reporterNetwork).where(sql`decision is null`),
    uniqueIndex('review_reports_open_email_key')
      .on(table.reviewId, table.reporterEmailKey)
      .where(sql`decision is null and reporter_email_key is not null`),
  ],
);

/** The public notice of a business caught gathering fake reviews, shown until `ends_at` (90 days). */
export const reviewNotices = pgTable(
  'review_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tradeId: uuid('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('review_notices_trade_idx').on(table.tradeId, table.endsAt)],
);

/**
 * A person's request for an archive of their data (modules/data-exports). Written in the request's transaction;
 * the data-export job claims requested rows with `FOR UPDATE SKIP LOCKED` until `claimed_until`, writes the ZIP
 * under EXPORT_DIR (named by the id) and mails a single-use link whose key only the hash of is kept here.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: dataExportStatus('status').notNull().default('REQUESTED'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    keyHash: text('key_hash').unique(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (table) => [
    // One archive at a time: a second request while one is asked for or ready finds that one.
    uniqueIndex('data_exports_open_key')
      .on(table.userId)
      .where(sql`status in ('REQUESTED', 'READY')`),
    index('data_exports_user_idx').on(table.userId, table.requestedAt),
    index('data_exports_requested_idx').on(table.requestedAt).where(sql`status = 'REQUESTED'`),
    index('data_exports_expiry_idx').on(table.expiresAt).where(sql`status in ('READY', 'DOWNLOADED')`),
  ],
);
