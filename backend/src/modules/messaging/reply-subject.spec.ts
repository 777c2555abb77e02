import { replySubject } from './reply-subject.js';

describe('replySubject', () => {
  it("prefixes the original subject with 'Re: '", () => {
    expect(replySubject('Figure 2 of your review')).toBe('Re: Figure 2 of your review');
  });

  it("never adds a second 'Re: '", () => {
    expect(replySubject('Re: Figure 2 of your review')).toBe('Re: Figure 2 of your review');
    expect(replySubject(replySubject(replySubject('Deadline')))).toBe('Re: Deadline');
  });

  it("prefixes a subject that only looks like a reply ('Re:' without its space, 'RE: ')", () => {
    expect(replySubject('Re:sults')).toBe('Re: Re:sults');
    expect(replySubject('RE: notes')).toBe('Re: RE: notes');
  });
});
