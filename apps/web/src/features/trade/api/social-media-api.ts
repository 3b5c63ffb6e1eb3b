import type { Envelope } from '@churchtrades/shared/envelope';
import type { SocialMediaInput } from '@churchtrades/shared/social-media';
import type { SocialMediaEntry } from '@churchtrades/shared/trade-dashboard';
import { api } from '../../../lib/api';

const socialMediaTag = (tradeId: string) => [{ type: 'SocialMedia' as const, id: tradeId }];
// A website entry is the business's website, on its search card and its own record: those are read again too.
const socialMediaChangeTags = (tradeId: string) => [...socialMediaTag(tradeId), 'Trade' as const];

/** The server's message, for the toast. */
const toMessage = (answer: Envelope<unknown>) => answer.message;

const socialMediaApi = api.injectEndpoints({
  endpoints: (build) => ({
    tradeSocialMedia: build.query<SocialMediaEntry[], string>({
      query: (tradeId) => `/socialMedia/searchByEntityId/${encodeURIComponent(tradeId)}`,
      transformResponse: (answer: Envelope<{ socialMedias?: SocialMediaEntry[] }>) => answer.data.socialMedias ?? [],
      providesTags: (_result, _error, tradeId) => socialMediaTag(tradeId),
    }),
    createSocialMedia: build.mutation<string, SocialMediaInput>({
      query: (body) => ({ url: '/socialMedia/create', method: 'POST', body }),
      transformResponse: toMessage,
      invalidatesTags: (_result, _error, { entityId }) => socialMediaChangeTags(entityId),
    }),
    updateSocialMedia: build.mutation<string, SocialMediaInput>({
      query: (body) => ({ url: '/socialMedia/update', method: 'PATCH', body }),
      transformResponse: toMessage,
      invalidatesTags: (_result, _error, { entityId }) => socialMediaChangeTags(entityId),
    }),
    /** Only the id is sent; the business's id names the list to reload. */
    deleteSocialMedia: build.mutation<string, { id: string; entityId: string }>({
      query: ({ id }) => ({ url: '/socialMedia/delete', method: 'PATCH', body: { id } }),
      transformResponse: toMessage,
      invalidatesTags: (_result, _error, { entityId }) => socialMediaChangeTags(entityId),
    }),
  }),
});

export const {
  useTradeSocialMediaQuery,
  useCreateSocialMediaMutation,
  useUpdateSocialMediaMutation,
  useDeleteSocialMediaMutation,
} = socialMediaApi;
