import type { RealState } from '@churchtrades/shared/states';
import type { churches } from '../schema';
import { jitter } from './address-book';
import { daysAgo } from './demo-clock';
import { CHURCH_PATTERNS } from './demo-data';
import { SUBURBS, type Suburb } from './demo-places';
import type { Random } from './random';
import { fill } from './text';

export type ChurchRow = typeof churches.$inferInsert & { id: string; name: string };

export interface DemoChurch {
  row: ChurchRow;
  state: RealState;
  suburb: Suburb;
}

/** About 150 churches, spread roughly as Australians are; every state has at least three. */
export const CHURCHES_PER_STATE: Readonly<Record<RealState, number>> = {
  NSW: 46,
  VIC: 38,
  QLD: 28,
  WA: 15,
  SA: 11,
  TAS: 4,
  ACT: 4,
  NT: 4,
};

const DISABLED_CHURCHES = 2;
const CHURCH_SPREAD = 0.006;

function uniqueChurchName(random: Random, suburb: Suburb, used: Set<string>): string {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const name = fill(random.pick(CHURCH_PATTERNS), { suburb: suburb.name });
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
  throw new Error(`Ran out of church names for ${suburb.name}`);
}

function makeChurch(random: Random, state: RealState, suburb: Suburb, used: Set<string>): DemoChurch {
  const createdAt = daysAgo(random, 700, 1000);
  const row: ChurchRow = {
    id: random.uuid(),
    name: uniqueChurchName(random, suburb, used),
    stateType: state,
    suburb: suburb.name,
    postcode: suburb.postcode,
    latitude: jitter(random, suburb.latitude, CHURCH_SPREAD),
    longitude: jitter(random, suburb.longitude, CHURCH_SPREAD),
    enabled: true,
    moderated: true,
    createdAt,
    updatedAt: createdAt,
  };
  return { row, state, suburb };
}

/** Plain code-unit order, the same in every database collation and every runtime locale. */
export function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** The church the demo moderator and priest serve: the NSW church whose name sorts first. */
export function firstNswChurch<T extends { name: string; stateType?: string | null }>(list: readonly T[]): T {
  const [first] = list.filter((church) => church.stateType === 'NSW').sort(byName);
  if (!first) throw new Error('The demo data has no NSW church');
  return first;
}

export function buildChurches(random: Random): { churches: DemoChurch[]; first: DemoChurch } {
  const used = new Set<string>();
  const list = (Object.entries(CHURCHES_PER_STATE) as [RealState, number][]).flatMap(([state, count]) => {
    // Every suburb of the state gets a church before any gets a second.
    const suburbs = random.shuffle(SUBURBS[state]);
    return Array.from({ length: count }, (_, index) =>
      makeChurch(random, state, suburbs[index % suburbs.length] as Suburb, used),
    );
  });
  const firstRow = firstNswChurch(list.map((church) => church.row));
  const first = list.find((church) => church.row === firstRow) as DemoChurch;
  // A couple of closed churches, so "its church is enabled" has something to hide.
  const closable = list.filter((church) => church !== first && CHURCHES_PER_STATE[church.state] >= 10);
  for (const church of random.shuffle(closable).slice(0, DISABLED_CHURCHES)) church.row.enabled = false;
  return { churches: list, first };
}
