import { type ReactNode } from 'react';
import { Construction, ShieldAlert } from 'lucide-react';
import { cn } from '@/shared/lib/cn';

export function PageContainer({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8', className)}>{children}</div>;
}

interface NotBuiltYetProps {
  title: string;
  children?: ReactNode;
}

/** Placeholder for a part of the journal a later release builds; it says so plainly. */
export function NotBuiltYet({ title, children }: NotBuiltYetProps) {
  return (
    <PageContainer>
      <section className="mx-auto max-w-2xl rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <Construction className="mx-auto h-10 w-10 text-amber-500" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">This part of the journal is not built yet. It is coming in a later release.</p>
        {children && <div className="mt-6">{children}</div>}
      </section>
    </PageContainer>
  );
}

interface AccessDeniedProps {
  message: string;
}

export function AccessDenied({ message }: AccessDeniedProps) {
  return (
    <PageContainer>
      <section className="mx-auto max-w-xl rounded-xl border border-red-200 bg-red-50 p-10 text-center">
        <ShieldAlert className="mx-auto h-10 w-10 text-red-600" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-red-900">Access Denied</h1>
        <p className="mt-2 text-red-800">{message}</p>
      </section>
    </PageContainer>
  );
}
