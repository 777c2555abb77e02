import { Loader2 } from 'lucide-react';
import { cn } from '@/shared/lib/cn';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name; null when a surrounding element already says what is loading. */
  label?: string | null;
  className?: string;
}

const sizes = { sm: 'h-4 w-4', md: 'h-6 w-6', lg: 'h-10 w-10' } as const;

export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  if (label === null) {
    return <Loader2 aria-hidden="true" className={cn('animate-spin', sizes[size], className)} />;
  }
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <Loader2 aria-hidden="true" className={cn('animate-spin text-indigo-600', sizes[size], className)} />
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}
