import { type ChangeEvent, useState } from 'react';
import { type PaperAuthor } from '@/shared/api';
import { useToast } from '@/shared/ui';
import { type SubmissionErrors, type SubmissionValues, checkPdf, fileToasts, pdfProblemText } from './submission-rules';

const emptyAuthor = (): PaperAuthor => ({ name: '', email: '', school: '' });

const initialValues = (): SubmissionValues => ({
  title: '',
  authors: [emptyAuthor()],
  category: '',
  keywords: '',
  abstract: '',
  file: null,
});

/** The submission form's values and inline errors, and the edits the form makes to them. */
export function useSubmissionValues() {
  const { toast } = useToast();
  const [values, setValues] = useState<SubmissionValues>(initialValues);
  const [errors, setErrors] = useState<SubmissionErrors>({});

  const set = <K extends keyof SubmissionValues>(key: K, value: SubmissionValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const setAuthor = (index: number, key: keyof PaperAuthor, value: string) =>
    setValues((current) => ({
      ...current,
      authors: current.authors.map((author, i) => (i === index ? { ...author, [key]: value } : author)),
    }));

  const addAuthor = () => setValues((current) => ({ ...current, authors: [...current.authors, emptyAuthor()] }));

  // At least one row is kept; the removed row's errors go with it.
  const removeAuthor = (index: number) => {
    setValues((current) =>
      current.authors.length > 1 ? { ...current, authors: current.authors.filter((_, i) => i !== index) } : current,
    );
    setErrors((current) => ({ ...current, authors: current.authors?.filter((_, i) => i !== index) }));
  };

  // A file that is not a PDF of at most the limit is refused at once, with the spec's toast.
  const pickFile = (event: ChangeEvent<HTMLInputElement>) => {
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

  return { values, errors, setErrors, set, setAuthor, addAuthor, removeAuthor, pickFile };
}
