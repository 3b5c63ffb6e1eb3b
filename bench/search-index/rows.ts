import pg from 'pg';

/**
 * What a search index needs of each listed business, read from PostgreSQL in keyset batches (never one result of
 * a million rows) into columns: the text as strings, everything else in typed arrays.
 */
export interface IndexRows {
  count: number;
  ids: string[];
  names: string[];
  /** The trade's own tags and its `search_keywords` (main and sub category names and tags, suburb): weight B in the product. */
  categoryWords: string[];
  /** Brief and service: weight C in the product. */
  descriptions: string[];
  states: string[];
  churchIds: string[];
  /** -1 for none. */
  mainCategories: Int32Array;
  subCategories: Int32Array;
  /** Milliseconds since the epoch; Infinity for ever (an active ABN, a checked licence); NaN for never verified. */
  verifiedUntil: Float64Array;
  reviewCount: Uint32Array;
  reviewStarsTotal: Uint32Array;
  /** The address's coordinates; NaN without an address (online-only) or coordinates. */
  latitudes: Float64Array;
  longitudes: Float64Array;
}

const BATCH = 20_000;

interface Row {
  id: string;
  name: string;
  category_words: string;
  description: string;
  state: string;
  church_id: string;
  main_category_id: number | null;
  category_id: number | null;
  verified_until_ms: number | null;
  review_count: number;
  review_stars_total: number;
  latitude: number | null;
  longitude: number | null;
}

// `listed` (trades/repo.ts `listedWithin`): the one column the product's directory queries filter on.
const BATCH_SQL = `
  select t.id, t.name, t.tags || ' ' || t.search_keywords as category_words, t.brief || ' ' || t.service as description,
    t.state_type::text as state, t.church_id, t.main_category_id, t.category_id,
    extract(epoch from t.verified_until)::float8 * 1000 as verified_until_ms,
    t.review_count, t.review_stars_total, a.latitude, a.longitude
  from trades t left join addresses a on a.entity_id = t.id
  where t.listed and t.id > $1::uuid
  order by t.id
  limit ${BATCH}`;

export async function loadRows(url: string): Promise<IndexRows> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: counted } = await client.query<{ count: string }>('select count(*) from trades where listed');
    // Businesses listed while the batches run would be missed or overflow: the bench database is not written meanwhile.
    const capacity = Number(counted[0]?.count ?? 0);
    const rows: IndexRows = {
      count: 0,
      ids: [],
      names: [],
      categoryWords: [],
      descriptions: [],
      states: [],
      churchIds: [],
      mainCategories: new Int32Array(capacity),
      subCategories: new Int32Array(capacity),
      verifiedUntil: new Float64Array(capacity),
      reviewCount: new Uint32Array(capacity),
      reviewStarsTotal: new Uint32Array(capacity),
      latitudes: new Float64Array(capacity),
      longitudes: new Float64Array(capacity),
    };
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const { rows: batch } = await client.query<Row>(BATCH_SQL, [after]);
      for (const row of batch) {
        const at = rows.count;
        if (at >= capacity) throw new Error('More listed businesses than counted: is the bench database being written?');
        rows.ids.push(row.id);
        rows.names.push(row.name);
        rows.categoryWords.push(row.category_words);
        rows.descriptions.push(row.description);
        rows.states.push(row.state);
        rows.churchIds.push(row.church_id);
        rows.mainCategories[at] = row.main_category_id ?? -1;
        rows.subCategories[at] = row.category_id ?? -1;
        rows.verifiedUntil[at] = row.verified_until_ms ?? Number.NaN;
        rows.reviewCount[at] = row.review_count;
        rows.reviewStarsTotal[at] = row.review_stars_total;
        rows.latitudes[at] = row.latitude ?? Number.NaN;
        rows.longitudes[at] = row.longitude ?? Number.NaN;
        rows.count += 1;
      }
      if (batch.length < BATCH) break;
      after = (batch.at(-1) as Row).id;
    }
    return rows;
  } finally {
    await client.end();
  }
}

/** FNV-1a of the day and the id, then murmur3's finaliser: a business's place in the day's rotation. */
export function rotationKey(id: string, day: string): number {
  let hash = 0x811c9dc5;
  const text = `${day}|${id}`;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** Row indexes sorted by key, then id; the rows arrive in id order (`order by t.id`), so equal keys keep it. */
function rotationOrder(keys: Uint32Array, ids: readonly string[]): number[] {
  const count = keys.length;
  if (count <= 2 ** 21) {
    // Key and index in one double (32 + 21 bits, exact): a numeric typed-array sort, no comparator called.
    const packed = new Float64Array(count);
    for (let index = 0; index < count; index += 1) packed[index] = (keys[index] as number) * 2 ** 21 + index;
    packed.sort();
    return Array.from(packed, (value) => value % 2 ** 21);
  }
  const order = Array.from({ length: count }, (_, index) => index);
  return order.sort((a, b) => (keys[a] as number) - (keys[b] as number) || ((ids[a] as string) < (ids[b] as string) ? -1 : 1));
}

/**
 * The rows in the day's rotation order (key, then id): row i becomes every index's slot i, so that any list of
 * slots kept ascending is in rotation order, and "lowest slot first" breaks ties as the rotation does. A new day
 * means a new order, so the indexes are rebuilt once a day (or slots are given anew).
 */
export function inRotationOrder(rows: IndexRows, day: string): IndexRows {
  const keys = new Uint32Array(rows.count);
  for (let index = 0; index < rows.count; index += 1) keys[index] = rotationKey(rows.ids[index] as string, day);
  const order = rotationOrder(keys, rows.ids);
  const strings = (values: string[]) => order.map((index) => values[index] as string);
  const typed = <T extends Int32Array | Uint32Array | Float64Array>(values: T): T => {
    const copy = values.slice(0, rows.count) as T;
    order.forEach((from, to) => {
      copy[to] = values[from] as number;
    });
    return copy;
  };
  return {
    count: rows.count,
    ids: strings(rows.ids),
    names: strings(rows.names),
    categoryWords: strings(rows.categoryWords),
    descriptions: strings(rows.descriptions),
    states: strings(rows.states),
    churchIds: strings(rows.churchIds),
    mainCategories: typed(rows.mainCategories),
    subCategories: typed(rows.subCategories),
    verifiedUntil: typed(rows.verifiedUntil),
    reviewCount: typed(rows.reviewCount),
    reviewStarsTotal: typed(rows.reviewStarsTotal),
    latitudes: typed(rows.latitudes),
    longitudes: typed(rows.longitudes),
  };
}
