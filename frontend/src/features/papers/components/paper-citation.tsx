import { Check, Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { Button, Spinner, buttonClasses, useToast } from '@/shared/ui';
import { type CitationTextFormat, paperCitationHref, useGetPaperCitationQuery } from '../api/papers-api';

export const CITATION_LOAD_ERROR = 'This citation could not be loaded.';
export const CITATION_COPY_ERROR = 'Copying failed: select the text and copy it instead.';

const STYLES: { format: CitationTextFormat; label: string }[] = [
  { format: 'apa', label: 'APA' },
  { format: 'mla', label: 'MLA' },
];

/**
 * "How to cite" a published paper: APA and MLA as the server formats them (from their CSL
 * styles), each with a Copy button, and BibTeX and RIS files for reference managers.
 */
export function PaperCitation({ paperId }: { paperId: string }) {
  return (
    <section aria-labelledby="how-to-cite-heading" className="grid gap-4">
      <h2 id="how-to-cite-heading" className="text-lg font-semibold text-slate-900">
        How to cite
      </h2>
      {STYLES.map((style) => (
        <CitationText key={style.format} paperId={paperId} {...style} />
      ))}
      <div className="flex flex-wrap gap-2">
        <a href={paperCitationHref(paperId, 'bibtex')} download className={buttonClasses('outline', 'sm')}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Download BibTeX
        </a>
        <a href={paperCitationHref(paperId, 'ris')} download className={buttonClasses('outline', 'sm')}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Download RIS
        </a>
      </div>
    </section>
  );
}

function CitationText({ paperId, format, label }: { paperId: string; format: CitationTextFormat; label: string }) {
  const { data: citation, isLoading, isError } = useGetPaperCitationQuery({ id: paperId, format });
  const [copied, setCopied] = useState(false);
  const { toast } = useToast();

  // The toast region announces the outcome to screen readers; the button shows it too.
  const copyCitation = async () => {
    if (!citation) return;
    try {
      await navigator.clipboard.writeText(citation);
      setCopied(true);
      toast({ title: `${label} citation copied` });
    } catch {
      setCopied(false);
      toast({ title: 'Not copied', description: CITATION_COPY_ERROR, variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-700">
          {label}
        </h3>
        <Button
          variant="outline"
          size="sm"
          disabled={!citation}
          onClick={() => void copyCitation()}
        >
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
          <span className="sr-only"> {label} citation</span>
        </Button>
      </div>
      {isLoading ? (
        <Spinner size="sm" label={`Loading the ${label} citation`} />
      ) : isError || citation === undefined ? (
        <p role="alert" className="text-sm text-red-800">
          {CITATION_LOAD_ERROR}
        </p>
      ) : (
        <p className="select-all break-words text-sm leading-relaxed text-slate-900">
          {citation}
        </p>
      )}
    </div>
  );
}
