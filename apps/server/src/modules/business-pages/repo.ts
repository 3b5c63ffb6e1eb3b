import type { BusinessKind } from '@churchtrades/shared/trade-profile';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { rowsOf } from '../../db/raw-sql';
import { addresses, categories, reviews, trades, users } from '../../db/schema';

/** One listed business with what its public page tells: the card's facts and its whole stored address. */
export interface ListedBusinessRow {
  id: string;
  name: string;
  brief: string;
  logoUri: string | null;
  /** The cover picture at the top of the page. */
  image: string | null;
  /** The business's public e-mail (never the owner's login e-mail). */
  publicEmail: string | null;
  ownerPhone: string | null;
  stateType: string;
  mainCategory: string | null;
  businessKind: BusinessKind | null;
  online: boolean;
  atClient: boolean;
  atBusiness: boolean;
  /** Its published reviews and their stars added up (kept by the reviews' trigger, migration 0027). */
  reviewCount: number;
  reviewStarsTotal: number;
  /** Null when the business has no address yet; `showStreetAddress` says how much of it is public. */
  address: {
    fullAddress: string;
    suburb: string | null;
    stateType: string | null;
    postcode: string | null;
    unitNbr: string | null;
    streetNbr: string | null;
    streetName: string | null;
    streetType: string | null;
    latitude: number | null;
    longitude: number | null;
    showStreetAddress: boolean;
  } | null;
}

/** A published review as the page shows it. */
export interface PublishedReviewRow {
  reviewerName: string;
  stars: number;
  body: string;
  writtenAt: Date;
}

/** A business page as a sitemap names it. */
export interface SitemapBusinessRow {
  id: string;
  name: string;
  updatedAt: Date;
}

/** A place in the name order of listed businesses: a business's name and id. */
export interface NamePosition {
  name: string;
  id: string;
}

/** A stretch of the name order: from a position (or the start), before another (or to the end), at most `limit`. */
export interface NameStretch {
  from?: NamePosition;
  before?: NamePosition;
  limit: number;
}

const listed = sql`${trades.listed}`;
const byName = [asc(trades.name), asc(trades.id)];

export function createBusinessPageRepo(db: Database) {
  return {
    async findListed(id: string): Promise<ListedBusinessRow | undefined> {
      const [row] = await db
        .select({
          id: trades.id,
          name: trades.name,
          brief: trades.brief,
          logoUri: trades.logoUri,
          image: trades.image,
          publicEmail: trades.publicEmail,
          ownerPhone: users.phone,
          stateType: trades.stateType,
          mainCategory: sql<string | null>`(select ${categories.name} from ${categories} where ${categories.id} = ${trades.mainCategoryId})`,
          businessKind: trades.businessKind,
          online: trades.online,
          atClient: trades.atClient,
          atBusiness: trades.atBusiness,
          reviewCount: trades.reviewCount,
          reviewStarsTotal: trades.reviewStarsTotal,
          address: {
            fullAddress: addresses.fullAddress,
            suburb: addresses.suburb,
            stateType: addresses.stateType,
            postcode: addresses.postcode,
            unitNbr: addresses.unitNbr,
            streetNbr: addresses.streetNbr,
            streetName: addresses.streetName,
            streetType: addresses.streetType,
            latitude: addresses.latitude,
            longitude: addresses.longitude,
            showStreetAddress: addresses.showStreetAddress,
          },
        })
        .from(trades)
        .innerJoin(users, eq(users.id, trades.ownerId))
        .leftJoin(addresses, eq(addresses.entityId, trades.id))
        .where(and(eq(trades.id, id), listed));
      return row;
    },

    /** The business's newest `limit` published reviews, newest first, as its page lists them. */
    async newestPublishedReviews(tradeId: string, limit: number): Promise<PublishedReviewRow[]> {
      return db
        .select({ reviewerName: reviews.reviewerName, stars: reviews.stars, body: reviews.body, writtenAt: reviews.createdAt })
        .from(reviews)
        .where(and(eq(reviews.tradeId, tradeId), eq(reviews.status, 'PUBLISHED')))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit);
    },

    /**
     * The businesses at positions `first`, `first + every`, `first + 2 × every`, … of the name order: one walk
     * of the name-ordered partial index of listed businesses, which holds both columns, so no table row is read.
     */
    async everyNthByName(first: number, every: number): Promise<NamePosition[]> {
      const result = await db.execute(sql`
        select name, id from (
          select ${trades.name} as name, ${trades.id} as id,
            row_number() over (order by ${trades.name}, ${trades.id}) - 1 as position
          from ${trades} where ${listed}
        ) numbered
        where position >= ${first} and (position - ${first}) % ${every} = 0
        order by position`);
      return rowsOf(result).map((row) => ({ name: String(row.name), id: String(row.id) }));
    },

    /** Listed businesses in name order, then id, within a stretch: a range of the name-ordered index. */
    async listedByName({ from, before, limit }: NameStretch): Promise<SitemapBusinessRow[]> {
      if (limit <= 0) return [];
      return db
        .select({ id: trades.id, name: trades.name, updatedAt: trades.updatedAt })
        .from(trades)
        .where(
          and(
            listed,
            from && sql`(${trades.name}, ${trades.id}) >= (${from.name}, ${from.id})`,
            before && sql`(${trades.name}, ${trades.id}) < (${before.name}, ${before.id})`,
          ),
        )
        .orderBy(...byName)
        .limit(limit);
    },
  };
}

export type BusinessPageRepo = ReturnType<typeof createBusinessPageRepo>;
