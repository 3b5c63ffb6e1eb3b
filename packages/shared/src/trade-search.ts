import { z } from 'zod';
import { MAX_PAGE_SIZE, SEARCH_PAGE_SIZE, SEARCH_TEXT_MAX_LENGTH } from './constants';
import { stateFilterParameterSchema } from './state-schemas';
import { MESSAGES } from './messages';
import { MIN_RATING_CHOICES } from './rating';
import { REPLY_TIMES } from './reply-time';
import { BUSINESS_KINDS } from './trade-profile';
import { tradeBadgesSchema } from './verification';

export const NO_CATEGORY = -1;
/** Beyond any real listing (50 million rows at the largest size); keeps the row offset a sane number. */
export const MAX_PAGE_NUMBER = 1_000_000;
/** Category ids are PostgreSQL `integer`s. */
const MAX_CATEGORY_ID = 2_147_483_647;

export const CATEGORY_ID_MESSAGE = 'Category must be a category id';
export const CHURCH_ID_MESSAGE = 'Church must be a church id';

/** Paging of every listing: a page outside 0..1,000,000 is brought inside it, a size outside 1..50 too. */
export function pagingSchema(defaultSize: number) {
  return {
    page: z.coerce
      .number()
      .int()
      .catch(0)
      .transform((page) => Math.min(MAX_PAGE_NUMBER, Math.max(0, page)))
      .describe(`Page number, from 0 (the first page); brought inside 0 to ${MAX_PAGE_NUMBER}, 0 when absent or not a whole number`),
    size: z.coerce
      .number()
      .int()
      .catch(defaultSize)
      .transform((size) => Math.min(MAX_PAGE_SIZE, Math.max(1, size)))
      .describe(`Entries per page; brought inside 1 to ${MAX_PAGE_SIZE}, ${defaultSize} when absent or not a whole number`),
  };
}

/**
 * Free text typed by a person: cut to `maxLength` (nobody types more), control characters (which PostgreSQL
 * text cannot hold, e.g. NUL) become spaces, surrounding space trimmed.
 */
export function typedTextSchema(maxLength: number) {
  return z
    .string()
    .optional()
    .transform((text) =>
      (text ?? '')
        .slice(0, maxLength)
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u001f\u007f]/g, ' ')
        .trim(),
    );
}

/** An optional id parameter where '', '-1' or absence all mean "none chosen". */
const optionalCategoryId = z
  .union([
    z.literal(''),
    z.coerce
      .number({ error: CATEGORY_ID_MESSAGE })
      .int({ error: CATEGORY_ID_MESSAGE, abort: true })
      .min(NO_CATEGORY, { error: CATEGORY_ID_MESSAGE })
      .max(MAX_CATEGORY_ID, { error: CATEGORY_ID_MESSAGE }),
  ], { error: CATEGORY_ID_MESSAGE })
  .optional()
  .transform((id) => (id === '' || id === undefined || id === NO_CATEGORY ? undefined : id));

const optionalChurchId = z
  .union([z.literal(''), z.literal(String(NO_CATEGORY)), z.uuid({ error: CHURCH_ID_MESSAGE })], {
    error: CHURCH_ID_MESSAGE,
  })
  .optional()
  .transform((id) => (id === '' || id === String(NO_CATEGORY) ? undefined : id));

export const COORDINATE_MESSAGE = 'lat must be between -90 and 90 and lng between -180 and 180';

/** An optional coordinate parameter; '' or absence mean none. */
function optionalCoordinate(limit: number) {
  return z
    .union([z.literal(''), z.coerce.number({ error: COORDINATE_MESSAGE }).min(-limit, COORDINATE_MESSAGE).max(limit, COORDINATE_MESSAGE)], {
      error: COORDINATE_MESSAGE,
    })
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

/** "Verified only": exactly `true` or `false`, absent meaning false; anything else is refused. */
const verifiedOnlySchema = z
  .enum(['true', 'false'], { error: MESSAGES.verifiedFlag })
  .optional()
  .transform((verified) => verified === 'true');

/** "4 stars and up": `minRating=4`, absent or '' meaning any; anything else is refused. */
const minRatingSchema = z
  .union([z.literal(''), z.enum(MIN_RATING_CHOICES.map(String) as [string, ...string[]], { error: MESSAGES.minRatingChoice })], {
    error: MESSAGES.minRatingChoice,
  })
  .optional()
  .transform((rating) => (rating === '' || rating === undefined ? undefined : Number(rating)));

/**
 * Query of `GET /api/trades/clientFilter`. Text longer than 200 characters is cut there (nobody types more),
 * an unknown state or a malformed id is refused with a 400.
 */
export const tradeSearchQuerySchema = z.object({
  ...pagingSchema(SEARCH_PAGE_SIZE),
  searchText: typedTextSchema(SEARCH_TEXT_MAX_LENGTH).describe(
    `Words to find in the businesses' names, tags, briefs and services; text beyond ${SEARCH_TEXT_MAX_LENGTH} characters is cut, empty or absent means every business`,
  ),
  stateType: stateFilterParameterSchema,
  churchId: optionalChurchId.describe("The church's id: only its businesses; '', -1 or absence mean every church"),
  mCat: optionalCategoryId.describe("The main category's id: only its businesses; '', -1 or absence mean every category"),
  sCat: optionalCategoryId.describe("The sub category's id: only its businesses; '', -1 or absence mean every sub category"),
  // "Near me": the visitor's position; with both, results come nearest first with their distance.
  lat: optionalCoordinate(90).describe(
    "The visitor's latitude in degrees, -90 to 90 (\"Near me\"); with lng, the search lists businesses nearest first with their distance (mapPoints ignores it)",
  ),
  lng: optionalCoordinate(180).describe(
    "The visitor's longitude in degrees, -180 to 180 (\"Near me\"); with lat, the search lists businesses nearest first with their distance (mapPoints ignores it)",
  ),
  /** Only businesses with at least one badge holding now (shared/verification.ts `isVerified`). */
  verified: verifiedOnlySchema.describe('true: only businesses with at least one badge holding now; false or absent: every business'),
  /** Only businesses showing a rating (shared/rating.ts) of at least this many stars. */
  minRating: minRatingSchema.describe(
    `Only businesses showing a rating of at least this many stars (${MIN_RATING_CHOICES.join(', ')}); '' or absence mean any`,
  ),
});
export type TradeSearchQuery = z.infer<typeof tradeSearchQuerySchema>;
export type TradeSearchParams = z.input<typeof tradeSearchQuerySchema>;

export const tradeRatingSchema = z.object({ average: z.number(), count: z.number().int() }).meta({ id: 'TradeRating' });

/** What a result card shows (SPEC §2 "Result card"), and nothing private. */
export const tradeCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  brief: z.string(),
  logoUri: z.string().nullable(),
  website: z.string().nullable(),
  /** SPEC §3's key for the business's public e-mail (trades.public_email), never the owner's login e-mail. */
  ownerEmail: z.string().nullable(),
  ownerName: z.string().nullable(),
  ownerPhone: z.string().nullable(),
  fullAddress: z.string().nullable(),
  stateType: z.string(),
  churchName: z.string(),
  mainCategory: z.string().nullable(),
  subCategory: z.string().nullable(),
  online: z.boolean(),
  /** Kilometres from the visitor, present only when the search gave their position ("Near me"). */
  distanceKm: z.number().optional(),
  /** What was checked about the business and still holds: "ABN active", "Known to <church>", "Licence checked". */
  badges: tradeBadgesSchema,
  /** Its stars and how many reviews, once it has `REVIEWS_SHOWN_FROM` published reviews; null before. */
  rating: tradeRatingSchema.nullable(),
}).meta({ id: 'TradeCard' });
export type TradeCard = z.infer<typeof tradeCardSchema>;

/** `GET /api/trades/{id}`: the card plus the public details of one listed business. */
export const tradeDetailSchema = tradeCardSchema.extend({
  /** The cover picture at the top of the page (16:9), when the business has one. */
  image: z.string().nullable(),
  service: z.string(),
  tags: z.string(),
  churchId: z.string(),
  mainCategoryId: z.number().int().nullable(),
  categoryId: z.number().int().nullable(),
  atClient: z.boolean(),
  atBusiness: z.boolean(),
  /** Sole trader, company or joint venture (SPEC §1); null when its owner has not said. */
  businessKind: z.enum(BUSINESS_KINDS).nullable(),
  /** Every social media link of the business, with the link each stands for. */
  socialMedias: z.array(z.object({ mediaType: z.string(), name: z.string(), url: z.string() })),
  /**
   * Where its map pin goes: null for an online-only business or one without coordinates; the suburb's centre
   * when the owner keeps the street address private.
   */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** How quickly it usually answers enquiries; null until it has answered enough of them lately. */
  replyTime: z.enum(REPLY_TIMES).nullable(),
}).meta({ id: 'Trade' });
export type TradeDetail = z.infer<typeof tradeDetailSchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    totalIsEstimate: z.boolean().optional(),
  });
}

export interface Page<T> {
  content: T[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  /**
   * Set (true) when `totalElements` is the database's estimate rather than a count: a search matching more
   * than about ten thousand businesses is not counted row by row on every request. Absent: exact.
   */
  totalIsEstimate?: boolean;
}

/** The page of `content` asked for by its number and size, out of `totalElements` in all. */
export function pageOf<T>(
  content: T[],
  totalElements: number,
  { page, size }: { page: number; size: number },
): Page<T> {
  return { content, number: page, size, totalElements, totalPages: Math.ceil(totalElements / size) };
}

export const tradePageSchema = pageSchema(tradeCardSchema).meta({ id: 'TradePage' });
export type TradePage = z.infer<typeof tradePageSchema>;
