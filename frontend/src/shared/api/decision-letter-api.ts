import { baseApi } from './base-api';
import { type DecisionLetter, type DecisionLetterPreviewRequest } from './types';

// The letter a decision (the admin feature) or a revision request (the revisions feature) sends
// the author, previewed before sending: one endpoint both use, here as neither may import the other.
export const decisionLetterApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // A preview records nothing, so it changes no cached data.
    previewDecisionLetter: build.mutation<DecisionLetter, { paperId: string } & DecisionLetterPreviewRequest>({
      query: ({ paperId, ...body }) => ({ url: `/papers/${encodeURIComponent(paperId)}/decision-letter/preview`, method: 'POST', body }),
    }),
  }),
});

export const { usePreviewDecisionLetterMutation } = decisionLetterApi;
