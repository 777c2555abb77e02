import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { type PaperStageName, type PaperStatus } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/lib/format-date';
import { isPaperStageName, paperStageLabels, paperStageNames, paperStageWords } from '@/shared/lib/paper-stage';
import { isPaperStatus, paperStatusLabel, paperStatuses } from '@/shared/lib/paper-status';
import { LoadMore, PaperStatusBadge, SelectField, Spinner, TextField, useToast } from '@/shared/ui';
import { useGetAdminPapersInfiniteQuery } from '../api/admin-api';
import {
  ADMIN_PAPERS_LOAD_ERROR,
  ADMIN_SEARCH_MAX_LENGTH,
  SEARCH_DEBOUNCE_MS,
  emptyPapersMessage,
} from '../model/admin-messages';

const filterOptions = [
  { value: '', label: 'All Statuses' },
  ...paperStatuses.map((status) => ({ value: status, label: paperStatusLabel(status) })),
];

const stageOptions = [
  { value: '', label: 'All Stages' },
  ...paperStageNames.map((stage) => ({ value: stage, label: paperStageLabels[stage] })),
];

/** The text once typing has paused, so a search is sent per pause rather than per keystroke. */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Every paper of the journal, newest first, searched on the server, filtered by status, with "Load more". */
export function PaperManagement() {
  const [status, setStatus] = useState<PaperStatus | null>(null);
  const [stage, setStage] = useState<PaperStageName | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const { toast } = useToast();
  const { currentData, isFetching, isError, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useGetAdminPapersInfiniteQuery({ status, q, stage });

  useEffect(() => {
    if (isError) toast({ title: 'Error', description: ADMIN_PAPERS_LOAD_ERROR, variant: 'destructive' });
  }, [isError, toast]);

  // currentData belongs to this filter only: a new filter shows the spinner, not the previous rows.
  const papers = currentData?.pages.flatMap((page) => page.items) ?? [];
  const loading = currentData === undefined && isFetching;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-xl font-semibold text-slate-900">Papers</h2>
        <TextField
          label="Search papers"
          type="search"
          containerClassName="w-full sm:w-72"
          placeholder="Title, author name or e-mail"
          maxLength={ADMIN_SEARCH_MAX_LENGTH}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <SelectField
          label="Filter by status"
          containerClassName="w-56"
          options={filterOptions}
          value={status ?? ''}
          onChange={(event) => setStatus(isPaperStatus(event.target.value) ? event.target.value : null)}
        />
        <SelectField
          label="Filter by stage"
          containerClassName="w-56"
          options={stageOptions}
          value={stage ?? ''}
          onChange={(event) => setStage(isPaperStageName(event.target.value) ? event.target.value : null)}
        />
      </div>
      {loading ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" label="Loading papers" />
        </div>
      ) : isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 py-12 text-center text-red-800">
          {ADMIN_PAPERS_LOAD_ERROR}
        </p>
      ) : papers.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white py-12 text-center text-slate-700">
          {emptyPapersMessage(status, q, stage)}
        </p>
      ) : (
        <>
          {/* relative: the badges' screen-reader text is positioned absolutely, and only a positioned
              scroll box keeps it inside instead of widening the whole page on a phone. */}
          <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                {status === null ? 'All papers' : `Papers with status ${paperStatusLabel(status)}`}
                {stage !== null && `, at the stage ${paperStageLabels[stage]}`}
                {q && `, matching “${q}”`}
              </caption>
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">Title</th>
                  <th scope="col" className="px-4 py-3">Authors</th>
                  <th scope="col" className="px-4 py-3">Category</th>
                  <th scope="col" className="px-4 py-3">Status</th>
                  <th scope="col" className="px-4 py-3">Stage</th>
                  <th scope="col" className="px-4 py-3">Submitted</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {papers.map((paper) => (
                  <tr key={paper.id}>
                    <td className="px-4 py-3">
                      <Link
                        to={paths.paper.getHref(paper.id)}
                        className="rounded font-medium text-indigo-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                      >
                        {paper.title}
                      </Link>
                      {paper.pendingVersions > 0 && (
                        <span className="ml-2 whitespace-nowrap rounded bg-amber-100 px-1.5 text-xs text-amber-900">Updated PDF pending</span>
                      )}
                    </td>
                    <td className="px-4 py-3 text-slate-700">{paper.authors.join(', ')}</td>
                    <td className="px-4 py-3 text-slate-700">{paper.category}</td>
                    <td className="px-4 py-3">
                      <PaperStatusBadge status={paper.status} />
                    </td>
                    <td className="px-4 py-3 text-slate-700" data-stage={paper.stage.name}>
                      {paperStageWords(paper.stage)}
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                      <time dateTime={paper.submittedAt}>{formatDate(paper.submittedAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore hasNextPage={hasNextPage} isFetching={isFetchingNextPage} onLoadMore={() => void fetchNextPage()} />
        </>
      )}
    </div>
  );
}
