/** The categories of the submission form and the /papers filter (spec section 2). */
export const PAPER_CATEGORIES = [
  'Environmental Science',
  'Chemistry',
  'Physics',
  'Biology',
  'Computer Science',
  'Mathematics',
] as const;

export type PaperCategory = (typeof PAPER_CATEGORIES)[number];

/** The filter value that means "no filter" (the dropdown's first entry). */
export const ALL_CATEGORIES = 'All Categories';
