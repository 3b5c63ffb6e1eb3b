import type { AddressSuggestion } from '@churchtrades/shared/address-lookup';
import type { Category } from '@churchtrades/shared/category';
import type { ChurchSummary } from '@churchtrades/shared/church';
import type { OwnTrade, SocialMediaEntry, TradeAddress } from '@churchtrades/shared/trade-dashboard';
import type { ChurchPriest } from '@churchtrades/shared/trade-profile';
import type { UserView } from '@churchtrades/shared/user';

let sequence = 0;

function uuid(group: string): string {
  sequence += 1;
  return `00000000-0000-4000-${group}-${String(sequence).padStart(12, '0')}`;
}

function category(id: number, name: string, parentId = -1): Category {
  return { id, name, tags: '', mains: parentId === -1, parentId, displayOrder: id };
}

function church(churchId: string, name: string, stateType: string): ChurchSummary {
  return { churchId, name, stateType, suburb: null, postcode: null, latitude: null, longitude: null, logo: null };
}

export const MAIN_CATEGORIES = [category(1, 'Plumbing & Gas'), category(2, 'Electrical')];
export const SUB_CATEGORIES: Readonly<Record<number, Category[]>> = {
  1: [category(11, 'Plumber', 1), category(12, 'Gas fitter', 1)],
  2: [category(21, 'Electrician', 2), category(22, 'Solar installer', 2)],
};
export const ST_MARY = church('11111111-1111-4111-8111-111111111111', "St Mary's Parramatta", 'NSW');
export const ST_JOHN = church('33333333-3333-4333-8333-333333333333', "St John's Bankstown", 'NSW');
export const ST_PAUL = church('22222222-2222-4222-8222-222222222222', "St Paul's Geelong", 'VIC');
export const CHURCHES = [ST_MARY, ST_JOHN, ST_PAUL];

/** The priests of each church, by church id, as `GET /api/churches/priests` names them. */
export const FATHER_JOSEPH = { userId: '44444444-4444-4444-8444-444444444444', name: 'Joseph Nguyen' };
export const FATHER_PETER = { userId: '55555555-5555-4555-8555-555555555555', name: 'Peter Walsh' };
export const FATHER_LUKE = { userId: '66666666-6666-4666-8666-666666666666', name: 'Luke Byrne' };
export const PRIESTS: Readonly<Record<string, ChurchPriest[]>> = {
  [ST_MARY.churchId]: [FATHER_JOSEPH, FATHER_PETER],
  [ST_JOHN.churchId]: [FATHER_LUKE],
  [ST_PAUL.churchId]: [],
};

/** A business of `owner`, listed, at St Mary's, as a plumber. */
export function makeOwnTrade(owner: UserView, overrides: Partial<OwnTrade> = {}): OwnTrade {
  return {
    id: uuid('8000'),
    name: 'Smith Plumbing',
    brief: 'Reliable plumbing for homes in western Sydney',
    service: 'Blocked drains, hot water',
    tags: 'drains hot-water',
    mainCategoryId: 1,
    categoryId: 11,
    mainCategory: 'Plumbing & Gas',
    subCategory: 'Plumber',
    systemTags: 'Plumbing & Gas, Plumber',
    stateType: 'NSW',
    churchId: ST_MARY.churchId,
    churchName: ST_MARY.name,
    churchGeo: 'Parramatta NSW',
    priest: null,
    businessKind: null,
    abn: null,
    abnCheck: null,
    licence: null,
    logoUri: null,
    image: null,
    website: null,
    publicEmail: null,
    atClient: true,
    atBusiness: true,
    online: false,
    enabled: true,
    locked: false,
    expired: false,
    listingState: 'LISTED',
    stillTrading: { askedAt: null, expiresOn: null, expiredForNoAnswer: false },
    moderationReason: null,
    owner: {
      userId: owner.userId,
      name: `${owner.firstName} ${owner.lastName}`,
      email: owner.email,
      phone: owner.phone,
      role: owner.role,
    },
    ...overrides,
  };
}

export function makeTradeAddress(trade: OwnTrade, overrides: Partial<TradeAddress> = {}): TradeAddress {
  return {
    id: uuid('a000'),
    entityId: trade.id,
    searchId: 'GANSW100',
    countryCode: 'AU',
    fullAddress: '1 Church Street, Parramatta NSW 2150',
    stateType: 'NSW',
    suburb: 'Parramatta',
    streetName: 'Church',
    streetType: 'ST',
    streetNbr: '1',
    unitType: 'HOUSE',
    unitNbr: null,
    postcode: '2150',
    city: 'City of Parramatta',
    longitude: 151.0,
    latitude: -33.8,
    showStreetAddress: true,
    ...overrides,
  };
}

export function makeSuggestion(overrides: Partial<AddressSuggestion> = {}): AddressSuggestion {
  return {
    id: `GANSW${uuid('b000').slice(-6)}`,
    fullAddress: 'UNIT 4 12A GEORGE STREET, PARRAMATTA NSW 2150',
    stateAbbreviation: 'NSW',
    localityName: 'PARRAMATTA',
    streetName: 'GEORGE',
    streetTypeAbbreviation: 'ST',
    firstNumber: '12A',
    flatType: 'UNIT',
    flatNumber: '4',
    lgaName2021: 'Parramatta',
    postcode: '2150',
    longitude: 151.003,
    latitude: -33.815,
    ...overrides,
  };
}

export function makeSocialMediaEntry(trade: OwnTrade, overrides: Partial<SocialMediaEntry> = {}): SocialMediaEntry {
  return {
    id: uuid('c000'),
    entityId: trade.id,
    name: 'smithplumbing',
    mediaType: 'FACEBOOK',
    referenceId: uuid('d000'),
    url: 'https://www.facebook.com/smithplumbing',
    ...overrides,
  };
}
