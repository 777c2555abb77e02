import { codeToasts, type PaperAuthor, type SubmissionCategory } from '@/shared/api';
import { MAX_PDF_BYTES } from '@/shared/config/upload-limits';
import { type ToastInput } from '@/shared/ui';

export { submissionCategories } from '@/shared/lib/paper-categories';

// The server's rules (docs/api.md, POST /api/papers), checked first in the browser.
export { MAX_PDF_BYTES };

export const fileToasts = {
  invalidType: codeToasts.INVALID_FILE_TYPE,
  tooLarge: codeToasts.FILE_TOO_LARGE,
} as const satisfies Record<string, ToastInput>;

export const submissionToasts = {
  paymentRequired: codeToasts.PAYMENT_REQUIRED,
  success: { title: 'Success!', description: 'Your paper has been submitted successfully and is now under review.' },
} as const satisfies Record<string, ToastInput>;

export const SUBMISSION_FAILED = 'Submission failed';
export const SUBMISSION_FAILED_FALLBACK = 'An error occurred while submitting your paper.';

export type PdfProblem = 'invalidType' | 'tooLarge';

/** null when the file is a PDF of at most MAX_PDF_BYTES. The server checks the content too (%PDF-). */
export function checkPdf(file: File): PdfProblem | null {
  const isPdf = file.type === 'application/pdf' || (file.type === '' && file.name.toLowerCase().endsWith('.pdf'));
  if (!isPdf) return 'invalidType';
  if (file.size > MAX_PDF_BYTES) return 'tooLarge';
  return null;
}

export const pdfProblemText: Record<PdfProblem, string> = {
  invalidType: fileToasts.invalidType.description,
  tooLarge: fileToasts.tooLarge.description,
};

// Same idea as the server's e-mail check: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SubmissionValues {
  title: string;
  authors: PaperAuthor[];
  category: SubmissionCategory | '';
  keywords: string;
  abstract: string;
  file: File | null;
}

export type SubmissionErrors = Partial<Record<'title' | 'category' | 'abstract' | 'file', string>> & {
  authors?: Array<Partial<Record<keyof PaperAuthor, string>>>;
};

export function validateSubmission(values: SubmissionValues): SubmissionErrors {
  const errors: SubmissionErrors = {};
  if (!values.title.trim()) errors.title = 'Title is required.';
  const authorErrors = values.authors.map((author) => {
    const problems: Partial<Record<keyof PaperAuthor, string>> = {};
    if (!author.name.trim()) problems.name = 'Name is required.';
    if (!author.email.trim()) problems.email = 'Email is required.';
    else if (!EMAIL.test(author.email.trim())) problems.email = 'Please enter a valid email address.';
    if (!author.school.trim()) problems.school = 'School is required.';
    return problems;
  });
  if (authorErrors.some((problems) => Object.keys(problems).length > 0)) errors.authors = authorErrors;
  if (!values.category) errors.category = 'Please choose a category.';
  if (!values.abstract.trim()) errors.abstract = 'Abstract is required.';
  if (!values.file) errors.file = 'Please choose your paper as a PDF file.';
  else {
    const problem = checkPdf(values.file);
    if (problem) errors.file = pdfProblemText[problem];
  }
  return errors;
}

export function hasErrors(errors: SubmissionErrors): boolean {
  return Object.keys(errors).length > 0;
}

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** The multipart body in the contract's order: fields first, then the file part `pdf`. */
export function toFormData(values: SubmissionValues & { file: File }): FormData {
  const body = new FormData();
  body.append('title', values.title.trim());
  body.append(
    'authors',
    JSON.stringify(values.authors.map((a) => ({ name: a.name.trim(), email: a.email.trim(), school: a.school.trim() }))),
  );
  body.append('category', values.category);
  if (values.keywords.trim()) body.append('keywords', values.keywords.trim());
  body.append('abstract', values.abstract.trim());
  body.append('pdf', values.file, values.file.name);
  return body;
}
