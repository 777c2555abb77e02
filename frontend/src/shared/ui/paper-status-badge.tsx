import { cn } from '@/shared/lib/cn';
import { paperStatusDetail, type StatusTone } from '@/shared/lib/paper-status';

// The spec's colours (section 4), one class per tone.
const toneClasses: Record<StatusTone, string> = {
  yellow: 'bg-yellow-100 text-yellow-900',
  blue: 'bg-blue-100 text-blue-900',
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
  gray: 'bg-gray-100 text-gray-900',
};

export function PaperStatusBadge({ status, className }: { status: string; className?: string }) {
  const { label, tone } = paperStatusDetail(status);
  return (
    <span
      data-status={status}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', toneClasses[tone], className)}
    >
      <span className="sr-only">Status: </span>
      {label}
    </span>
  );
}
