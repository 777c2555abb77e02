import { useId } from 'react';
import { letterPreviewWords } from '../model/revision-messages';

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
