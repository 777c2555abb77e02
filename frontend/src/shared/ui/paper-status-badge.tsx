import { cn } from '@/shared/lib/cn';

// The spec's colours (section 4): submitted yellow, under_review blue, accepted and published
// green, rejected red, anything else gray.
const statusStyles: Record<string, { label: string; className: string }> = {
  submitted: { label: 'Submitted', className: 'bg-yellow-100 text-yellow-900' },
  under_review: { label: 'Under Review', className: 'bg-blue-100 text-blue-900' },
  accepted: { label: 'Accepted', className: 'bg-green-100 text-green-900' },
  published: { label: 'Published', className: 'bg-green-100 text-green-900' },
  rejected: { label: 'Rejected', className: 'bg-red-100 text-red-900' },
};

const GRAY = 'bg-gray-100 text-gray-900';

function labelOf(status: string): string {
  return status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function PaperStatusBadge({ status, className }: { status: string; className?: string }) {
  const style = statusStyles[status] ?? { label: labelOf(status), className: GRAY };
  return (
    <span
      data-status={status}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', style.className, className)}
    >
      <span className="sr-only">Status: </span>
      {style.label}
    </span>
  );
}
