import { meetsMinRating } from '@churchtrades/shared/rating';
import { REAL_STATES } from '@churchtrades/shared/states';
import type { IndexRows } from './rows';
import { PAGE_SIZE, type IndexQuery, type PageAnswer } from './query';
import { TopSlots } from './top-slots';

/**
 * The part of an in-process index every candidate shares: a typed array per attribute, one slot per listed business
 * (slots in the day's rotation order, see rows.ts `inRotationOrder`), the slots of each value of a selective filter
 * (church, main and sub category, state, verified, "4 stars and up"), and a coarse grid of the pins for "near me".
 * It answers the searches without text by itself, and checks the filters of the text candidates' matches.
 */

/** Slots grouped by a small integer key, each group ascending (so in rotation order): offsets[key]..offsets[key+1]. */
export interface SlotLists {
  offsets: Uint32Array;
  slots: Uint32Array;
}

function groupSlots(keys: ArrayLike<number>, keyCount: number): SlotLists {
  const offsets = new Uint32Array(keyCount + 1);
  for (let slot = 0; slot < keys.length; slot += 1) {
    const key = keys[slot] as number;
    if (key >= 0) offsets[key + 1] = (offsets[key + 1] as number) + 1;
  }
  for (let key = 0; key < keyCount; key += 1) offsets[key + 1] = (offsets[key + 1] as number) + (offsets[key] as number);
  const slots = new Uint32Array(offsets[keyCount] as number);
  const next = offsets.slice(0, keyCount);
  for (let slot = 0; slot < keys.length; slot += 1) {
    const key = keys[slot] as number;
    if (key >= 0) {
      slots[next[key] as number] = slot;
      next[key] = (next[key] as number) + 1;
    }
  }
  return { offsets, slots };
}

function listOf(lists: SlotLists, key: number): Uint32Array {
  if (key < 0 || key + 1 >= lists.offsets.length) return new Uint32Array(0);
  return lists.slots.subarray(lists.offsets[key], lists.offsets[key + 1]);
}

/** A query's filters as slot-level comparisons; `none` when a value is unknown to the index (nothing matches). */
export interface SlotFilter {
  none: boolean;
  state: number;
  church: number;
  main: number;
  sub: number;
  /** Milliseconds; NaN for "any". */
  verifiedAt: number;
  rated: boolean;
  any: boolean;
}

const EARTH_RADIUS_KM = 6371.0088;
const CELL_DEGREES = 0.1;
const KM_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_KM;
const RADIANS = Math.PI / 180;

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLng = (lng2 - lng1) * RADIANS;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A business id as 16 bytes per slot (a UUID string costs ~56 bytes of heap each). */
function packIds(ids: readonly string[]): Uint8Array {
  const bytes = new Uint8Array(ids.length * 16);
  ids.forEach((id, slot) => {
    let at = slot * 16;
    let high = -1;
    for (let index = 0; index < id.length; index += 1) {
      const nibble = hexValue(id.charCodeAt(index));
      if (nibble < 0) continue;
      if (high < 0) high = nibble;
      else {
        bytes[at++] = high * 16 + nibble;
        high = -1;
      }
    }
  });
  return bytes;
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

const HEX = Array.from({ length: 256 }, (_, value) => value.toString(16).padStart(2, '0'));

export class FilterColumns {
  readonly count: number;
  private readonly idBytes: Uint8Array;
  readonly state: Uint8Array;
  readonly church: Uint32Array;
  readonly main: Int32Array;
  readonly sub: Int32Array;
  readonly verifiedUntil: Float64Array;
  /** 1 when the business passes "4 stars and up" (shared/rating.ts `meetsMinRating(…, 4)`). */
  readonly rated: Uint8Array;
  readonly latitude: Float32Array;
  readonly longitude: Float32Array;
  private readonly churchNumbers = new Map<string, number>();
  private readonly byChurch: SlotLists;
  private readonly byMain: SlotLists;
  private readonly bySub: SlotLists;
  private readonly byState: SlotLists;
  private readonly verifiedSlots: Uint32Array;
  private readonly ratedSlots: Uint32Array;
  private readonly grid: SlotLists;
  private readonly gridSouth: number;
  private readonly gridWest: number;
  private readonly gridRows: number;
  private readonly gridColumns: number;
  /** Kilometres at least between the visitor and any pin r + 1 rings of cells away, per ring. */
  private readonly kmPerRing: number;

  constructor(rows: IndexRows) {
    const n = rows.count;
    this.count = n;
    this.idBytes = packIds(rows.ids);
    this.state = new Uint8Array(n);
    this.church = new Uint32Array(n);
    this.main = rows.mainCategories.slice(0, n);
    this.sub = rows.subCategories.slice(0, n);
    this.verifiedUntil = rows.verifiedUntil.slice(0, n);
    this.rated = new Uint8Array(n);
    this.latitude = Float32Array.from(rows.latitudes.subarray(0, n));
    this.longitude = Float32Array.from(rows.longitudes.subarray(0, n));
    const verified: number[] = [];
    const rated: number[] = [];
    for (let slot = 0; slot < n; slot += 1) {
      this.state[slot] = REAL_STATES.indexOf(rows.states[slot] as (typeof REAL_STATES)[number]);
      const churchId = rows.churchIds[slot] as string;
      let church = this.churchNumbers.get(churchId);
      if (church === undefined) {
        church = this.churchNumbers.size;
        this.churchNumbers.set(churchId, church);
      }
      this.church[slot] = church;
      if (meetsMinRating(rows.reviewCount[slot] as number, rows.reviewStarsTotal[slot] as number, 4)) {
        this.rated[slot] = 1;
        rated.push(slot);
      }
      if (!Number.isNaN(rows.verifiedUntil[slot])) verified.push(slot);
    }
    this.verifiedSlots = Uint32Array.from(verified);
    this.ratedSlots = Uint32Array.from(rated);
    let maxCategory = 0;
    for (let slot = 0; slot < n; slot += 1) maxCategory = Math.max(maxCategory, this.main[slot] as number, this.sub[slot] as number);
    this.byChurch = groupSlots(this.church, this.churchNumbers.size);
    this.byMain = groupSlots(this.main, maxCategory + 1);
    this.bySub = groupSlots(this.sub, maxCategory + 1);
    this.byState = groupSlots(this.state, REAL_STATES.length);

    let south = 90;
    let north = -90;
    let west = 180;
    let east = -180;
    for (let slot = 0; slot < n; slot += 1) {
      const latitude = this.latitude[slot] as number;
      const longitude = this.longitude[slot] as number;
      if (Number.isNaN(latitude) || Number.isNaN(longitude)) continue;
      south = Math.min(south, latitude);
      north = Math.max(north, latitude);
      west = Math.min(west, longitude);
      east = Math.max(east, longitude);
    }
    if (south > north) [south, north, west, east] = [0, 0, 0, 0];
    this.gridSouth = Math.floor(south / CELL_DEGREES) * CELL_DEGREES;
    this.gridWest = Math.floor(west / CELL_DEGREES) * CELL_DEGREES;
    this.gridRows = Math.floor((north - this.gridSouth) / CELL_DEGREES) + 1;
    this.gridColumns = Math.floor((east - this.gridWest) / CELL_DEGREES) + 1;
    const cells = new Int32Array(n).fill(-1);
    for (let slot = 0; slot < n; slot += 1) {
      const latitude = this.latitude[slot] as number;
      const longitude = this.longitude[slot] as number;
      if (Number.isNaN(latitude) || Number.isNaN(longitude)) continue;
      cells[slot] = this.cellOf(latitude, longitude);
    }
    this.grid = groupSlots(cells, this.gridRows * this.gridColumns);
    // A degree of longitude is shortest at the pole-most edge of the grid; a degree of latitude is longer.
    const poleMost = Math.max(Math.abs(this.gridSouth), Math.abs(this.gridSouth + this.gridRows * CELL_DEGREES));
    this.kmPerRing = CELL_DEGREES * RADIANS * EARTH_RADIUS_KM * Math.cos(Math.min(89, poleMost) * RADIANS);
  }

  private cellOf(latitude: number, longitude: number): number {
    const row = Math.floor((latitude - this.gridSouth) / CELL_DEGREES);
    const column = Math.floor((longitude - this.gridWest) / CELL_DEGREES);
    return row * this.gridColumns + column;
  }

  idOf(slot: number): string {
    const bytes = this.idBytes;
    const at = slot * 16;
    let id = '';
    for (let index = 0; index < 16; index += 1) {
      if (index === 4 || index === 6 || index === 8 || index === 10) id += '-';
      id += HEX[bytes[at + index] as number];
    }
    return id;
  }

  filterOf(query: IndexQuery, now: number): SlotFilter {
    const filter: SlotFilter = { none: false, state: -1, church: -1, main: -1, sub: -1, verifiedAt: Number.NaN, rated: false, any: false };
    if (query.state !== undefined) {
      filter.state = REAL_STATES.indexOf(query.state as (typeof REAL_STATES)[number]);
      if (filter.state < 0) filter.none = true;
    }
    if (query.churchId !== undefined) {
      const church = this.churchNumbers.get(query.churchId);
      if (church === undefined) filter.none = true;
      else filter.church = church;
    }
    if (query.mainCategoryId !== undefined) filter.main = query.mainCategoryId;
    if (query.categoryId !== undefined) filter.sub = query.categoryId;
    if (query.verified) filter.verifiedAt = now;
    if (query.minRating !== undefined) {
      if (query.minRating !== 4) throw new Error(`Only "4 stars and up" is indexed, not minRating=${query.minRating}`);
      filter.rated = true;
    }
    filter.any =
      filter.state >= 0 || filter.church >= 0 || filter.main >= 0 || filter.sub >= 0 || !Number.isNaN(filter.verifiedAt) || filter.rated;
    return filter;
  }

  /** Whether the business in `slot` passes the filter (`filter.none` is the caller's to check). */
  accepts(slot: number, filter: SlotFilter): boolean {
    return (
      (filter.state < 0 || this.state[slot] === filter.state) &&
      (filter.church < 0 || this.church[slot] === filter.church) &&
      (filter.main < 0 || this.main[slot] === filter.main) &&
      (filter.sub < 0 || this.sub[slot] === filter.sub) &&
      (Number.isNaN(filter.verifiedAt) || (this.verifiedUntil[slot] as number) > filter.verifiedAt) &&
      (!filter.rated || this.rated[slot] === 1)
    );
  }

  /** The shortest list of slots that holds every match of the filter, or null for "every slot". */
  private narrowest(filter: SlotFilter): Uint32Array | null {
    const lists: Uint32Array[] = [];
    if (filter.state >= 0) lists.push(listOf(this.byState, filter.state));
    if (filter.church >= 0) lists.push(listOf(this.byChurch, filter.church));
    if (filter.main >= 0) lists.push(listOf(this.byMain, filter.main));
    if (filter.sub >= 0) lists.push(listOf(this.bySub, filter.sub));
    if (!Number.isNaN(filter.verifiedAt)) lists.push(this.verifiedSlots);
    if (filter.rated) lists.push(this.ratedSlots);
    let best: Uint32Array | null = null;
    for (const list of lists) if (best === null || list.length < best.length) best = list;
    return best;
  }

  /** No text: every match in rotation order (ascending slots), counted whole, the page's slots taken on the way. */
  noText(filter: SlotFilter, page: number): { total: number; slots: number[] } {
    const first = page * PAGE_SIZE;
    const slots: number[] = [];
    if (filter.none) return { total: 0, slots };
    const list = this.narrowest(filter);
    if (list === null) {
      for (let slot = first; slot < Math.min(this.count, first + PAGE_SIZE); slot += 1) slots.push(slot);
      return { total: this.count, slots };
    }
    let total = 0;
    for (let index = 0; index < list.length; index += 1) {
      const slot = list[index] as number;
      if (!this.accepts(slot, filter)) continue;
      if (total >= first && total < first + PAGE_SIZE) slots.push(slot);
      total += 1;
    }
    return { total, slots };
  }

  /** Counts the matches of the filter (the total of a "near me" page). */
  countMatches(filter: SlotFilter): number {
    return this.noText(filter, 0).total;
  }

  /**
   * "Near me": the matches with a pin nearest the visitor (great-circle distance, ties by slot), looked for in rings
   * of grid cells around the visitor's until the page's last one is nearer than any pin of the next ring can be.
   * Once a page's worth is found, a pin outside the box around the farthest kept is passed over without measuring.
   */
  nearest(filter: SlotFilter, latitude: number, longitude: number, page: number): number[] {
    const wanted = (page + 1) * PAGE_SIZE;
    if (filter.none) return [];
    const originRow = Math.floor((latitude - this.gridSouth) / CELL_DEGREES);
    const originColumn = Math.floor((longitude - this.gridWest) / CELL_DEGREES);
    // Nearest first: the score is the distance's negative.
    const top = new TopSlots(wanted);
    let boxLatitude = Number.POSITIVE_INFINITY;
    let boxLongitude = Number.POSITIVE_INFINITY;
    const maxRing = Math.max(
      Math.abs(originRow),
      Math.abs(originColumn),
      Math.abs(this.gridRows - 1 - originRow),
      Math.abs(this.gridColumns - 1 - originColumn),
    );
    const visit = (row: number, column: number) => {
      if (row < 0 || column < 0 || row >= this.gridRows || column >= this.gridColumns) return;
      // A cell wholly outside the box around the farthest kept holds nothing nearer: passed over unread.
      const south = this.gridSouth + row * CELL_DEGREES;
      const west = this.gridWest + column * CELL_DEGREES;
      const latitudeGap = Math.max(0, south - latitude, latitude - (south + CELL_DEGREES));
      const longitudeGap = Math.max(0, west - longitude, longitude - (west + CELL_DEGREES));
      if (latitudeGap > boxLatitude || longitudeGap > boxLongitude) return;
      const cell = row * this.gridColumns + column;
      const { offsets, slots } = this.grid;
      for (let index = offsets[cell] as number; index < (offsets[cell + 1] as number); index += 1) {
        const slot = slots[index] as number;
        const pinLatitude = this.latitude[slot] as number;
        const pinLongitude = this.longitude[slot] as number;
        if (Math.abs(pinLatitude - latitude) > boxLatitude || Math.abs(pinLongitude - longitude) > boxLongitude) continue;
        if (!this.accepts(slot, filter)) continue;
        top.offer(slot, -haversineKm(latitude, longitude, pinLatitude, pinLongitude));
        if (top.slots.length === wanted) {
          // Within d km of the visitor: at most d / 111.19 degrees of latitude away, and of longitude d over a
          // degree's length at the pole-most latitude the box reaches; 1 % wider against rounding.
          const km = -(top.scores[wanted - 1] as number) * 1.01 + 1e-6;
          boxLatitude = km / KM_PER_DEGREE;
          const poleMost = Math.min(89, Math.abs(latitude) + boxLatitude);
          boxLongitude = km / (KM_PER_DEGREE * Math.cos(poleMost * RADIANS));
        }
      }
    };
    for (let ring = 0; ring <= maxRing; ring += 1) {
      if (ring === 0) visit(originRow, originColumn);
      else {
        for (let column = originColumn - ring; column <= originColumn + ring; column += 1) {
          visit(originRow - ring, column);
          visit(originRow + ring, column);
        }
        for (let row = originRow - ring + 1; row <= originRow + ring - 1; row += 1) {
          visit(row, originColumn - ring);
          visit(row, originColumn + ring);
        }
      }
      // Every pin beyond this ring is at least `ring` whole cells away from the visitor's cell.
      if (top.slots.length === wanted && -(top.scores[wanted - 1] as number) <= ring * this.kmPerRing) break;
    }
    return top.page(page);
  }

  /** A page of "near me" without text. */
  nearMe(query: IndexQuery, now: number): PageAnswer {
    const filter = this.filterOf(query, now);
    const near = query.near as { latitude: number; longitude: number };
    const slots = this.nearest(filter, near.latitude, near.longitude, query.page);
    return { total: this.countMatches(filter), ids: slots.map((slot) => this.idOf(slot)) };
  }

  /** A page without text (and without "near me"). */
  page(query: IndexQuery, now: number): PageAnswer {
    const { total, slots } = this.noText(this.filterOf(query, now), query.page);
    return { total, ids: slots.map((slot) => this.idOf(slot)) };
  }
}
