import { useId } from 'react';
import { type ApiError, errorToast } from '@/shared/api';
import { type ToastInput } from './toast';

/** The words of the letter's preview, in the decision form and the revision request form alike. */
export const letterPreviewWords = {
  button: 'Preview letter',
  loading: 'Preparing letter...',
  heading: 'Letter to the author',
  intro: 'The e-mail to the author will carry this letter, the reviewers named only as “Reviewer 1”, “Reviewer 2”….',
  empty: 'No note and nothing shared: the author gets the usual e-mail, without a letter.',
  failed: { title: 'Error', description: 'Failed to preview the letter. Please try again.', variant: 'destructive' },
} as const;

export function letterPreviewErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Error', fallback: letterPreviewWords.failed });
}

/** The composed letter, as the server will send it, shown before the editor sends it. */
export function LetterPreview({ letter }: { letter: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-md border border-slate-200 bg-white p-3">
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        {letterPreviewWords.heading}
      </h4>
      {letter ? (
        <>
          <p className="text-xs text-slate-600">{letterPreviewWords.intro}</p>
          <p className="whitespace-pre-wrap text-sm text-slate-800" data-testid="letter-text">
            {letter}
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-600">{letterPreviewWords.empty}</p>
      )}
    </section>
  );
}
