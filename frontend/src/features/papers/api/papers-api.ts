import {
  PUBLISHED_PAPERS_TAG,
  type PaperDetail,
  type PaperPage,
  type PaperStatusEvent,
  baseApi,
  paperTag,
  statusHistoryTag,
} from '@/shared/api';
import { env } from '@/shared/config/env';
import { PAPERS_PAGE_SIZE } from './first-page';

/** The citation styles the API answers as text; BibTeX and RIS are files (paperCitationHref). */
export type CitationTextFormat = 'apa' | 'mla';
export type CitationFileFormat = 'bibtex' | 'ris';

export interface ListPapersArgs {
  /** Free text; matched by the server against title, author names and abstract. */
  q: string;
  /** One of the spec's categories, or '' for all. */
  category: string;
}

export const papersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // "Load more" over the server's keyset cursor: each page asks for the one after the last.
    listPapers: build.infiniteQuery<PaperPage, ListPapersArgs, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/papers',
        params: {
          q: queryArg.q || undefined,
          category: queryArg.category || undefined,
          cursor: pageParam ?? undefined,
          limit: PAPERS_PAGE_SIZE,
        },
      }),
      providesTags: (result) => [
        PUBLISHED_PAPERS_TAG,
        ...(result?.pages.flatMap((page) => page.items.map((paper) => paperTag(paper.id))) ?? []),
      ],
    }),
    getPaper: build.query<PaperDetail, string>({
      query: (id) => `/papers/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [paperTag(id)],
    }),
    // Owner or admin; a status change or a revision invalidates it.
    getStatusHistory: build.query<PaperStatusEvent[], string>({
      query: (id) => `/papers/${encodeURIComponent(id)}/status-history`,
      providesTags: (_result, _error, id) => [statusHistoryTag(id)],
    }),
    // "How to cite" (published papers only): one line of plain text, made by the server from a CSL style.
    getPaperCitation: build.query<string, { id: string; format: CitationTextFormat }>({
      query: ({ id, format }) => ({ url: `/papers/${encodeURIComponent(id)}/citation`, params: { format }, responseHandler: 'text' }),
      providesTags: (_result, _error, { id }) => [paperTag(id)],
    }),
  }),
});

export const { useListPapersInfiniteQuery, useGetPaperQuery, useGetStatusHistoryQuery, useGetPaperCitationQuery } = papersApi;

/** Where the API serves a paper's PDF (after the same visibility check as the paper). */
export function paperPdfHref(id: string): string {
  return `${env.API_BASE_URL}/papers/${encodeURIComponent(id)}/pdf`;
}

/** Where the API serves a published paper's citation as a file to download (.bib, .ris). */
/** The editors' Crossref deposit of a published paper, as a file (cookie-authenticated like the PDF). */
export function paperCrossrefDepositHref(id: string): string {
  return `${env.API_BASE_URL}/papers/${encodeURIComponent(id)}/crossref-deposit`;
}

export function paperCitationHref(id: string, format: CitationFileFormat): string {
  return `${env.API_BASE_URL}/papers/${encodeURIComponent(id)}/citation?format=${format}`;
}
