import { ALL_CATEGORIES, isPaperCategory, paperCategories, submissionCategories } from './paper-categories';
import { isPaperStatus, paperStatusLabel, paperStatuses } from './paper-status';
import { recommendationLabels, recommendations, reviewStatusLabels, reviewStatuses } from './review-status';

describe('the domain lists, in the order of the spec', () => {
  it('paper statuses (section 4) with their labels', () => {
    expect(paperStatuses.map((status) => [status, paperStatusLabel(status)])).toEqual([
      ['submitted', 'Submitted'],
      ['under_review', 'Under Review'],
      ['accepted', 'Accepted'],
      ['published', 'Published'],
      ['rejected', 'Rejected'],
    ]);
    expect(isPaperStatus('in_review')).toBe(false);
    expect(paperStatusLabel('in_review')).toBe('In Review');
  });

  it('the /papers filter (section 2) and the submission choices (section 5)', () => {
    expect([ALL_CATEGORIES, ...paperCategories]).toEqual([
      'All Categories',
      'Environmental Science',
      'Chemistry',
      'Physics',
      'Biology',
      'Computer Science',
      'Mathematics',
    ]);
    expect(submissionCategories).toEqual([
      'Biology',
      'Chemistry',
      'Physics',
      'Environmental Science',
      'Computer Science',
      'Mathematics',
      'Engineering',
      'Computational Neuroscience',
      'Other',
    ]);
    expect(isPaperCategory('Engineering')).toBe(false);
  });

  it('review statuses and recommendations (section 4)', () => {
    expect(reviewStatuses).toEqual(['assigned', 'in_progress', 'submitted', 'declined']);
    expect(recommendations).toEqual(['accept', 'minor_revisions', 'major_revisions', 'reject']);
    expect(reviewStatusLabels.in_progress).toBe('In Progress');
    expect(recommendationLabels.minor_revisions).toBe('Minor Revisions');
  });
});
