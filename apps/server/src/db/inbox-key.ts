import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The SQL twin of `inboxKey` (packages/shared/src/inbox-key.ts): the key under which the database compares an
 * address with the stored keys (`enquiries.sender_email_key`, `reviews.reviewer_email_key`, `blocked_senders`) and
 * finds owners sharing a mailbox (the `users_email_key_idx` index, db/duplicate-keys.ts). It calls the IMMUTABLE
 * function `inbox_key` of migration 0032, so an expression index built on it serves the queries that write it.
 */
export const inboxKeyOf = (email: AnyPgColumn | SQL): SQL => sql`inbox_key(${email})`;
