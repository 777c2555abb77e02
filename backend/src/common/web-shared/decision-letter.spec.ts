import { composeDecisionLetter, type LetterReview } from './decision-letter.js';

const review = (overrides: Partial<LetterReview> = {}): LetterReview => ({
  label: 'Reviewer 1',
  round: 1,
  text: 'The question is good; the sample is small.',
  criteria: [
    { name: 'Originality', score: 4, comment: 'A fresh angle.' },
    { name: 'Clarity', score: null, comment: '' },
  ],
  ...overrides,
});

describe('composeDecisionLetter', () => {
  it('is empty when the editors wrote nothing and shared nothing, so the e-mail reads as before', () => {
    expect(composeDecisionLetter({ decision: 'accepted', sharedReviews: [] })).toBe('');
    expect(composeDecisionLetter({ decision: 'minor_revisions', editorNote: '  \n ', sharedReviews: [] })).toBe('');
    // A review shared with neither its text nor its scores quotes nothing.
    expect(composeDecisionLetter({ decision: 'rejected', sharedReviews: [review({ text: null, criteria: [] })] })).toBe('');
  });

  it("quotes the editors' note first, then each shared review under its reviewer's label with its scores", () => {
    const letter = composeDecisionLetter({ decision: 'accepted', editorNote: '  Well done.  ', sharedReviews: [review(), review({ label: 'Reviewer 2', text: 'Clear and careful.', criteria: [] })] });
    expect(letter).toBe(
      [
        'A note from the editors:',
        'Well done.',
        "Reviewer 1's review:",
        'The question is good; the sample is small.',
        'Scores:\n- Originality: 4/5. A fresh angle.\n- Clarity: not scored',
        "Reviewer 2's review:",
        'Clear and careful.',
      ].join('\n\n'),
    );
  });

  it('names the round from round 2 on, and asks a revision to answer each point', () => {
    const letter = composeDecisionLetter({ decision: 'major_revisions', sharedReviews: [review({ round: 2, criteria: [] })] });
    expect(letter).toBe(
      ["Reviewer 1's review (round 2):", 'The question is good; the sample is small.', 'Please answer each point in the response letter you send with your revised paper.'].join('\n\n'),
    );
    expect(composeDecisionLetter({ decision: 'rejected', editorNote: 'Thank you.', sharedReviews: [] })).toBe('A note from the editors:\n\nThank you.');
  });

  it('quotes only the parts shared: the text without the scores, or the scores without the text', () => {
    const textOnly = composeDecisionLetter({ decision: 'accepted', sharedReviews: [review({ criteria: [] })] });
    expect(textOnly).toContain('The question is good');
    expect(textOnly).not.toContain('Scores:');
    const scoresOnly = composeDecisionLetter({ decision: 'accepted', sharedReviews: [review({ text: null })] });
    expect(scoresOnly).toContain('- Originality: 4/5');
    expect(scoresOnly).not.toContain('The question is good');
  });

  it('never names a reviewer: a review carries only its label, whatever else its object holds', () => {
    const named = { ...review(), reviewerName: 'Grace Hopper', reviewerId: 'c0ffee00-0000-4000-8000-000000000001', recommendation: 'reject' } as LetterReview;
    const letter = composeDecisionLetter({ decision: 'rejected', sharedReviews: [named] });
    expect(letter).toContain('Reviewer 1');
    expect(letter).not.toContain('Grace');
    expect(letter).not.toContain('c0ffee00');
    expect(letter).not.toContain('reject');
  });
});
