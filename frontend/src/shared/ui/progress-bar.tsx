import { cn } from '@/shared/lib/cn';

interface ProgressBarProps {
  /** 0-100; clamped. */
  value: number;
  /** Accessible name, e.g. 'Review progress' or 'Upload progress'. */
  label: string;
  className?: string;
}

export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={`${clamped}%`}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${clamped}%` }} />
    </div>
  );
}
