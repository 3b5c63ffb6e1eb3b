import type { ManagedCategory } from '@churchtrades/shared/category-admin';
import type { ChurchAdmin, ChurchMember, ChurchRole } from '@churchtrades/shared/church-admin';
import type { Page } from '@churchtrades/shared/trade-search';

let sequence = 0;

function uuid(group: string): string {
  sequence += 1;
  return `00000000-0000-4000-${group}-${String(sequence).padStart(12, '0')}`;
}

/** An enabled, moderated church of NSW with no businesses. */
export function makeChurchAdmin(overrides: Partial<ChurchAdmin> = {}): ChurchAdmin {
  return {
    churchId: uuid('8100'),
    name: "St Mary's Parramatta",
    stateType: 'NSW',
    suburb: 'Parramatta',
    postcode: '2150',
    latitude: -33.81,
    longitude: 151.0,
    logo: null,
    image: null,
    enabled: true,
    moderated: true,
    tradeCount: 0,
    pendingCount: 0,
    ...overrides,
  };
}

export function makeChurchMember(churchRole: ChurchRole, overrides: Partial<ChurchMember> = {}): ChurchMember {
  const userId = uuid('8200');
  return {
    userId,
    firstName: 'John',
    lastName: 'Baptist',
    email: `john${userId.slice(-4)}@example.com.au`,
    role: churchRole,
    churchRole,
    ...overrides,
  };
}

/** One page of `items`, as the server pages a listing. */
export function pageOf<T>(items: T[], { number = 0, size = 10, totalElements = items.length } = {}): Page<T> {
  return { content: items, number, size, totalElements, totalPages: Math.ceil(totalElements / size) };
}

/** A main category with its sub categories (`[id, name, tradeCount]`), displayed in the order given. */
export function makeManagedCategory(
  id: number,
  name: string,
  subs: [number, string, number][] = [],
  overrides: Partial<ManagedCategory> = {},
): ManagedCategory {
  return {
    id,
    name,
    tags: '',
    mains: true,
    parentId: -1,
    displayOrder: id,
    tradeCount: subs.reduce((total, [, , count]) => total + count, 0),
    subCategories: subs.map(([subId, subName, tradeCount], index) => ({
      id: subId,
      name: subName,
      tags: '',
      mains: false,
      parentId: id,
      displayOrder: index + 1,
      tradeCount,
    })),
    ...overrides,
  };
}
