import type { AddressSuggestion } from '@churchtrades/shared/address-lookup';
import type { RealState } from '@churchtrades/shared/states';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { rowsOf } from '../../db/raw-sql';
import { addressIndex, addressWords } from '../../db/schema';

/**
 * Addresses whose key starts as typed: the lookup key ("45 smith street parr…", number first) or the street
 * key ("smith street parr…", street first); narrowed to a flat and a state when typed.
 */
export interface KeySearch {
  key: 'number first' | 'street first';
  start: string;
  flatKey: string | null;
  state: RealState | null;
}

/** Addresses holding every word of a text-search query and matching each of the `checks` (`~*`). */
export interface WordSearch {
  query: string;
  checks: readonly string[];
  /** Addresses with this first number come first. */
  number: string | null;
}

/** Matches of a word search taken before ordering them: the search may match half a million addresses. */
const WORD_MATCH_CANDIDATES = 200;
/** Sorts after every character of a key (lower-case letters, digits, space, hyphen). */
const AFTER_EVERY_KEY_CHARACTER = '~';

/**
 * Each key's column, and the order of the addresses that share a key value: the flats of a street address,
 * or the numbers, then flats, of a street.
 */
const KEY_WALKS = {
  'number first': { key: sql.raw('lookup_key'), sharing: sql.raw('a.flat_key') },
  'street first': { key: sql.raw('street_key'), sharing: sql.raw('a.number_key, a.flat_key') },
} as const;

const suggestionColumns = {
  id: addressIndex.id,
  fullAddress: addressIndex.fullAddress,
  stateAbbreviation: addressIndex.stateAbbreviation,
  localityName: addressIndex.localityName,
  streetName: addressIndex.streetName,
  streetTypeAbbreviation: addressIndex.streetTypeAbbreviation,
  firstNumber: addressIndex.firstNumber,
  flatType: addressIndex.flatType,
  flatNumber: addressIndex.flatNumber,
  lgaName2021: addressIndex.lgaName2021,
  postcode: addressIndex.postcode,
  longitude: addressIndex.longitude,
  latitude: addressIndex.latitude,
};

export function createAddressLookupRepo(db: Database) {
  return {
    /**
     * Up to `limit` addresses whose key starts with the typed text, in key order: first one address of each
     * key value (a street address before its flats, a street's lowest number), then, while there is room,
     * the others sharing those values. The distinct key values are found by stepping through the key's index,
     * one step each, so a building of 300 flats or a street of 300 numbers costs one step, not 300 rows.
     */
    async startingWith(search: KeySearch, limit: number): Promise<AddressSuggestion[]> {
      const { key, sharing } = KEY_WALKS[search.key];
      const flat = search.flatKey === null ? sql`` : sql`and a.flat_key = ${search.flatKey}`;
      const state = search.state === null ? sql`` : sql`and a.state_abbreviation = ${search.state}`;
      const within = sql`and a.${key} < ${search.start + AFTER_EVERY_KEY_CHARACTER} ${flat} ${state}`;
      const result = await db.execute(sql`
        with recursive key_values (value, place) as (
          (select a.${key}, 1 from address_index a
           where a.${key} >= ${search.start} ${within}
           order by a.${key} limit 1)
          union all
          select (select a.${key} from address_index a
                  where a.${key} > v.value ${within}
                  order by a.${key} limit 1),
                 v.place + 1
          from key_values v
          where v.value is not null and v.place < ${limit}
        ),
        found as (select value, place from key_values where value is not null),
        matches as (
          select m.*, f.place, row_number() over (partition by f.place order by m.number_key, m.flat_key) as nth
          from found f
          cross join lateral (
            select a.id, a.full_address as "fullAddress", a.state_abbreviation as "stateAbbreviation",
                   a.locality_name as "localityName", a.street_name as "streetName",
                   a.street_type_abbreviation as "streetTypeAbbreviation", a.first_number as "firstNumber",
                   a.flat_type as "flatType", a.flat_number as "flatNumber", a.lga_name_2021 as "lgaName2021",
                   a.postcode, a.longitude, a.latitude, a.number_key, a.flat_key
            from address_index a
            where a.${key} = f.value ${flat} ${state}
            order by ${sharing}
            limit case when (select count(*) from found) < ${limit} then ${limit} else 1 end
          ) m
        )
        select id, "fullAddress", "stateAbbreviation", "localityName", "streetName", "streetTypeAbbreviation",
               "firstNumber", "flatType", "flatNumber", "lgaName2021", postcode, longitude, latitude
        from matches
        order by nth > 1, place, nth
        limit ${limit}`);
      return rowsOf<AddressSuggestion>(result);
    },

    /**
     * Up to `limit` addresses with every word of the search: those with the typed first number first, then by
     * full address, among the first matches the word index gives. The checks are made on those matches only,
     * so that their cost stays bounded whatever they are.
     */
    async wordMatches(search: WordSearch, limit: number): Promise<AddressSuggestion[]> {
      const candidates = db
        .select(suggestionColumns)
        .from(addressIndex)
        .where(sql`${addressWords(addressIndex.fullAddress)} @@ to_tsquery('simple', ${search.query})`)
        .limit(WORD_MATCH_CANDIDATES)
        .as('candidates');
      const checks = search.checks.map((check) => sql`${candidates.fullAddress} ~* ${check}`);
      const numberFirst = search.number === null ? [] : [sql`${candidates.firstNumber} is not distinct from ${search.number} desc`];
      return db.transaction(async (tx) => {
        // With a LIMIT and many matches expected, reading the table until enough match looks cheaper than the
        // index; it computes every address's words and, when the estimate is wrong, reads all millions of rows.
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx
          .select()
          .from(candidates)
          .where(and(...checks))
          .orderBy(...numberFirst, asc(candidates.fullAddress), asc(candidates.id))
          .limit(limit);
      });
    },

    async findById(id: string): Promise<AddressSuggestion | undefined> {
      const [row] = await db.select(suggestionColumns).from(addressIndex).where(eq(addressIndex.id, id));
      return row;
    },
  };
}

export type AddressLookupRepo = ReturnType<typeof createAddressLookupRepo>;
