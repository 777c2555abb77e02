import { type FormEvent, useState } from 'react';
import { toApiError } from '@/shared/api';
import { Button, Dialog, TextAreaField, useToast } from '@/shared/ui';
import { useDeclineReviewMutation } from '../api/review-api';
import { declineErrorToast, reviewToasts } from '../model/review-messages';

/** The server's limit for a reason (DeclineReviewDto). */
export const DECLINE_REASON_MAX_LENGTH = 2000;

export const DECLINE_STRINGS = {
  open: 'Decline this review',
  title: 'Decline this review',
  description: 'The paper goes back to the editors, who can assign it to another reviewer. You will no longer see this review.',
  reason: 'Reason for declining',
  reasonHint: 'The editors will see your reason.',
  reasonMissing: 'Please tell the editors why you are declining this review.',
  confirm: 'Confirm',
  cancel: 'Cancel',
} as const;

interface DeclineReviewDialogProps {
  reviewId: string;
  /** After the server has recorded it: the review is gone for the reviewer. */
  onDeclined: () => void;
  disabled?: boolean;
}

/** The reviewer gives an assignment back, with a reason for the editors. */
export function DeclineReviewDialog({ reviewId, onDeclined, disabled }: DeclineReviewDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" disabled={disabled} onClick={() => setOpen(true)}>
        {DECLINE_STRINGS.open}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={DECLINE_STRINGS.title} description={DECLINE_STRINGS.description}>
        {/* Inside the dialog, so cancelling forgets what was written. */}
        <DeclineForm reviewId={reviewId} onCancel={() => setOpen(false)} onDeclined={onDeclined} />
      </Dialog>
    </>
  );
}

function DeclineForm({ reviewId, onCancel, onDeclined }: { reviewId: string; onCancel: () => void; onDeclined: () => void }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [decline, { isLoading }] = useDeclineReviewMutation();
  const { toast } = useToast();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // React sends a portal's events up its component tree: no form around the dialog sees this one.
    event.stopPropagation();
    // The server refuses a blank reason too; saying so here spares the round trip.
    if (reason.trim() === '') {
      setProblem(DECLINE_STRINGS.reasonMissing);
      return;
    }
    try {
      await decline({ id: reviewId, declineReason: reason.trim() }).unwrap();
      toast(reviewToasts.declined);
      onDeclined();
    } catch (error) {
      const refused = declineErrorToast(toApiError(error));
      toast(refused);
      // Said inside the form too: the open dialog hides the toasts from screen readers.
      setFailure(refused.description ?? refused.title);
    }
  };

  return (
    <form aria-label="Decline the review" noValidate className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
      <TextAreaField
        label={DECLINE_STRINGS.reason}
        hint={DECLINE_STRINGS.reasonHint}
        error={problem}
        rows={5}
        required
        maxLength={DECLINE_REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setProblem(undefined);
        }}
      />
      {failure && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" disabled={isLoading} onClick={onCancel}>
          {DECLINE_STRINGS.cancel}
        </Button>
        <Button type="submit" variant="destructive" isLoading={isLoading}>
          {DECLINE_STRINGS.confirm}
        </Button>
      </div>
    </form>
  );
}
