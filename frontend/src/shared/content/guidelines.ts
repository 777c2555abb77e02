// Guidelines and contact page content (part of the content module, see journal.ts).

import { MAX_PDF_SIZE_PROSE } from '@/shared/config/upload-limits';

/** Figures of the guidelines and contact pages (spec section 9). */
export const guidelineFigures = {
  abstractWords: '150-250 words',
  pageRange: '3-15 pages',
  reviewTime: '2-4 weeks',
  submissions: 'Rolling submissions year-round',
  confirmationEmail: 'within 3 days',
  supportResponse: '3-5 business days',
} as const;

export interface GuidelineSection {
  id: string;
  heading: string;
  intro?: string;
  items: readonly string[];
}

const f = guidelineFigures;

/** The guidelines page, section by section (headings are the spec's). */
export const guidelineSections: readonly GuidelineSection[] = [
  {
    id: 'who-can-submit',
    heading: 'Who Can Submit',
    intro: 'The journal publishes research by young scientists.',
    items: [
      'High school students (grades 9-12) and undergraduate students.',
      'Individual authors or teams; every author must be a student.',
      'Work done with a teacher or mentor is welcome; name them in the acknowledgements.',
    ],
  },
  {
    id: 'what-we-accept',
    heading: 'What We Accept',
    items: [
      'Original research in Environmental Science, Chemistry, Physics, Biology, Computer Science or Mathematics.',
      'Experimental, observational, computational and theoretical studies.',
      'Work that has not been published elsewhere.',
    ],
  },
  {
    id: 'manuscript-format',
    heading: 'Manuscript Format',
    items: [
      `Length: ${f.pageRange}, including figures and references.`,
      `An abstract of ${f.abstractWords}.`,
      'Sections: Introduction, Methods, Results, Discussion, References.',
      `A single PDF file of at most ${MAX_PDF_SIZE_PROSE}.`,
    ],
  },
  {
    id: 'how-to-submit',
    heading: 'How to Submit',
    items: [
      `${f.submissions}: there are no deadlines.`,
      'Create an account, pay the $100 submission fee (one fee for each paper you submit) and upload your PDF on the submit page.',
      `You receive a confirmation e-mail ${f.confirmationEmail}.`,
    ],
  },
  {
    id: 'review-process',
    heading: 'Review Process',
    items: [
      `Review typically takes ${f.reviewTime}.`,
      'Each paper is read by a scientist reviewer and the editorial team.',
      'Review is an educational collaboration: expect questions and suggestions, not just a verdict.',
      'Follow your paper’s status and the editors’ comments in My Submissions.',
    ],
  },
  {
    id: 'tips',
    heading: 'Tips',
    items: [
      'State your research question in the first paragraph.',
      'Describe your methods so another student could repeat them.',
      'Label every figure and table and refer to it in the text.',
      'Ask a teacher or mentor to read your draft before you submit.',
    ],
  },
];

/** What the editorial office can help with (contact page). */
export const contactHelpTopics: readonly string[] = [
  'Questions about the submission process and the $100 fee',
  'The status of a paper under review',
  'Becoming a reviewer or mentor',
  'Corrections to a published paper',
  'Technical problems with your account',
];
