import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { type DecisionStatus, type PaperStatus, toApiError, usePreviewDecisionLetterMutation } from '@/shared/api';
import { Button, LetterPreview, letterPreviewErrorToast, PaperStatusBadge, ReviewsToShare, SectionCard, type ShareableReview, TextAreaField, useToast } from '@/shared/ui';
import { useChangePaperStatusMutation } from '../api/admin-api';
import { decisionActions, decisionLetterWords, LETTER_DECISIONS, statusUpdateFailedToast, statusUpdatedToast } from '../model/admin-messages';

const sendsLetter = (status: DecisionStatus): status is (typeof LETTER_DECISIONS)[number] => (LETTER_DECISIONS as readonly DecisionStatus[]).includes(status);

/**
 * The editorial decisions on /papers/{id}: shown to admins (access.changeStatus). An acceptance or
 * a rejection may carry a letter (a note, the round's review quoted unnamed); with one, the letter
 * is previewed and sent only when confirmed. `shareableReviews` are the round's submitted reviews:
 * one is quoted with a tick, several are each chosen.
 */
export function AdminActions({ paperId, status, shareableReviews = [] }: { paperId: string; status: PaperStatus; shareableReviews?: readonly ShareableReview[] }) {
  const { toast } = useToast();
  const [changeStatus, { isLoading }] = useChangePaperStatusMutation();
  const [previewLetter, { isLoading: isPreviewing }] = usePreviewDecisionLetterMutation();
  const [pending, setPending] = useState<DecisionStatus | null>(null);
  const [editorNote, setEditorNote] = useState('');
  const [chosenReviewIds, setChosenReviewIds] = useState<string[]>([]);
  const [preview, setPreview] = useState<{ status: DecisionStatus; letter: string } | null>(null);
  // Only reviews the round still offers: a choice outlives a refetch that drops one.
  const sharedReviewIds = shareableReviews.map((review) => review.id).filter((id) => chosenReviewIds.includes(id));
  const hasLetter = editorNote.trim() !== '' || sharedReviewIds.length > 0;

  const send = async (next: DecisionStatus) => {
    setPending(next);
    try {
      const letter = sendsLetter(next) && hasLetter ? { editorNote, sharedReviewIds } : {};
      const result = await changeStatus({ paperId, status: next, ...letter }).unwrap();
      toast(statusUpdatedToast(next, result));
      setPreview(null);
    } catch {
      toast(statusUpdateFailedToast);
    } finally {
      setPending(null);
    }
  };

  const decide = async (next: DecisionStatus) => {
    if (isLoading || isPreviewing) return;
    // Without a letter the decision goes at once, as it always has.
    if (!sendsLetter(next) || !hasLetter) return send(next);
    setPending(next);
    try {
      const { letter } = await previewLetter({ paperId, decision: next, editorNote, sharedReviewIds }).unwrap();
      setPreview({ status: next, letter });
    } catch (error) {
      toast(letterPreviewErrorToast(toApiError(error)));
    } finally {
      setPending(null);
    }
  };
  const confirming = preview ? decisionActions.find((action) => action.status === preview.status) : undefined;

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
              disabled={current || preview !== null || ((isLoading || isPreviewing) && pending !== action.status)}
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
      <fieldset className="mt-4 grid gap-2" disabled={preview !== null}>
        <legend className="text-sm font-medium text-slate-900">{decisionLetterWords.legend}</legend>
        <TextAreaField
          label={decisionLetterWords.note}
          hint={decisionLetterWords.hint}
          rows={3}
          maxLength={10000}
          value={editorNote}
          onChange={(event) => setEditorNote(event.target.value)}
        />
        {shareableReviews.length === 1 && (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={sharedReviewIds.length === 1} onChange={(event) => setChosenReviewIds(event.target.checked ? [shareableReviews[0].id] : [])} />
            {decisionLetterWords.shareReview(shareableReviews[0].authorLabel)}
          </label>
        )}
        {shareableReviews.length > 1 && <ReviewsToShare legend={decisionLetterWords.shareReviews} reviews={shareableReviews} chosen={sharedReviewIds} onChange={setChosenReviewIds} />}
      </fieldset>
      {preview && confirming && (
        <div className="mt-4 grid gap-3">
          <LetterPreview letter={preview.letter} />
          <div className="flex flex-wrap gap-2">
            <Button variant={preview.status === 'rejected' ? 'destructive' : 'primary'} isLoading={pending === preview.status} onClick={() => void send(preview.status)}>
              {decisionLetterWords.confirm(confirming.label)}
            </Button>
            <Button variant="outline" disabled={isLoading} onClick={() => setPreview(null)}>
              {decisionLetterWords.back}
            </Button>
          </div>
        </div>
      )}
    </SectionCard>
  );
}
