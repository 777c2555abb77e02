// No imports: vite.config.ts reads this file to write the URL into the build's route preloads.

/** Page size of /papers; the API allows 1-50 (default 12). */
export const PAPERS_PAGE_SIZE = 12;

/**
 * What /papers asks the API for first when its address carries no search: the unfiltered first
 * page, as fetchBaseQuery writes it (absent parameters left out). The page's HTML preloads this
 * very URL (route-preloads.json), so a change to the list's query must be made here as well.
 */
export function firstPapersPageUrl(apiBaseUrl: string): string {
  return `${apiBaseUrl}/papers?limit=${PAPERS_PAGE_SIZE}`;
}
