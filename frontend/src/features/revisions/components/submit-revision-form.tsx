import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { prepareUpload, toApiError } from '@/shared/api';
import { MAX_PDF_BYTES, MAX_PDF_SIZE } from '@/shared/config/upload-limits';
import { Button, ProgressBar, TextAreaField, TextField, useToast } from '@/shared/ui';
import { useSubmitRevisionMutation } from '../api/revisions-api';
import { revisionToasts, submitErrorToast } from '../model/revision-messages';

/** The author's answer to a revision request: the revised PDF and a letter that answers the feedback. */
export function SubmitRevisionForm({ paperId }: { paperId: string }) {
  const { toast } = useToast();
  const [submitRevision, { isLoading }] = useSubmitRevisionMutation();
  const [file, setFile] = useState<File | null>(null);
  const [letter, setLetter] = useState('');
  const [errors, setErrors] = useState<{ file?: string; letter?: string }>({});
  const [progress, setProgress] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setFile(null);
    if (!picked) return;
    if (picked.size > MAX_PDF_BYTES) {
      setErrors((current) => ({ ...current, file: `Please upload a PDF smaller than ${MAX_PDF_SIZE}.` }));
      event.target.value = '';
      return;
    }
    setErrors((current) => ({ ...current, file: undefined }));
    setFile(picked);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = {
      file: file ? undefined : 'Choose the revised PDF.',
      letter: letter.trim() ? undefined : 'Write a response letter that answers the feedback.',
    };
    setErrors(problems);
    if (!file || problems.letter || isLoading) return;
    const body = new FormData();
    body.append('responseLetter', letter);
    body.append('pdf', file, file.name);
    setProgress(0);
    try {
      await submitRevision({ paperId, uploadId: prepareUpload({ body, onProgress: setProgress }) }).unwrap();
      toast(revisionToasts.submitted);
      setFile(null);
      setLetter('');
      if (input.current) input.current.value = '';
    } catch (error) {
      toast(submitErrorToast(toApiError(error)));
    } finally {
      setProgress(null);
    }
  };

  return (
    <form noValidate aria-label="Submit your revision" onSubmit={(event) => void onSubmit(event)} className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <h3 className="text-base font-semibold text-slate-900">Submit Your Revision</h3>
      <TextField ref={input} label="Revised paper (PDF)" type="file" accept=".pdf,application/pdf" onChange={onFile} hint={`PDF only, at most ${MAX_PDF_SIZE}.`} error={errors.file} />
      <TextAreaField
        label="Response letter"
        hint="Answer each point of the feedback: what you changed, or why you did not."
        rows={8}
        maxLength={20000}
        value={letter}
        onChange={(event) => setLetter(event.target.value)}
        error={errors.letter}
      />
      {progress !== null && <ProgressBar value={progress} label="Upload progress" />}
      <div>
        <Button type="submit" isLoading={isLoading}>
          {isLoading ? 'Submitting...' : 'Submit Revision'}
        </Button>
      </div>
    </form>
  );
}
