import type { AddressSuggestion } from '@churchtrades/shared/address-lookup';
import type { AddressInput } from '@churchtrades/shared/address';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { TradeAddress } from '@churchtrades/shared/trade-dashboard';
import { api } from '../../../lib/api';

/** A saved address and the server's message for the toast. */
export interface AddressChange {
  address: TradeAddress;
  message: string;
}

const toAddressChange = (answer: Envelope<{ address: TradeAddress }>): AddressChange => ({
  address: answer.data.address,
  message: answer.message,
});

const addressTag = (tradeId: string) => [{ type: 'Address' as const, id: tradeId }];
// The address is on the business's search card: cached searches are read again too.
const addressChangeTags = (tradeId: string) => [...addressTag(tradeId), 'Trade' as const];

const addressApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The business's address, or null before one is created. */
    tradeAddress: build.query<TradeAddress | null, string>({
      query: (tradeId) => `/address/searchByEntityId/${encodeURIComponent(tradeId)}`,
      transformResponse: (answer: Envelope<{ address: TradeAddress | null }>) => answer.data.address ?? null,
      providesTags: (_result, _error, tradeId) => addressTag(tradeId),
    }),
    createAddress: build.mutation<AddressChange, AddressInput>({
      query: (body) => ({ url: '/address/create', method: 'POST', body }),
      transformResponse: toAddressChange,
      invalidatesTags: (_result, _error, { entityId }) => addressChangeTags(entityId),
    }),
    updateAddress: build.mutation<AddressChange, AddressInput>({
      query: (body) => ({ url: '/address/update', method: 'PATCH', body }),
      transformResponse: toAddressChange,
      invalidatesTags: (_result, _error, { entityId }) => addressChangeTags(entityId),
    }),
    /** Addresses of the national address file that match what the owner has typed so far. */
    addressSuggestions: build.query<AddressSuggestion[], string>({
      query: (text) => ({ url: '/address/lookup', params: { q: text } }),
      transformResponse: (answer: Envelope<{ addresses?: AddressSuggestion[] }>) => answer.data.addresses ?? [],
    }),
  }),
});

export const { useTradeAddressQuery, useCreateAddressMutation, useUpdateAddressMutation, useAddressSuggestionsQuery } =
  addressApi;
