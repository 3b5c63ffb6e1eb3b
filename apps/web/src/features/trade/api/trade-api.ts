import { IMAGE_FILE_FIELD } from '@churchtrades/shared/account-requests';
import type { Envelope } from '@churchtrades/shared/envelope';
import type { ResubmitTradeInput } from '@churchtrades/shared/moderation';
import type { OwnStillTradingConfirmation } from '@churchtrades/shared/still-trading';
import type { NewTradeInput, OwnTrade } from '@churchtrades/shared/trade-dashboard';
import type { ChurchPriest, TradeProfileInput } from '@churchtrades/shared/trade-profile';
import { api } from '../../../lib/api';

/** A change to the business: the business as it now is, and the server's message for the toast. */
export interface TradeChange {
  trade: OwnTrade;
  message: string;
}

/** The switches of the Settings page (SPEC §4: the locked and expired toggles are not used there). */
export type TradeToggle = 'ENABLED' | 'AT_CLIENT' | 'AT_BUSINESS' | 'AT_ONLINE';

const TOGGLE_PATHS: Readonly<Record<TradeToggle, string>> = {
  ENABLED: '/trades/toggleEnabled',
  AT_CLIENT: '/trades/toggletradeatclient',
  AT_BUSINESS: '/trades/toggletradeatbusiness',
  AT_ONLINE: '/trades/toggletradeonline',
};

const toTradeChange = (answer: Envelope<{ trade: OwnTrade }>): TradeChange => ({
  trade: answer.data.trade,
  message: answer.message,
});

const ownTradeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The business a user owns, or null before they list one. */
    ownTrade: build.query<OwnTrade | null, string>({
      query: (userId) => `/trades/byUser/${encodeURIComponent(userId)}`,
      transformResponse: (answer: Envelope<{ trade: OwnTrade | null }>) => answer.data.trade ?? null,
      providesTags: ['Trade'],
    }),
  }),
});

const churchPriestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The priests a business of the church may name, by name. */
    churchPriests: build.query<ChurchPriest[], string>({
      query: (churchId) => ({ url: '/churches/priests', params: { churchId } }),
      transformResponse: (answer: Envelope<{ priests: ChurchPriest[] }>) => answer.data.priests,
    }),
  }),
});

function rememberTrade(trade: OwnTrade) {
  return ownTradeApi.util.upsertQueryData('ownTrade', trade.owner.userId, trade);
}

/**
 * The answer's business is shown at once, so a switch or a logo does not flick back to its old state while
 * the reload that SPEC §4 asks for is under way.
 */
async function showChangedTrade(
  _arg: unknown,
  {
    dispatch,
    queryFulfilled,
  }: {
    dispatch: (action: ReturnType<typeof rememberTrade>) => unknown;
    queryFulfilled: Promise<{ data: TradeChange }>;
  },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(rememberTrade(data.trade));
  } catch {
    // The screen shows the error; the cached business is still right.
  }
}

/** A picture of the business to upload: its logo or its cover picture. */
interface PictureUpload {
  tradeId: string;
  file: File;
}

function pictureForm({ tradeId, file }: PictureUpload): FormData {
  const body = new FormData();
  // The id before the file: a server reading the upload as a stream meets it first.
  body.append('tradeId', tradeId);
  body.append(IMAGE_FILE_FIELD, file);
  return body;
}

const tradeChangesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTrade: build.mutation<TradeChange, NewTradeInput>({
      query: (body) => ({ url: '/trades/new', method: 'POST', body }),
      transformResponse: toTradeChange,
      onQueryStarted: showChangedTrade,
      invalidatesTags: ['Trade'],
    }),
    updateTradeProfile: build.mutation<TradeChange, TradeProfileInput>({
      query: (body) => ({ url: '/trades/updateTradeProfile', method: 'PATCH', body }),
      transformResponse: toTradeChange,
      onQueryStarted: showChangedTrade,
      invalidatesTags: ['Trade'],
    }),
    changeLogo: build.mutation<TradeChange, PictureUpload>({
      query: (upload) => ({ url: '/trades/logo', method: 'PATCH', body: pictureForm(upload) }),
      transformResponse: toTradeChange,
      onQueryStarted: showChangedTrade,
      invalidatesTags: ['Trade'],
    }),
    /** The cover picture at the top of the business's page (SPEC §3 `image`). */
    changeCoverPicture: build.mutation<TradeChange, PictureUpload>({
      query: (upload) => ({ url: '/trades/image', method: 'PATCH', body: pictureForm(upload) }),
      transformResponse: toTradeChange,
      onQueryStarted: showChangedTrade,
      invalidatesTags: ['Trade'],
    }),
    /** Flips one switch of the business (SPEC §4), after which the business is reloaded. */
    toggleTrade: build.mutation<TradeChange, { toggle: TradeToggle; tradeId: string }>({
      query: ({ toggle, tradeId }) => ({ url: TOGGLE_PATHS[toggle], method: 'PATCH', params: { key: tradeId } }),
      transformResponse: toTradeChange,
      onQueryStarted: showChangedTrade,
      invalidatesTags: ['Trade'],
    }),
    /** The owner says their business is still trading, while the question is open; the business is reloaded. */
    confirmOwnStillTrading: build.mutation<{ message: string }, OwnStillTradingConfirmation>({
      query: (body) => ({ url: '/trades/stillTrading/own', method: 'PATCH', body }),
      transformResponse: (answer: Envelope<unknown>) => ({ message: answer.message }),
      invalidatesTags: ['Trade'],
    }),
    /** The owner of a rejected business puts it back in front of a moderator. */
    resubmitTrade: build.mutation<TradeChange, ResubmitTradeInput>({
      query: (body) => ({ url: '/trades/resubmit', method: 'PATCH', body }),
      transformResponse: toTradeChange,
      onQueryStarted: showChangedTrade,
      invalidatesTags: ['Trade'],
    }),
  }),
});

export const { useOwnTradeQuery } = ownTradeApi;
export const { useChurchPriestsQuery } = churchPriestsApi;
export const {
  useListTradeMutation,
  useUpdateTradeProfileMutation,
  useChangeLogoMutation,
  useChangeCoverPictureMutation,
  useToggleTradeMutation,
  useResubmitTradeMutation,
  useConfirmOwnStillTradingMutation,
} = tradeChangesApi;
