import type { AddressInput } from '@churchtrades/shared/address';
import { COUNTRY_CODE, DEFAULT_UNIT_TYPE } from '@churchtrades/shared/constants';
import { MESSAGES } from '@churchtrades/shared/messages';
import type { State } from '@churchtrades/shared/states';
import { showsStreetByDefault } from '@churchtrades/shared/street-privacy';
import type { TradeAddress } from '@churchtrades/shared/trade-dashboard';
import type { Transactions } from '../../db/transactions';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../lib/uuid';
import type { SignedInUser } from '../sessions/service';
import { cleanOptionalText, cleanText } from '../trade-dashboard/clean-text';
import type { TradeDashboardService } from '../trade-dashboard/service';
import { roundedCoordinate } from '../trades/coordinates';
import type { AddressFields, AddressRepo, AddressRow } from './repo';

export interface AddressServiceDependencies {
  repo: AddressRepo;
  trades: Pick<TradeDashboardService, 'tradeToRead' | 'tradeToChange' | 'refreshSearchKeywords' | 'recordEditForOwner'>;
  transactions: Pick<Transactions, 'run'>;
}

/** An address as the audit log keeps it: what the public may see of it, and whether they see the street. */
function auditedAddress(address: AddressRow | null): Record<string, unknown> {
  return address
    ? { fullAddress: address.fullAddress, showStreetAddress: address.showStreetAddress }
    : { fullAddress: null, showStreetAddress: null };
}

const TEXT_FIELDS = ['searchId', 'suburb', 'streetName', 'streetType', 'streetNbr', 'unitNbr', 'postcode', 'city'] as const;

const NO_ADDRESS: Omit<AddressFields, 'showStreetAddress'> = {
  searchId: null,
  countryCode: COUNTRY_CODE,
  fullAddress: '',
  stateType: null,
  suburb: null,
  streetName: null,
  streetType: null,
  streetNbr: null,
  unitType: DEFAULT_UNIT_TYPE,
  unitNbr: null,
  postcode: null,
  city: null,
  longitude: null,
  latitude: null,
};

function viewOf(row: AddressRow): TradeAddress {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...address } = row;
  return address;
}

/** SELECT is the form's "none chosen": an address's state, when given, is a real one. */
function realState(state: State | null): AddressFields['stateType'] {
  if (state === 'SELECT') throw new AppError('BAD_REQUEST', MESSAGES.chooseState);
  return state;
}

/** "2/12A George St, Parramatta NSW 2150", for an address given in parts only. */
function composedFullAddress(fields: Omit<AddressFields, 'fullAddress'>): string {
  const number = [fields.unitNbr, fields.streetNbr].filter(Boolean).join('/');
  const street = [number, fields.streetName, fields.streetType].filter(Boolean).join(' ');
  const place = [fields.suburb, fields.stateType, fields.postcode].filter(Boolean).join(' ');
  return [street, place].filter(Boolean).join(', ');
}

/**
 * A coordinate as the form changes it: left out it stays as it was, null clears it; else it must lie on the
 * earth, and is kept rounded to a centimetre (see `roundedCoordinate`: the map pin is made from it).
 */
function coordinate(value: number | null | undefined, current: number | null, limit: number): number | null {
  if (value === undefined) return current;
  if (value === null) return null;
  if (Math.abs(value) > limit) throw new AppError('BAD_REQUEST', MESSAGES.coordinateInvalid);
  return roundedCoordinate(value);
}

/**
 * The address as the form changes it: a field the form leaves out stays as it was, one sent empty is
 * cleared. The country is always Australia and a unit type defaults to HOUSE (SPEC §9).
 */
function addressFields(input: AddressInput, current: AddressFields): AddressFields {
  const texts = Object.fromEntries(
    TEXT_FIELDS.map((key) => [key, input[key] === undefined ? current[key] : cleanOptionalText(input[key])]),
  ) as Pick<AddressFields, (typeof TEXT_FIELDS)[number]>;
  const fields = {
    ...texts,
    countryCode: COUNTRY_CODE,
    stateType: input.stateType === undefined ? current.stateType : realState(input.stateType),
    unitType: input.unitType === undefined ? current.unitType : (cleanOptionalText(input.unitType) ?? DEFAULT_UNIT_TYPE),
    longitude: coordinate(input.longitude, current.longitude, 180),
    latitude: coordinate(input.latitude, current.latitude, 90),
    showStreetAddress: input.showStreetAddress ?? current.showStreetAddress,
  };
  const fullAddress = input.fullAddress === undefined ? current.fullAddress : cleanText(input.fullAddress ?? '');
  return { ...fields, fullAddress: fullAddress || composedFullAddress(fields) };
}

/** Whether the stored address is the one these fields describe. */
function isAddressOf(row: AddressRow, fields: AddressFields): boolean {
  return (Object.keys(fields) as (keyof AddressFields)[]).every((key) => row[key] === fields[key]);
}

/** SPEC §7 "Address": the one address of a business, which only its owner (or an administrator) sees whole. */
export function createAddressService({ repo, trades, transactions }: AddressServiceDependencies) {
  async function existingAddress(id: string | undefined): Promise<AddressRow> {
    if (id === undefined || !isUuid(id)) throw new AppError('BAD_REQUEST', MESSAGES.addressIdRequired);
    const address = await repo.findById(id);
    if (!address) throw new AppError('NOT_FOUND', MESSAGES.addressNotFound);
    return address;
  }

  /**
   * The search finds a business by its suburb: a new suburb means new keywords, written in the same transaction
   * as the address, so that the business is never found by the suburb it left.
   */
  async function afterSuburbChange(tradeId: string, before: string | null, after: string | null): Promise<void> {
    if (before !== after) await trades.refreshSearchKeywords(tradeId);
  }

  /**
   * The business's address when a create finds one already: the same address sent again (the first answer was
   * lost and the client tried again) answers the address stored; another one is refused.
   */
  async function sameAddressSentAgain(tradeId: string, fields: AddressFields): Promise<AddressRow> {
    const existing = await repo.findByTrade(tradeId);
    if (!existing || !isAddressOf(existing, fields)) throw new AppError('CONFLICT', MESSAGES.addressAlreadyExists);
    return existing;
  }

  return {
    /**
     * Shown in full unless `showStreetAddress` says otherwise; left out, it is off for a tradesperson who
     * only works at customers' places (most work from home), on for everyone else.
     */
    async create(user: SignedInUser, input: AddressInput): Promise<TradeAddress> {
      const trade = await trades.tradeToChange(user, input.entityId);
      const fields = addressFields(input, { ...NO_ADDRESS, showStreetAddress: showsStreetByDefault(trade) });
      const created = await transactions.run(async () => {
        const row = await repo.insert({ entityId: trade.id, ...fields });
        if (!row) return row;
        await afterSuburbChange(trade.id, null, row.suburb);
        await trades.recordEditForOwner(user, trade, { before: auditedAddress(null), after: auditedAddress(row) });
        return row;
      });
      return viewOf(created ?? (await sameAddressSentAgain(trade.id, fields)));
    },

    async findOfTrade(user: SignedInUser, tradeId: string): Promise<TradeAddress | null> {
      const trade = await trades.tradeToRead(user, tradeId);
      const address = await repo.findByTrade(trade.id);
      return address ? viewOf(address) : null;
    },

    async find(user: SignedInUser, id: string): Promise<TradeAddress> {
      const address = await existingAddress(id);
      await trades.tradeToRead(user, address.entityId);
      return viewOf(address);
    },

    async update(user: SignedInUser, input: AddressInput): Promise<TradeAddress> {
      const address = await existingAddress(input.id);
      const trade = await trades.tradeToChange(user, address.entityId);
      if (input.entityId !== address.entityId) throw new AppError('BAD_REQUEST', MESSAGES.addressOfAnotherTrade);
      const fields = addressFields(input, address);
      const updated = await transactions.run(async () => {
        const row = await repo.update(address.id, fields);
        if (!row) return row;
        await afterSuburbChange(address.entityId, address.suburb, row.suburb);
        await trades.recordEditForOwner(user, trade, { before: auditedAddress(address), after: auditedAddress(row) });
        return row;
      });
      if (!updated) throw new AppError('NOT_FOUND', MESSAGES.addressNotFound);
      return viewOf(updated);
    },

    /** Removes the address and answers it as it was. */
    async delete(user: SignedInUser, id: string): Promise<TradeAddress> {
      const address = await existingAddress(id);
      const trade = await trades.tradeToChange(user, address.entityId);
      const deleted = await transactions.run(async () => {
        const row = await repo.delete(address.id);
        if (!row) return row;
        await afterSuburbChange(address.entityId, address.suburb, null);
        await trades.recordEditForOwner(user, trade, { before: auditedAddress(address), after: auditedAddress(null) });
        return row;
      });
      if (!deleted) throw new AppError('NOT_FOUND', MESSAGES.addressNotFound);
      return viewOf(deleted);
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
