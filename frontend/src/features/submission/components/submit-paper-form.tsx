import { Plus, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type PaperAuthor, type SubmissionCategory, toApiError } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { Button, ProgressBar, SelectField, TextAreaField, TextField, useToast } from '@/shared/ui';
import { useSubmitPaperMutation } from '../api/submission-api';
import {
  STORAGE_MISSING,
  SUBMISSION_FAILED,
  SUBMISSION_FAILED_FALLBACK,
  type SubmissionErrors,
  type SubmissionValues,
  checkPdf,
  countWords,
  fileToasts,
  hasErrors,
  pdfProblemText,
  submissionCategories,
  submissionToasts,
  toFormData,
  validateSubmission,
} from '../model/submission-rules';
import { prepareUpload } from '../model/upload-jobs';

const emptyAuthor = (): PaperAuthor => ({ name: '', email: '', school: '' });

const categoryOptions = submissionCategories.map((category) => ({ value: category, label: category }));

// Codes whose server message is written for people; anything else gets the spec's fallback.
const GENERIC_CODES = new Set(['UNKNOWN', 'NETWORK_ERROR', 'PARSING_ERROR', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE']);

interface SubmitPaperFormProps {
  /** The fee is paid (the page reads it from the payments feature). */
  paid: boolean;
}

/** The /submit form (spec section 2 and 5). Disabled, not hidden, until the fee is paid. */
export function SubmitPaperForm({ paid }: SubmitPaperFormProps) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const [submitPaper, { isLoading }] = useSubmitPaperMutation();
  const [values, setValues] = useState<SubmissionValues>({
    title: '',
    authors: [emptyAuthor()],
    category: '',
    keywords: '',
    abstract: '',
    file: null,
  });
  const [errors, setErrors] = useState<SubmissionErrors>({});
  const [progress, setProgress] = useState<number | null>(null);

  const set = <K extends keyof SubmissionValues>(key: K, value: SubmissionValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const setAuthor = (index: number, key: keyof PaperAuthor, value: string) =>
    setValues((current) => ({
      ...current,
      authors: current.authors.map((author, i) => (i === index ? { ...author, [key]: value } : author)),
    }));

  const addAuthor = () => setValues((current) => ({ ...current, authors: [...current.authors, emptyAuthor()] }));
  const removeAuthor = (index: number) => {
    setValues((current) =>
      current.authors.length > 1 ? { ...current, authors: current.authors.filter((_, i) => i !== index) } : current,
    );
    setErrors((current) => ({ ...current, authors: current.authors?.filter((_, i) => i !== index) }));
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (!file) {
      set('file', null);
      return;
    }
    const problem = checkPdf(file);
    if (problem) {
      toast(fileToasts[problem]);
      setErrors((current) => ({ ...current, file: pdfProblemText[problem] }));
      set('file', null);
      event.target.value = '';
      return;
    }
    setErrors((current) => ({ ...current, file: undefined }));
    set('file', file);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    if (!paid) {
      toast(submissionToasts.paymentRequired);
      return;
    }
    const found = validateSubmission(values);
    setErrors(found);
    if (hasErrors(found) || !values.file) return;

    setProgress(0);
    const uploadId = prepareUpload({ body: toFormData({ ...values, file: values.file }), onProgress: setProgress });
    try {
      await submitPaper({ uploadId }).unwrap();
      toast(submissionToasts.success);
      void navigate(paths.papers.getHref());
    } catch (error) {
      setProgress(null);
      const apiError = toApiError(error);
      if (apiError.status === 402 || apiError.code === 'PAYMENT_REQUIRED') {
        toast(submissionToasts.paymentRequired);
        return;
      }
      const description =
        apiError.code === 'STORAGE_UNAVAILABLE'
          ? STORAGE_MISSING
          : GENERIC_CODES.has(apiError.code) || !apiError.message
            ? SUBMISSION_FAILED_FALLBACK
            : apiError.message;
      toast({ title: SUBMISSION_FAILED, description, variant: 'destructive' });
    }
  };

  const words = countWords(values.abstract);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="submit-form-title" className="grid gap-6">
      <h2 id="submit-form-title" className="text-xl font-semibold text-slate-900">
        Paper Details
      </h2>
      {!paid && (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
          Complete the submission fee above to enable paper submission.
        </p>
      )}

      <TextField label="Title" name="title" value={values.title} onChange={(e) => set('title', e.target.value)} error={errors.title} required />

      <div className="grid gap-4">
        {values.authors.map((author, index) => {
          const authorErrors = errors.authors?.[index] ?? {};
          const n = index + 1;
          return (
            <fieldset key={index} className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-3">
              <legend className="px-1 text-sm font-semibold text-slate-800">Author {n}</legend>
              <TextField label="Name" value={author.name} onChange={(e) => setAuthor(index, 'name', e.target.value)} error={authorErrors.name} autoComplete="off" required />
              <TextField label="Email" type="email" value={author.email} onChange={(e) => setAuthor(index, 'email', e.target.value)} error={authorErrors.email} autoComplete="off" required />
              <TextField label="School" value={author.school} onChange={(e) => setAuthor(index, 'school', e.target.value)} error={authorErrors.school} autoComplete="off" required />
              {values.authors.length > 1 && (
                <div className="sm:col-span-3">
                  <Button variant="ghost" size="sm" onClick={() => removeAuthor(index)}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    Remove author {n}
                  </Button>
                </div>
              )}
            </fieldset>
          );
        })}
        <div>
          <Button variant="outline" size="sm" onClick={addAuthor}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Author
          </Button>
        </div>
      </div>

      <SelectField
        label="Category"
        value={values.category}
        onChange={(e) => set('category', e.target.value as SubmissionCategory)}
        options={categoryOptions}
        placeholder="Select a category"
        error={errors.category}
        required
      />

      <TextField
        label="Keywords (optional)"
        value={values.keywords}
        onChange={(e) => set('keywords', e.target.value)}
        hint="Separate keywords with commas, e.g. microplastics, water quality"
      />

      <TextAreaField
        label="Abstract"
        rows={6}
        value={values.abstract}
        onChange={(e) => set('abstract', e.target.value)}
        placeholder="Summarize your research in 250-500 words..."
        hint={<span aria-live="polite">{words === 1 ? '1 word' : `${words} words`} (250-500 words recommended)</span>}
        error={errors.abstract}
        required
      />

      <TextField
        label="Paper PDF"
        type="file"
        accept=".pdf,application/pdf"
        onChange={onFile}
        hint="PDF only, at most 10MB."
        error={errors.file}
        required
      />

      {progress !== null && (
        <div className="grid gap-1">
          <p className="text-sm text-slate-700">Uploading... {Math.round(progress)}%</p>
          <ProgressBar value={progress} label="Upload progress" />
        </div>
      )}

      <div>
        <Button
          type="submit"
          size="lg"
          isLoading={isLoading}
          aria-disabled={!paid || undefined}
          className={!paid ? 'cursor-not-allowed opacity-50' : undefined}
        >
          <Upload className="h-4 w-4" aria-hidden="true" />
          {isLoading ? 'Submitting...' : 'Submit Paper'}
        </Button>
      </div>
    </form>
  );
}
