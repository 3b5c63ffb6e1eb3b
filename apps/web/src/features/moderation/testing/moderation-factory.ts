import type { TradeChecks } from '@churchtrades/shared/church-checks';
import type { ChurchSummary } from '@churchtrades/shared/church';
import type { ModerationChurchCount, ModerationTrade, ModerationTradePage } from '@churchtrades/shared/moderation';

let sequence = 0;

function uuid(group: string): string {
  sequence += 1;
  return `00000000-0000-4000-${group}-${String(sequence).padStart(12, '0')}`;
}

export const ST_MARY_ID = '11111111-1111-4111-8111-111111111111';
export const ST_PAUL_ID = '22222222-2222-4222-8222-222222222222';

/** A pending business at St Mary's that the caller may decide on, with its card as search would show it. */
export function makeModerationTrade(overrides: Partial<ModerationTrade> = {}): ModerationTrade {
  const id = overrides.id ?? uuid('8000');
  const name = overrides.name ?? 'Smith Plumbing';
  return {
    id,
    name,
    brief: 'Reliable plumbing for homes in western Sydney',
    service: 'Blocked drains, hot water',
    tags: 'drains hot-water',
    website: 'https://smithplumbing.example.com.au',
    logoUri: null,
    image: null,
    stateType: 'NSW',
    churchId: ST_MARY_ID,
    churchName: "St Mary's Parramatta",
    mainCategory: 'Plumbing & Gas',
    subCategory: 'Plumber',
    atClient: true,
    atBusiness: false,
    online: false,
    enabled: true,
    locked: false,
    expired: false,
    listed: false,
    status: 'PENDING',
    reason: null,
    changedSinceApproval: false,
    submittedAt: '2025-03-01T09:30:00.000Z',
    moderatedAt: null,
    moderatedByName: null,
    stillTradingExpiresOn: null,
    owner: { userId: uuid('9000'), name: 'Jane Citizen', email: 'jane@example.com.au', phone: '0400 111 222' },
    address: { fullAddress: '1 Church Street, Parramatta NSW 2150', showStreetAddress: false },
    socialMedias: [
      {
        id: uuid('c000'),
        entityId: id,
        name: 'smithplumbing',
        mediaType: 'FACEBOOK',
        referenceId: uuid('d000'),
        url: 'https://www.facebook.com/smithplumbing',
      },
    ],
    card: {
      id,
      name,
      brief: 'Reliable plumbing for homes in western Sydney',
      logoUri: null,
      website: 'https://smithplumbing.example.com.au',
      ownerEmail: 'office@smithplumbing.example.com.au',
      ownerName: 'Jane Citizen',
      ownerPhone: '0400 111 222',
      fullAddress: 'Parramatta NSW 2150',
      stateType: 'NSW',
      churchName: "St Mary's Parramatta",
      mainCategory: 'Plumbing & Gas',
      subCategory: 'Plumber',
      online: false,
      badges: { abn: null, church: null, licence: null },
      rating: null,
    },
    duplicates: [],
    duplicatesElsewhere: 0,
    mayDecide: true,
    ...overrides,
  };
}

export function makeModerationPage(content: ModerationTrade[], totalElements = content.length): ModerationTradePage {
  return { content, number: 0, size: 10, totalElements, totalPages: Math.max(1, Math.ceil(totalElements / 10)) };
}

export function makeChurchCount(overrides: Partial<ModerationChurchCount> = {}): ModerationChurchCount {
  return { churchId: ST_MARY_ID, name: "St Mary's Parramatta", stateType: 'NSW', pending: 1, changed: 0, ...overrides };
}

/** St Paul's Geelong as `/churches/stateChurches` lists it. */
export function makeChurchSummary(): ChurchSummary {
  return {
    churchId: ST_PAUL_ID,
    name: "St Paul's Geelong",
    stateType: 'VIC',
    suburb: 'Geelong',
    postcode: '3220',
    latitude: null,
    longitude: null,
    logo: null,
  };
}

/** A business's church checks: no vouch, no licence, nothing the caller may do, unless given. */
export function makeTradeChecks(overrides: Partial<TradeChecks> = {}): TradeChecks {
  return { vouch: null, licence: null, mayVouch: false, mayWithdraw: false, mayCheckLicence: false, ...overrides };
}
