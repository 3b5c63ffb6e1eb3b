import type { Envelope } from '@churchtrades/shared/envelope';
import type { StillTradingConfirmed, StillTradingQuestion } from '@churchtrades/shared/still-trading';
import { api } from '../../../lib/api';

/** The answer to a yes: what the server said, and where the business stands now. */
export interface StillTradingAnswer {
  message: string;
  stillTrading: StillTradingConfirmed;
}

const stillTradingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What the e-mailed link asks about; reading it confirms nothing. */
    stillTradingQuestion: build.query<StillTradingQuestion, string>({
      query: (token) => ({ url: '/trades/stillTrading', params: { token } }),
      transformResponse: (answer: Envelope<{ question: StillTradingQuestion }>) => answer.data.question,
    }),
    /** "Yes, still trading" from the e-mailed link: a POST, so a mail scanner following the link confirms nothing. */
    confirmStillTrading: build.mutation<StillTradingAnswer, string>({
      query: (token) => ({ url: '/trades/stillTrading', method: 'POST', body: { token } }),
      transformResponse: (answer: Envelope<{ stillTrading: StillTradingConfirmed }>) => ({
        message: answer.message,
        stillTrading: answer.data.stillTrading,
      }),
      invalidatesTags: ['Trade'],
    }),
  }),
});

export const { useStillTradingQuestionQuery, useConfirmStillTradingMutation } = stillTradingApi;
