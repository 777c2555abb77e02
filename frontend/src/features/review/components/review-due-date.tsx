import { formatDate } from '@/shared/lib/format-date';

/** "Due <date>", and an "Overdue" badge in words (not colour alone) once the date has passed unsubmitted. */
export function ReviewDueDate({ dueAt, overdue }: { dueAt: string; overdue: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span>Due {formatDate(dueAt)}</span>
      {overdue && <span className="inline-flex items-center rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">Overdue</span>}
    </span>
  );
}
