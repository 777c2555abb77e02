import { render, screen } from '@testing-library/react';
import { type PaperStage } from '@/shared/api';
import { paperStageLabels, paperStageNames, paperStageWords } from '@/shared/lib/paper-stage';
import { PaperStageLine } from './paper-stage-line';

const stage = (name: PaperStage['name'], extra: Partial<PaperStage> = {}): PaperStage => ({ name, round: 1, reviewsIn: null, reviewsExpected: null, dueAt: null, ...extra });

describe('a paper’s stage in plain words (issue 27)', () => {
  it.each<[PaperStage, string]>([
    [stage('submitted'), 'New submission — no reviewer asked yet'],
    [stage('awaiting_reviewer'), 'Awaiting a reviewer'],
    [stage('in_review', { reviewsIn: 0, reviewsExpected: 1 }), 'In review — round 1, 0 of 1 review in'],
    [stage('in_review', { round: 2, reviewsIn: 1, reviewsExpected: 2 }), 'In review — round 2, 1 of 2 reviews in'],
    [stage('revisions_requested', { dueAt: '2026-12-07T17:00:00.000Z' }), 'Revisions requested — due December 7, 2026'],
    [stage('revised', { round: 2 }), 'Revised — awaiting editor (round 2)'],
    [stage('accepted', { round: 3 }), 'Accepted — awaiting publication'],
    [stage('published'), 'Published'],
    [stage('rejected'), 'Rejected'],
  ])('%o reads “%s”', (given, words) => {
    expect(paperStageWords(given)).toBe(words);
  });

  it('names every stage of the API for the filter and the tiles', () => {
    expect(paperStageNames).toEqual(['submitted', 'awaiting_reviewer', 'in_review', 'revisions_requested', 'revised', 'accepted', 'published', 'rejected']);
    expect(paperStageLabels.revisions_requested).toBe('Revisions requested');
  });

  it('shows the words under a badge, for screen readers as the stage', () => {
    render(<PaperStageLine stage={stage('revisions_requested', { dueAt: '2026-12-07T17:00:00.000Z' })} />);
    expect(screen.getByText('Stage:').parentElement).toHaveTextContent('Stage: Revisions requested — due December 7, 2026');
  });

  it.each(['published', 'rejected'] as const)('says nothing when %s would only repeat the status', (name) => {
    const { container } = render(<PaperStageLine stage={stage(name)} />);
    expect(container).toBeEmptyDOMElement();
  });
});
