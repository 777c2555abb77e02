import { useDeferredValue, useEffect } from 'react';
import { LoadMore, Spinner, useToast } from '@/shared/ui';
import { useListPapersInfiniteQuery } from '../api/papers-api';
import { usePaperSearch } from '../model/use-paper-search';
import { PaperCardView } from './paper-card';
import { PaperSearchBar } from './paper-search-bar';

export const PAPERS_LOAD_ERROR = 'Failed to load papers. Please try again.';
export const NOTHING_PUBLISHED = 'No papers have been published yet. Be the first to contribute!';
export const NO_MATCHES = 'No papers found matching your criteria.';

/** /papers: server-side search and category filter kept in the URL, with "Load more". */
export function PapersBrowser() {
  const { q, category, draft, setDraft, setCategory } = usePaperSearch();
  const { toast } = useToast();
  // The list renders at a transition's priority, in slices between which the browser may paint
  // and take input, rather than in the one long task in which the store announces the answer.
  const { data, isLoading, isFetching, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useDeferredValue(
    useListPapersInfiniteQuery({ q, category }),
  );

  useEffect(() => {
    if (isError) toast({ title: 'Error', description: PAPERS_LOAD_ERROR, variant: 'destructive' });
  }, [isError, toast]);

  const papers = data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = q !== '' || category !== '';
  // A new search or filter shows the spinner instead of the previous search's results.
  const searching = isLoading || (isFetching && !isFetchingNextPage);

  return (
    <div className="grid gap-6">
      <PaperSearchBar draft={draft} onDraftChange={setDraft} category={category} onCategoryChange={setCategory} />
      {searching ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="Loading papers" />
        </div>
      ) : isError ? (
        <p className="py-16 text-center text-slate-600">{PAPERS_LOAD_ERROR}</p>
      ) : papers.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white py-16 text-center text-slate-700">
          {filtered ? NO_MATCHES : NOTHING_PUBLISHED}
        </p>
      ) : (
        <>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-label="Published papers">
            {papers.map((paper) => (
              <li key={paper.id}>
                <PaperCardView paper={paper} />
              </li>
            ))}
          </ul>
          <LoadMore hasNextPage={hasNextPage} isFetching={isFetchingNextPage} onLoadMore={() => void fetchNextPage()} />
        </>
      )}
    </div>
  );
}
