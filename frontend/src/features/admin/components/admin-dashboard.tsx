import { ExternalLink, FileText, Mail, Users } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type StageCounts, type StatusCounts } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { paperStageLabels } from '@/shared/lib/paper-stage';
import { paperStatusLabel, paperStatuses } from '@/shared/lib/paper-status';
import { Button, SectionCard } from '@/shared/ui';
import { useGetStatusCountsQuery } from '../api/admin-api';
import { AdminTabs } from './admin-tabs';
import { EmailOutboxCard } from './email-outbox-card';
import { PaperManagement } from './paper-management';

type TabId = 'papers' | 'reviewers' | 'messages' | 'rubric';
const TAB_IDS: readonly TabId[] = ['papers', 'reviewers', 'messages', 'rubric'];

/** `?tab=messages` opens a tab at once: the e-mail about a reviewer's message leads to the Messages tab. */
function tabOf(query: string | null): TabId {
  return TAB_IDS.find((id) => id === query) ?? 'papers';
}

const tiles: ReadonlyArray<{ key: Exclude<keyof StatusCounts, 'stages'>; label: string }> = [
  { key: 'all', label: 'All' },
  ...paperStatuses.map((status) => ({ key: status, label: paperStatusLabel(status) })),
];

/** The papers before a decision by stage (issue 27): who must act next. */
export const stageTiles: ReadonlyArray<{ key: keyof StageCounts; label: string }> = [
  { key: 'submitted', label: 'New submissions' },
  { key: 'awaiting_reviewer', label: paperStageLabels.awaiting_reviewer },
  { key: 'in_review', label: paperStageLabels.in_review },
  { key: 'revisions_requested', label: 'Waiting on authors' },
  { key: 'revised', label: paperStageLabels.revised },
];

export const ADMIN_TAGLINE = 'Review and manage research papers from young American scientists.';

interface AdminDashboardProps {
  /** The Reviewer Management tab's assignment and invitation parts, from the review and invitations features (the page composes them). */
  reviewerManagement: ReactNode;
  /** The Messages tab and its unread badge, from the messages feature. */
  messages: { panel: ReactNode; badge: ReactNode };
  /** The editor's own ORCID card, from the orcid feature. */
  orcid?: ReactNode;
  /** The Review Rubric tab's editor, from the review feature. */
  rubric?: ReactNode;
}

/** /admin: counts, the papers table, reviewers, messages and the review rubric, in tabs. */
export function AdminDashboard({ reviewerManagement, messages, orcid, rubric }: AdminDashboardProps) {
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<TabId>(() => tabOf(searchParams.get('tab')));
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  const { data: counts, isError: countsFailed } = useGetStatusCountsQuery();

  const openTab = (id: TabId) => {
    setTab(id);
    tabRefs.current[id]?.focus();
  };

  return (
    <div className="grid gap-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Admin Dashboard</h1>
          <p className="mt-1 text-slate-600">Manage research paper submissions, reviews, and reviewers</p>
        </div>
        {/* Bull Board is served by the API server: a full page load, not a router link. */}
        <a
          href={paths.adminQueues.getHref()}
          className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <Mail className="h-4 w-4" aria-hidden="true" />
          Email queue
          <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
        </a>
      </header>

      <section aria-label="Editorial shortcuts" className="grid gap-4">
        <p className="text-lg text-slate-700">
          {ADMIN_TAGLINE}
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <SectionCard
            title="Review Papers"
            icon={FileText}
            description="See every submission, filter by status and open a paper to decide on it."
          >
            <Button onClick={() => openTab('papers')}>Go to Admin Dashboard</Button>
          </SectionCard>
          <SectionCard title="Manage Reviews" icon={Users} description="Reviewers, their invitations and assignments.">
            <Button variant="outline" onClick={() => openTab('reviewers')}>
              Go to Reviewer Management
            </Button>
          </SectionCard>
        </div>
        {orcid}
      </section>

      <section aria-labelledby="status-counts-title">
        <h2 id="status-counts-title" className="sr-only">
          Papers by status
        </h2>
        <ul aria-labelledby="status-counts-title" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {tiles.map((tile) => (
            <li
              key={tile.key}
              aria-label={`${tile.label}: ${counts ? counts[tile.key] : countsFailed ? 'unavailable' : 'loading'}`}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <p className="text-sm font-medium text-slate-600">{tile.label}</p>
              <p className="mt-1 text-2xl font-bold text-slate-900">{counts ? counts[tile.key] : '—'}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="stage-counts-title">
        <h2 id="stage-counts-title" className="sr-only">
          Papers in review by stage
        </h2>
        <ul aria-labelledby="stage-counts-title" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {stageTiles.map((tile) => (
            <li
              key={tile.key}
              aria-label={`${tile.label}: ${counts ? counts.stages[tile.key] : countsFailed ? 'unavailable' : 'loading'}`}
              className="rounded-xl border border-slate-200 bg-slate-50 p-4"
            >
              <p className="text-sm font-medium text-slate-600">{tile.label}</p>
              <p className="mt-1 text-2xl font-bold text-slate-900">{counts ? counts.stages[tile.key] : '—'}</p>
            </li>
          ))}
        </ul>
      </section>

      <EmailOutboxCard />

      <AdminTabs
        label="Admin sections"
        selected={tab}
        onSelect={setTab}
        tabRefs={tabRefs}
        tabs={[
          { id: 'papers', label: 'Paper Management', panel: <PaperManagement /> },
          {
            id: 'reviewers',
            label: 'Reviewer Management',
            panel: <div className="grid gap-6">{reviewerManagement}</div>,
          },
          { id: 'messages', label: 'Messages', badge: messages.badge, panel: messages.panel },
          ...(rubric ? [{ id: 'rubric' as const, label: 'Review Rubric', panel: rubric }] : []),
        ]}
      />
    </div>
  );
}
