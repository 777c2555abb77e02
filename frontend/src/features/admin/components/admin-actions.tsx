import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { type DecisionStatus, type PaperStatus } from '@/shared/api';
import { Button, PaperStatusBadge, SectionCard, useToast } from '@/shared/ui';
import { useChangePaperStatusMutation } from '../api/admin-api';
import { decisionActions, statusUpdateFailedToast, statusUpdatedToast } from '../model/admin-messages';

/** The editorial decisions on /papers/{id}: shown to admins (access.changeStatus). */
export function AdminActions({ paperId, status }: { paperId: string; status: PaperStatus }) {
  const { toast } = useToast();
  const [changeStatus, { isLoading }] = useChangePaperStatusMutation();
  const [pending, setPending] = useState<DecisionStatus | null>(null);

  const decide = async (next: DecisionStatus) => {
    if (isLoading) return;
    setPending(next);
    try {
      const result = await changeStatus({ paperId, status: next }).unwrap();
      toast(statusUpdatedToast(next, result));
    } catch {
      toast(statusUpdateFailedToast);
    } finally {
      setPending(null);
    }
  };

  return (
    <SectionCard
      titleId="admin-actions-title"
      title="Admin Actions"
      icon={ShieldCheck}
      description={
        <>
          Current status: <PaperStatusBadge status={status} />
        </>
      }
      descriptionClassName="flex flex-wrap items-center gap-2"
    >
      <div role="group" aria-label="Change paper status" className="flex flex-wrap gap-2">
        {decisionActions.map((action) => {
          const current = action.status === status;
          return (
            <Button
              key={action.status}
              variant={action.status === 'rejected' ? 'destructive' : current ? 'secondary' : 'outline'}
              disabled={current || (isLoading && pending !== action.status)}
              isLoading={pending === action.status}
              aria-describedby={current ? 'admin-actions-current' : undefined}
              onClick={() => void decide(action.status)}
            >
              {action.label}
            </Button>
          );
        })}
      </div>
      <p id="admin-actions-current" className="sr-only">
        This is the paper&apos;s current status.
      </p>
    </SectionCard>
  );
}
