// Public face of the papers feature: pages and app/ import from here only.
export {
  papersApi,
  paperCitationHref,
  paperPdfHref,
  useGetPaperQuery,
  useGetStatusHistoryQuery,
  useListPapersInfiniteQuery,
} from './api/papers-api';
export { PAPERS_PAGE_SIZE, firstPapersPageUrl } from './api/first-page';
export { PaperCardView } from './components/paper-card';
export { PaperCitation, CITATION_COPY_ERROR, CITATION_LOAD_ERROR } from './components/paper-citation';
export { PaperDetailView, PAPER_FORBIDDEN, PAPER_LOAD_ERROR } from './components/paper-detail-view';
export { PapersBrowser, NO_MATCHES, NOTHING_PUBLISHED, PAPERS_LOAD_ERROR } from './components/papers-browser';
export { SEARCH_DEBOUNCE_MS, usePaperSearch } from './model/use-paper-search';
export { StatusTimeline, STATUS_HISTORY_LOAD_ERROR } from './components/status-timeline';
