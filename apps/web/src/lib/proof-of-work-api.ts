import type { ProofOfWorkChallenge } from '@churchtrades/shared/enquiries';
import type { Envelope } from '@churchtrades/shared/envelope';
import { api } from './api';

/** The proof-of-work challenge the widget solves: altcha-lib's object, passed on as it came. */
export type Challenge = ProofOfWorkChallenge['challenge'];

/**
 * The challenge a visitor without a session solves before sending a form: here rather than in a feature because the
 * enquiry form and the report of a review both ask it.
 */
export const proofOfWorkApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A fresh challenge each time the form asks: each is accepted once, for a few minutes. */
    proofOfWorkChallenge: build.query<Challenge, void>({
      query: () => '/enquiries/challenge',
      transformResponse: (answer: Envelope<ProofOfWorkChallenge>) => answer.data.challenge,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useProofOfWorkChallengeQuery } = proofOfWorkApi;
