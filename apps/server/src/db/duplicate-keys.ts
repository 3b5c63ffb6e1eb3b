import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// How a business is recognised again under another account: the same name in any case; the owner's phone as
// its digits, "+61 4…" read as "04…" and fewer than 8 digits ignored; the owner's e-mail by the inbox it reaches
// (`inboxKeyOf`, db/inbox-key.ts: one mailbox, two accounts); the website without scheme, "www." and trailing slashes.
//
// The schema indexes these expressions and the moderation queue looks duplicates up through them: PostgreSQL
// uses an expression index only for the same expression, so both must build it here. Each must stay IMMUTABLE
// (lower, regexp_replace, substring, coalesce, nullif) and keep its patterns as SQL text, never as parameters.

type Column = AnyPgColumn | SQL;

export const nameKey = (name: Column): SQL => sql`lower(${name})`;

/** Null for no phone or fewer than 8 digits, so never matched. */
export const phoneKey = (phone: Column): SQL =>
  sql`substring(regexp_replace(regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g'), '^61([0-9]{9})$', '0\\1') from '^[0-9]{8,}$')`;

/** Null for no website, so never matched. */
export const websiteKey = (website: Column): SQL =>
  sql`nullif(regexp_replace(regexp_replace(lower(coalesce(${website}, '')), '^[a-z][a-z0-9+.-]*://(www\\.)?', ''), '/+$', ''), '')`;
