/** The categories of the /papers filter (spec section 2). */
export const PAPER_CATEGORIES = [
  'Environmental Science',
  'Chemistry',
  'Physics',
  'Biology',
  'Computer Science',
  'Mathematics',
] as const;

export type PaperCategory = (typeof PAPER_CATEGORIES)[number];

/** The categories an author may choose when submitting (spec section 5): the filter's and three more. */
export const SUBMISSION_CATEGORIES = [
  'Biology',
  'Chemistry',
  'Physics',
  'Environmental Science',
  'Computer Science',
  'Mathematics',
  'Engineering',
  'Computational Neuroscience',
  'Other',
] as const;

export type SubmissionCategory = (typeof SUBMISSION_CATEGORIES)[number];

/** The filter value that means "no filter" (the dropdown's first entry). */
export const ALL_CATEGORIES = 'All Categories';
