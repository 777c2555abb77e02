import { type ReviewStatus } from '@/shared/api';
import { cn } from '@/shared/lib/cn';
import { reviewStatusLabels } from '@/shared/lib/review-status';

const toneClasses: Record<ReviewStatus, string> = {
  assigned: 'bg-yellow-100 text-yellow-900',
  in_progress: 'bg-blue-100 text-blue-900',
  submitted: 'bg-green-100 text-green-900',
  declined: 'bg-gray-200 text-gray-900',
};

export function ReviewStatusBadge({ status, className }: { status: ReviewStatus; className?: string }) {
  return (
    <span
      data-status={status}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', toneClasses[status], className)}
    >
      <span className="sr-only">Review status: </span>
      {reviewStatusLabels[status]}
    </span>
  );
}
