import { type PaperStatus } from '@/shared/api';
import { cn } from '@/shared/lib/cn';

const statusStyles: Record<PaperStatus, { label: string; className: string }> = {
  submitted: { label: 'Submitted', className: 'bg-sky-100 text-sky-900' },
  under_review: { label: 'Under Review', className: 'bg-amber-100 text-amber-900' },
  accepted: { label: 'Accepted', className: 'bg-violet-100 text-violet-900' },
  published: { label: 'Published', className: 'bg-emerald-100 text-emerald-900' },
  rejected: { label: 'Rejected', className: 'bg-red-100 text-red-900' },
};

export function PaperStatusBadge({ status }: { status: PaperStatus }) {
  const style = statusStyles[status];
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', style.className)}>
      <span className="sr-only">Status: </span>
      {style.label}
    </span>
  );
}
