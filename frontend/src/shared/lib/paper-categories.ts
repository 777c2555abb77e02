import { type CategoryFilter, type SubmissionCategory } from '@/shared/api';

// The paper categories of the spec, defined once: the /papers filter (section 2) and the
// submission form's choices (section 5). Keyed by the API's own types, so a category added to
// (or dropped from) the server fails the type-check here until the lists match. Key order is the
// order the dropdowns show.

export type PaperCategory = Exclude<CategoryFilter, typeof ALL_CATEGORIES>;

/** The filter's "no filter" entry. */
export const ALL_CATEGORIES = 'All Categories' satisfies CategoryFilter;

const filterCategories: Record<PaperCategory, true> = {
  'Environmental Science': true,
  Chemistry: true,
  Physics: true,
  Biology: true,
  'Computer Science': true,
  Mathematics: true,
};

export const paperCategories = Object.keys(filterCategories) as PaperCategory[];

export function isPaperCategory(value: string): value is PaperCategory {
  return Object.hasOwn(filterCategories, value);
}

const submissionChoices: Record<SubmissionCategory, true> = {
  Biology: true,
  Chemistry: true,
  Physics: true,
  'Environmental Science': true,
  'Computer Science': true,
  Mathematics: true,
  Engineering: true,
  'Computational Neuroscience': true,
  Other: true,
};

export const submissionCategories = Object.keys(submissionChoices) as SubmissionCategory[];
