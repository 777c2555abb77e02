import { ExternalLink, Mail } from 'lucide-react';
import { paths } from '@/shared/config/paths';
import { formatDateTime } from '@/shared/lib/format-date';
import { SectionCard } from '@/shared/ui';
import { useGetEmailOutboxSummaryQuery } from '../api/admin-api';

/**
 * Outgoing e-mail at a glance, from the outbox (the source of truth, not the queue): what waits,
 * what is being retried and when, what failed for good, what went out today. Bull Board has
 * the detail of each job.
 */
export function EmailOutboxCard() {
  const { data, isError } = useGetEmailOutboxSummaryQuery(undefined, { refetchOnMountOrArgChange: true });
  const value = (count: number | undefined) => (data ? String(count) : isError ? 'unavailable' : '—');

  const rows: ReadonlyArray<{ label: string; count: number | undefined; detail?: string }> = [
    { label: 'Waiting to send', count: data?.waiting },
    {
      label: 'Retrying',
      count: data?.retrying,
      detail: data?.nextRetryAt ? `next attempt ${formatDateTime(data.nextRetryAt)}` : undefined,
    },
    { label: 'Failed permanently', count: data?.failed },
    { label: 'Sent in the last 24 hours', count: data?.sentLastDay },
  ];

  return (
    <SectionCard
      title="Outgoing email"
      icon={Mail}
      description={isError ? 'The email counts could not be loaded.' : 'Emails that cannot be delivered yet are retried for about a day.'}
      contentClassName="grid gap-4"
    >
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {rows.map((row) => (
          <div key={row.label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-sm font-medium text-slate-600">{row.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{value(row.count)}</dd>
            {row.detail ? <dd className="mt-1 text-xs text-slate-600">{row.detail}</dd> : null}
          </div>
        ))}
      </dl>
      {/* Bull Board is served by the API server: a full page load, not a router link. */}
      <a
        href={paths.adminQueues.getHref()}
        className="inline-flex w-fit items-center gap-1 text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        Each job in the email queue
        <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
      </a>
    </SectionCard>
  );
}
