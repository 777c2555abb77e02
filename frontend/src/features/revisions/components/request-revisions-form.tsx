import { type FormEvent, useId, useState } from 'react';
import { type RevisionKind, toApiError, usePreviewDecisionLetterMutation } from '@/shared/api';
import { Button, LetterPreview, letterPreviewErrorToast, letterPreviewWords, ReviewsToShare, type ShareableReview, TextAreaField, useToast } from '@/shared/ui';
import { useRequestRevisionsMutation } from '../api/revisions-api';
import { requestErrorToast, revisionDueDays, revisionKindLabels, revisionToasts } from '../model/revision-messages';

const KINDS: readonly RevisionKind[] = ['minor', 'major'];

/**
 * Instead of deciding, the editors ask the author for minor or major revisions, choosing what of
 * this round's review the author may read (the reviewer is never named to the author). With
 * several reviewers, which reviews too: all to begin with, as the server shares without a choice.
 */
export function RequestRevisionsForm({ paperId, round, shareable }: { paperId: string; round: number; shareable: readonly ShareableReview[] }) {
  const { toast } = useToast();
  const [requestRevisions, { isLoading }] = useRequestRevisionsMutation();
  const [kind, setKind] = useState<RevisionKind>('minor');
  const [editorNote, setEditorNote] = useState('');
  const [shareText, setShareText] = useState(true);
  const [shareCriteria, setShareCriteria] = useState(true);
  const [chosenReviewIds, setChosenReviewIds] = useState<string[]>(() => shareable.map((review) => review.id));
  const several = shareable.length > 1;
  // With one review there is nothing to choose: the server shares the round's review.
  const sharedReviewIds = several ? { sharedReviewIds: shareable.map((review) => review.id).filter((id) => chosenReviewIds.includes(id)) } : {};
  const headingId = useId();
  const [previewLetter, { isLoading: isPreviewing }] = usePreviewDecisionLetterMutation();
  // The preview stands for the form as it was previewed: any change hides it until previewed again.
  const choiceKey = JSON.stringify({ kind, editorNote, shareText, shareCriteria, sharedReviewIds });
  const [preview, setPreview] = useState<{ letter: string; choiceKey: string } | null>(null);

  const onPreview = async () => {
    try {
      const { letter } = await previewLetter({ paperId, decision: kind === 'minor' ? 'minor_revisions' : 'major_revisions', editorNote, shareText, shareCriteria, ...sharedReviewIds }).unwrap();
      setPreview({ letter, choiceKey });
    } catch (error) {
      toast(letterPreviewErrorToast(toApiError(error)));
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await requestRevisions({ paperId, kind, editorNote, shareText, shareCriteria, ...sharedReviewIds }).unwrap();
      toast(revisionToasts.requested);
    } catch (error) {
      toast(requestErrorToast(toApiError(error)));
    }
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-indigo-200 bg-indigo-50/40 p-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Request Revisions
      </h3>
      <p className="text-sm text-slate-700">
        Ask the author to revise the paper instead of deciding now. Their revised PDF and response letter open round {round + 1}.
      </p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-900">Revisions</legend>
          {KINDS.map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="revision-kind" value={option} checked={kind === option} onChange={() => setKind(option)} />
              {revisionKindLabels[option]} (due in {revisionDueDays[option]} days)
            </label>
          ))}
        </fieldset>
        {several && <ReviewsToShare legend="Reviews to share with the author" reviews={shareable} chosen={sharedReviewIds.sharedReviewIds ?? []} onChange={setChosenReviewIds} />}
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-900">{several ? 'Of each shared review, the author reads (unnamed)' : `Share with the author, as “${shareable[0]?.authorLabel ?? 'Reviewer 1'}”`}</legend>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={shareText} onChange={(event) => setShareText(event.target.checked)} />
            The review’s text
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={shareCriteria} onChange={(event) => setShareCriteria(event.target.checked)} />
            The rubric’s scores and comments
          </label>
        </fieldset>
        <TextAreaField
          label="Note to the author"
          hint="Optional. What matters most, in your own words."
          rows={4}
          maxLength={10000}
          value={editorNote}
          onChange={(event) => setEditorNote(event.target.value)}
        />
        {preview && preview.choiceKey === choiceKey && <LetterPreview letter={preview.letter} />}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" isLoading={isPreviewing} onClick={() => void onPreview()}>
            {isPreviewing ? letterPreviewWords.loading : letterPreviewWords.button}
          </Button>
          <Button type="submit" isLoading={isLoading}>
            {isLoading ? 'Requesting...' : 'Request Revisions'}
          </Button>
        </div>
      </form>
    </section>
  );
}
