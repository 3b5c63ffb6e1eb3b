import { z } from 'zod';
import { ownStillTradingSchema } from './still-trading';
import { mediaTypeSchema } from './media-types';
import { honeypotSchema } from './honeypot';
import { MESSAGES } from './messages';
import { roleSchema } from './roles';
import { REAL_STATES } from './states';
import { BUSINESS_KINDS, mainCategoryChoiceSchema, tradeFieldsSchema } from './trade-profile';
import { abnCheckSchema } from './verification';

/** Where a business stands in the directory, as its owner sees it (DESIGN "Roles"). */
export const LISTING_STATES = ['PENDING', 'LISTED', 'REJECTED', 'UNLISTED', 'HIDDEN'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

/**
 * `POST /api/trades/new`: what a profile change accepts, with the church it is listed at. The business's state is
 * its church's (`stateType`, when sent, must be it); a sub category implies its main category.
 */
export const newTradeSchema = tradeFieldsSchema.extend({
  stateType: z.enum(REAL_STATES, { error: MESSAGES.chooseState }).optional(),
  churchId: z.uuid({ error: MESSAGES.chooseChurch }),
  ...honeypotSchema,
});
export type NewTradeInput = z.infer<typeof newTradeSchema>;

/** The "List your business" form: it asks for a main category and a state before offering subs and churches. */
export const newTradeFormSchema = newTradeSchema.extend({
  mainCategoryId: mainCategoryChoiceSchema,
  stateType: z.enum(REAL_STATES, { error: MESSAGES.chooseState }),
});
export type NewTradeFormValues = z.input<typeof newTradeFormSchema>;
export type NewTradeFormInput = z.infer<typeof newTradeFormSchema>;

/** `data.trade` of the owner's calls (`byUser`, `new`, `updateTradeProfile`, toggles, logo, cover picture). */
export const ownTradeSchema = z.object({
  id: z.string(),
  name: z.string(),
  brief: z.string(),
  service: z.string(),
  /** The owner's own tags. */
  tags: z.string(),
  mainCategoryId: z.number().nullable(),
  categoryId: z.number().nullable(),
  mainCategory: z.string().nullable(),
  subCategory: z.string().nullable(),
  /** SPEC §2 "Automated System Tags": main and sub category names and the sub category's tags. */
  systemTags: z.string(),
  stateType: z.enum(REAL_STATES),
  churchId: z.string(),
  churchName: z.string(),
  /** SPEC §2 "Serving Church Geo": where the church is, e.g. "Bankstown NSW". */
  churchGeo: z.string(),
  /** The church's priest the business names (SPEC §1), or null for none. */
  priest: z.object({ userId: z.string(), name: z.string() }).nullable(),
  businessKind: z.enum(BUSINESS_KINDS).nullable(),
  /** The business's ABN, 11 digits, or null for none. */
  abn: z.string().nullable(),
  /** What the register last said of the ABN; null without one. */
  abnCheck: abnCheckSchema.nullable(),
  /** The licence the owner states; `checkedAt` is when a moderator found it on the state's register. */
  licence: z
    .object({ number: z.string(), state: z.enum(REAL_STATES), kind: z.string(), checkedAt: z.string().nullable() })
    .nullable(),
  logoUri: z.string().nullable(),
  /** SPEC §3 `image`: the cover picture at the top of the business's page, 16:9. */
  image: z.string().nullable(),
  website: z.string().nullable(),
  /** The address visitors write to; null until the owner gives one (never their login e-mail). */
  publicEmail: z.string().nullable(),
  atClient: z.boolean(),
  atBusiness: z.boolean(),
  online: z.boolean(),
  enabled: z.boolean(),
  locked: z.boolean(),
  expired: z.boolean(),
  listingState: z.enum(LISTING_STATES),
  /** The still-trading question open now, if any. */
  stillTrading: ownStillTradingSchema,
  /** The moderator's reason, for REJECTED. */
  moderationReason: z.string().nullable(),
  owner: z.object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: roleSchema,
  }),
}).meta({ id: 'OwnTrade' });
export type OwnTrade = z.infer<typeof ownTradeSchema>;

/** `data.address` of `/api/address/*`: the address as stored, with its public-display switch. */
export const tradeAddressSchema = z.object({
  id: z.string(),
  entityId: z.string(),
  searchId: z.string().nullable(),
  countryCode: z.string(),
  fullAddress: z.string(),
  stateType: z.enum(REAL_STATES).nullable(),
  suburb: z.string().nullable(),
  streetName: z.string().nullable(),
  streetType: z.string().nullable(),
  streetNbr: z.string().nullable(),
  unitType: z.string(),
  unitNbr: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  /** Off: every public place shows suburb, state and postcode only, and a map pin sits at the suburb's centre. */
  showStreetAddress: z.boolean(),
}).meta({ id: 'TradeAddress' });
export type TradeAddress = z.infer<typeof tradeAddressSchema>;

/** `data.socialMedia` / `data.socialMedias[]`: an entry with the link it stands for. */
export const socialMediaEntrySchema = z.object({
  id: z.string(),
  entityId: z.string(),
  name: z.string(),
  mediaType: mediaTypeSchema,
  referenceId: z.string(),
  /** The https link the reference stands for (a handle becomes the network's profile URL). */
  url: z.string(),
}).meta({ id: 'SocialMediaEntry' });
export type SocialMediaEntry = z.infer<typeof socialMediaEntrySchema>;

/** `data.trades[]` of `GET /api/trades/byPriest`: a business that names the caller as its priest. */
export const priestTradeSchema = z.object({
  id: z.string(),
  name: z.string(),
  churchName: z.string(),
  ownerName: z.string(),
  listingState: z.enum(LISTING_STATES),
}).meta({ id: 'PriestTrade' });
export type PriestTrade = z.infer<typeof priestTradeSchema>;
