import { Upload } from 'lucide-react';
import { type FormEvent } from 'react';
import { type SubmissionCategory } from '@/shared/api';
import { MAX_PDF_SIZE } from '@/shared/config/upload-limits';
import { Button, SelectField, TextField } from '@/shared/ui';
import { submissionCategories } from '../model/submission-rules';
import { usePaperSubmission } from '../model/use-paper-submission';
import { useSubmissionValues } from '../model/use-submission-values';
import { AbstractField } from './abstract-field';
import { AuthorsFieldset } from './authors-fieldset';
import { UploadProgress } from './upload-progress';

const categoryOptions = submissionCategories.map((category) => ({ value: category, label: category }));

interface SubmitPaperFormProps {
  /** The fee is paid (the page reads it from the payments feature). */
  paid: boolean;
}

/** The /submit form (spec section 2 and 5). Disabled, not hidden, until the fee is paid. */
export function SubmitPaperForm({ paid }: SubmitPaperFormProps) {
  const { values, errors, setErrors, set, setAuthor, addAuthor, removeAuthor, pickFile } = useSubmissionValues();
  const { submit, isSubmitting, progress } = usePaperSubmission({ paid, onInvalid: setErrors });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(values);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="submit-form-title" className="grid gap-6">
      <h2 id="submit-form-title" className="text-xl font-semibold text-slate-900">
        Paper Details
      </h2>
      {!paid && (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
          Complete the submission fee above to enable paper submission.
        </p>
      )}

      <TextField label="Title" name="title" value={values.title} onChange={(e) => set('title', e.target.value)} error={errors.title} required />

      <AuthorsFieldset authors={values.authors} errors={errors.authors} onChange={setAuthor} onAdd={addAuthor} onRemove={removeAuthor} />

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

      <AbstractField value={values.abstract} error={errors.abstract} onChange={(abstract) => set('abstract', abstract)} />

      <TextField
        label="Paper PDF"
        type="file"
        accept=".pdf,application/pdf"
        onChange={pickFile}
        hint={`PDF only, at most ${MAX_PDF_SIZE}.`}
        error={errors.file}
        required
      />

      <UploadProgress progress={progress} />

      <div>
        <Button
          type="submit"
          size="lg"
          isLoading={isSubmitting}
          aria-disabled={!paid || undefined}
          className={!paid ? 'cursor-not-allowed opacity-50' : undefined}
        >
          <Upload className="h-4 w-4" aria-hidden="true" />
          {isSubmitting ? 'Submitting...' : 'Submit Paper'}
        </Button>
      </div>
    </form>
  );
}
