import { isValidAbn } from '@churchtrades/shared/verification';
import type { RealState } from '@churchtrades/shared/states';
import type { BusinessKind } from '@churchtrades/shared/trade-profile';
import { tradeSearchKeywords } from '../../modules/trades/search-keywords';
import type { addresses, socialMedia, trades } from '../schema';
import type { AddressBook, IndexedAddress } from './address-book';
import { daysAgo, hoursLater } from './demo-clock';
import type { DemoMainCategory, DemoSubCategory } from './demo-categories';
import {
  BRANDS,
  BRIEF_PATTERNS,
  BUSINESS_NAME_PATTERNS,
  FIRST_NAMES,
  GENERIC_TAGS,
  LANGUAGES,
  LAST_NAMES,
  SERVICE_CLOSINGS,
  SERVICE_OPENINGS,
} from './demo-data';
import { AREA_CODES, SUBURBS, type Suburb } from './demo-places';
import type { UserRow } from './generate-accounts';
import type { CategoryTree } from './generate-categories';
import type { DemoChurch } from './generate-churches';
import type { Random } from './random';
import {
  capitalise,
  clip,
  emailWord,
  fill,
  joinList,
  landlineNumber,
  mobileNumber,
  possessive,
  slugify,
  withArticle,
} from './text';

export type TradeRow = typeof trades.$inferInsert & { id: string; name: string };
export type AddressRow = typeof addresses.$inferInsert;
export type SocialMediaRow = typeof socialMedia.$inferInsert;
type MediaType = SocialMediaRow['mediaType'];

/** Reserved for examples (not a real business's domain), for owners' e-mails and websites alike. */
export const EXAMPLE_DOMAIN = 'example.com.au';

export const BRIEF_LENGTH = { min: 40, max: 100 } as const;

export interface TradeContext {
  random: Random;
  categories: readonly CategoryTree[];
  addressBook: AddressBook;
  passwordHash: string;
  usedNames: Set<string>;
}

export interface TradeRequest {
  church: DemoChurch;
  status: 'APPROVED' | 'PENDING';
  /** Makes the owner's e-mail address unique: firstname.lastname<n>@… */
  ownerNumber: number;
  /** An existing account that owns the business instead of a new owner. */
  owner?: UserRow;
  /** Never online-only, for a business meant to be shown with its address. */
  onPremises?: boolean;
  /** Listed under its main category alone, no sub category chosen. */
  mainCategoryOnly?: boolean;
  /** The priest of its church the business names. */
  priestId?: string;
  businessKind?: BusinessKind | null;
  /** The business's ABN, its digits checked (no register is asked while seeding). */
  abn?: string;
}

export interface GeneratedTrade {
  owner: UserRow;
  ownerIsNew: boolean;
  trade: TradeRow;
  address: AddressRow | null;
  socialMedia: SocialMediaRow[];
}

interface Person {
  firstName: string;
  lastName: string;
}

function businessName(context: TradeContext, person: Person, sub: DemoSubCategory, suburb: Suburb): string {
  const { random, usedNames } = context;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const name = fill(random.weighted(BUSINESS_NAME_PATTERNS), {
      surname: person.lastName,
      surname2: random.pick(LAST_NAMES.filter((lastName) => lastName !== person.lastName)),
      firsts: possessive(person.firstName),
      suburb: suburb.name,
      city: suburb.city,
      brand: random.pick(BRANDS),
      word: sub.word,
    });
    if (!usedNames.has(name)) {
      usedNames.add(name);
      return name;
    }
  }
  throw new Error(`Ran out of business names for ${sub.name} in ${suburb.name}`);
}

function brief(random: Random, sub: DemoSubCategory, suburb: Suburb): string {
  const [s1 = '', s2 = '', s3 = ''] = random.shuffle(sub.services);
  const values = {
    s1,
    s2,
    s3,
    S1: capitalise(s1),
    noun: sub.noun,
    aNoun: withArticle(sub.noun),
    suburb: suburb.name,
    city: suburb.city,
    years: String(random.int(5, 30)),
  };
  const candidates = random.shuffle(BRIEF_PATTERNS).map((pattern) => fill(pattern, values));
  const fitting = candidates.find((text) => text.length >= BRIEF_LENGTH.min && text.length <= BRIEF_LENGTH.max);
  return fitting ?? clip(candidates[0] ?? sub.name, BRIEF_LENGTH.max);
}

function serviceText(random: Random, main: DemoMainCategory, sub: DemoSubCategory, suburb: Suburb): string {
  const offered = random.shuffle(sub.services).slice(0, random.int(3, 5));
  const opening = fill(random.pick(SERVICE_OPENINGS), { list: joinList(offered) });
  const closing = fill(random.pick(SERVICE_CLOSINGS), { city: suburb.city, language: random.pick(LANGUAGES) });
  return `${capitalise(opening)} ${random.pick(main.notes)} ${closing}`;
}

function ownTags(random: Random, sub: DemoSubCategory): string {
  const fromServices = random.shuffle(sub.services).slice(0, random.int(1, 2));
  const generic = random.shuffle(GENERIC_TAGS).slice(0, random.int(1, 2));
  return [...fromServices, ...generic].map((tag) => tag.toLowerCase()).join(', ');
}

function phone(random: Random, state: RealState): string | null {
  const kind = random.weighted([
    ['mobile', 85],
    ['landline', 10],
    ['none', 5],
  ] as const);
  if (kind === 'none') return null;
  return kind === 'mobile' ? mobileNumber(random) : landlineNumber(random, AREA_CODES[state]);
}

function makeOwner(context: TradeContext, person: Person, request: TradeRequest, createdAt: Date): UserRow {
  const { random } = context;
  const local = `${emailWord(person.firstName)}.${emailWord(person.lastName)}${request.ownerNumber}`;
  return {
    id: random.uuid(),
    firstName: person.firstName,
    lastName: person.lastName,
    email: `${local}@${EXAMPLE_DOMAIN}`,
    phone: phone(random, request.church.state),
    bio: random.chance(0.5) ? `Member of ${request.church.row.name}.` : null,
    role: 'TRADER',
    passwordHash: context.passwordHash,
    enabled: true,
    emailVerifiedAt: createdAt,
    createdAt,
    updatedAt: createdAt,
  };
}

function serviceLocations(random: Random, main: DemoMainCategory, onlineOnly: boolean) {
  if (onlineOnly) return { atClient: false, atBusiness: false, online: true };
  const online = main.remote && random.chance(0.25);
  if (main.mode === 'client') return { atClient: true, atBusiness: random.chance(0.25), online };
  if (main.mode === 'business') return { atClient: random.chance(0.15), atBusiness: true, online };
  const atClient = random.chance(0.6);
  return { atClient, atBusiness: !atClient || random.chance(0.5), online };
}

function moderationTimes(random: Random, status: TradeRequest['status']) {
  if (status === 'PENDING') {
    const createdAt = daysAgo(random, 0, 14);
    return { createdAt, updatedAt: createdAt, submittedAt: createdAt, moderatedAt: null };
  }
  const createdAt = daysAgo(random, 20, 600);
  const moderatedAt = hoursLater(random, createdAt, 2, 96);
  return { createdAt, updatedAt: moderatedAt, submittedAt: createdAt, moderatedAt };
}

function addressRow(random: Random, tradeId: string, place: IndexedAddress, createdAt: Date): AddressRow {
  const flat = place.flat ? `${capitalise(place.flat.type.toLowerCase())} ${place.flat.number}, ` : '';
  const street = `${place.number} ${place.streetName} ${place.streetType.short}`;
  return {
    id: random.uuid(),
    entityId: tradeId,
    searchId: place.row.id,
    countryCode: 'AU',
    fullAddress: `${flat}${street}, ${place.suburb.name} ${place.state} ${place.suburb.postcode}`,
    stateType: place.state,
    suburb: place.suburb.name,
    streetName: place.streetName,
    streetType: place.streetType.short,
    streetNbr: place.number,
    unitType: place.flat ? 'UNIT' : 'HOUSE',
    unitNbr: place.flat?.number ?? null,
    postcode: place.suburb.postcode,
    city: place.suburb.city,
    latitude: place.row.latitude,
    longitude: place.row.longitude,
    createdAt,
    updatedAt: createdAt,
  };
}

function socialMediaRows(random: Random, trade: TradeRow, createdAt: Date): SocialMediaRow[] {
  if (!random.chance(0.45)) return [];
  const handle = slugify(trade.name);
  const choices: [MediaType, string][] = [
    ['FACEBOOK', handle.replaceAll('-', '')],
    ['INSTAGRAM', `@${handle.replaceAll('-', '.')}`],
    ['LINKEDIN', handle],
    ...(trade.website ? [['WEBSITE', trade.website] as [MediaType, string]] : []),
  ];
  return random
    .shuffle(choices)
    .slice(0, random.int(1, 3))
    .map(([mediaType, name]) => ({
      id: random.uuid(),
      entityId: trade.id,
      name,
      mediaType,
      referenceId: random.uuid(),
      createdAt,
      updatedAt: createdAt,
    }));
}

/**
 * An ABN of the demo, made from a number without a draw (a draw would change every business generated after
 * it): the number's nine digits behind the two leading digits that make the ABN pass its check.
 */
export function demoAbn(number: number): string {
  const rest = String(number).padStart(9, '0').slice(-9);
  for (let lead = 10; lead <= 99; lead += 1) {
    if (isValidAbn(`${lead}${rest}`)) return `${lead}${rest}`;
  }
  throw new Error(`No ABN ends in ${rest}`);
}

/** One business with its owner, address and social media, attached to the requested church. */
export function generateTrade(context: TradeContext, request: TradeRequest): GeneratedTrade {
  const { random } = context;
  const { church } = request;
  const person = { firstName: random.pick(FIRST_NAMES), lastName: random.pick(LAST_NAMES) };
  const tree = random.pick(context.categories);
  const sub = random.pick(tree.subs);
  const main = tree.main.definition;
  const onlineOnly = !request.onPremises && main.remote && random.chance(0.3);
  // Most people run their business near their parish.
  const suburb = random.chance(0.6) ? church.suburb : random.pick(SUBURBS[church.state]);
  const times = moderationTimes(random, request.status);
  const owner = request.owner ?? makeOwner(context, person, request, times.createdAt);
  const place = onlineOnly ? null : context.addressBook.take(church.state, suburb);
  const name = businessName(context, person, sub.definition, suburb);
  // The sub category is drawn all the same: the name and texts come from it, and every later draw stays put.
  const chosenSub = request.mainCategoryOnly ? undefined : sub;
  const trade: TradeRow = {
    id: random.uuid(),
    ownerId: owner.id,
    churchId: church.row.id,
    mainCategoryId: tree.main.id,
    categoryId: chosenSub?.id ?? null,
    priestId: request.priestId ?? null,
    stateType: church.state,
    name,
    businessKind: request.businessKind ?? null,
    abn: request.abn ?? null,
    abnStatus: request.abn === undefined ? null : 'CHECKSUM_ONLY',
    brief: brief(random, sub.definition, suburb),
    service: serviceText(random, main, sub.definition, suburb),
    tags: ownTags(random, sub.definition),
    searchKeywords: tradeSearchKeywords({ mainCategory: tree.main, subCategory: chosenSub, suburb: place?.suburb.name }),
    website: random.chance(0.8) ? `https://www.${slugify(name)}.${EXAMPLE_DOMAIN}` : null,
    // Derived, not drawn: a draw here would change every business generated after it.
    publicEmail: `hello@${slugify(name)}.${EXAMPLE_DOMAIN}`,
    ...serviceLocations(random, main, onlineOnly),
    enabled: true,
    locked: false,
    expired: false,
    moderationStatus: request.status,
    ...times,
  };
  return {
    owner,
    ownerIsNew: !request.owner,
    trade,
    address: place ? addressRow(random, trade.id, place, times.createdAt) : null,
    socialMedia: socialMediaRows(random, trade, times.updatedAt),
  };
}
