import type { Envelope } from '@churchtrades/shared/envelope';
import type { StillTradingPeriodInput, StillTradingSetting } from '@churchtrades/shared/still-trading';
import { api } from '../../../../lib/api';

const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The still-trading period, and who last changed it. */
    stillTradingSetting: build.query<StillTradingSetting, void>({
      query: () => ({ url: '/settings/stillTrading' }),
      transformResponse: (answer: Envelope<{ setting: StillTradingSetting }>) => answer.data.setting,
    }),
    saveStillTradingSetting: build.mutation<{ message: string; setting: StillTradingSetting }, StillTradingPeriodInput>({
      query: (body) => ({ url: '/settings/stillTrading', method: 'PUT', body }),
      transformResponse: (answer: Envelope<{ setting: StillTradingSetting }>) => ({
        message: answer.message,
        setting: answer.data.setting,
      }),
      // The answer is the setting as saved: the page shows it without asking again.
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(settingsApi.util.upsertQueryData('stillTradingSetting', undefined, data.setting));
      },
    }),
  }),
});

export const { useStillTradingSettingQuery, useSaveStillTradingSettingMutation } = settingsApi;
