import pg from 'pg';
import { createRandom, type Random } from '../apps/server/src/db/seed/random';

/**
 * What people type into the address lookup, made from real addresses of the bench database: the whole address
 * as a person writes it (lower case, "st"/"ave" or the word in full, "3/45" or "unit 3 45", with or without
 * commas, state and postcode), and what they have typed of it after 3, 5, 8, 12, 16 and 20 characters.
 */
export interface TypedInput {
  text: string;
  /** The address the person is typing. */
  addressId: string;
}

export interface InputKind {
  kind: string;
  description: string;
  inputs: TypedInput[];
}

export const PREFIX_LENGTHS = [3, 5, 8, 12, 16, 20] as const;

interface SampledAddress {
  id: string;
  lookup_key: string;
  flat_type: string | null;
  flat_number: string | null;
  street_name: string;
  street_type_abbreviation: string;
  street_type: string;
  locality_name: string;
  state_abbreviation: string;
  postcode: string;
}

/** How people write street types: the usual abbreviation, or the word. */
const TYPED_ABBREVIATIONS: Readonly<Record<string, string>> = { av: 'ave', cr: 'cres', bvd: 'blvd' };

function typedStreetType(random: Random, address: SampledAddress): string {
  const abbreviation = address.street_type_abbreviation.toLowerCase();
  return random.chance(0.7) ? (TYPED_ABBREVIATIONS[abbreviation] ?? abbreviation) : address.street_type.toLowerCase();
}

function typedFlat(random: Random, address: SampledAddress, number: string): string {
  if (address.flat_number === null) return number;
  const flatWord = address.flat_type === 'UNIT' && random.chance(0.3) ? 'u' : (address.flat_type ?? 'unit').toLowerCase();
  return random.pick([
    `${address.flat_number}/${number}`,
    `${flatWord} ${address.flat_number} ${number}`,
    `${flatWord} ${address.flat_number}, ${number}`,
  ]);
}

function typedPlace(random: Random, address: SampledAddress): string {
  const locality = address.locality_name.toLowerCase();
  const state = address.state_abbreviation.toLowerCase();
  return random.pick([
    `, ${locality} ${state} ${address.postcode}`,
    ` ${locality} ${state} ${address.postcode}`,
    ` ${locality} ${address.postcode}`,
    ` ${locality}`,
  ]);
}

/** The whole address as one person would type it. */
function typedAddress(random: Random, address: SampledAddress): string {
  const number = address.lookup_key.split(' ')[0] ?? '';
  const street = `${address.street_name.toLowerCase()} ${typedStreetType(random, address)}`;
  return `${typedFlat(random, address, number)} ${street}${typedPlace(random, address)}`;
}

function typedStreetFirst(random: Random, address: SampledAddress): string {
  const whole = `${address.street_name.toLowerCase()} ${typedStreetType(random, address)} ${address.locality_name.toLowerCase()}`;
  return whole.slice(0, random.int(Math.min(whole.length, 10), whole.length));
}

async function sampleAddresses(url: string, count: number, seed: number): Promise<SampledAddress[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: sizes } = await client.query<{ rows: string }>('select reltuples::bigint as rows from pg_class where relname = $1', [
      'address_index',
    ]);
    const percent = Math.min(100, ((count * 1.2) / Math.max(1, Number(sizes[0]?.rows ?? 1))) * 100);
    const { rows } = await client.query<SampledAddress>(
      `select id, lookup_key, flat_type, flat_number, street_name, street_type_abbreviation,
              split_part(split_part(full_address, ', ', -2), ' ', -1) as street_type,
              locality_name, state_abbreviation, postcode
       from address_index tablesample bernoulli (${percent}) repeatable (${seed})
       where street_name is not null and first_number is not null
       limit ${count}`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

export async function buildAddressInputs(url: string, count: number, seed: number): Promise<InputKind[]> {
  const addresses = await sampleAddresses(url, count, seed);
  const random = createRandom(seed, 'typed-addresses');
  const typed = addresses.map((address) => ({ address, whole: typedAddress(random, address) }));
  const input = (addressId: string, text: string): TypedInput => ({ text, addressId });
  return [
    ...PREFIX_LENGTHS.map((length) => ({
      kind: `after ${length} characters`,
      description: `the first ${length} characters of a whole address: "${typed[0]?.whole.slice(0, length) ?? ''}"`,
      inputs: typed.map(({ address, whole }) => input(address.id, whole.slice(0, length))),
    })),
    {
      kind: 'whole address',
      description: `as typed, state and postcode or not: "${typed[0]?.whole ?? ''}"`,
      inputs: typed.map(({ address, whole }) => input(address.id, whole)),
    },
    {
      kind: 'street first',
      description: 'street, type and suburb without the number, cut anywhere after 10 characters',
      inputs: addresses.map((address) => input(address.id, typedStreetFirst(random, address))),
    },
  ];
}
