// The journal's content module: its own words and facts, kept out of JSX so that editors change
// them in one place. Split in three files only so the landing page's initial bundle does not
// carry the staff and guidelines pages' text: journal.ts (identity, issues, featured papers,
// figures, landing), editorial-board.ts, guidelines.ts.
// Plain data: scripts/make-placeholder-assets.mjs reads these files too (Node's type stripping),
// so the generated PDFs and SVGs always match the content shown in the app.

// A type-only import: erased, so the asset script never loads the module (nor its alias).
import type { PaperCategory } from '@/shared/lib/paper-categories';

export interface JournalContent {
  name: string;
  shortName: string;
  tagline: string;
  description: string;
  contactEmail: string;
  postalAddress: string;
  /** The footer's support figure (spec section 9: 3-5 days). */
  responseTime: string;
}

export const journal: JournalContent = {
  name: 'Young Scientists Journal',
  shortName: 'YSJ',
  tagline: 'A platform for emerging scientific voices',
  description:
    'An open-access, peer-reviewed journal where high school and undergraduate researchers publish their work, reviewed in an educational collaboration with mentors.',
  contactEmail: 'editor@youngscientistsjournal.org',
  postalAddress: 'Young Scientists Journal, 200 Research Park Drive, Suite 120, Boston, MA 02115, USA',
  responseTime: 'Response: 3-5 days',
};

export interface JournalIssue {
  id: string;
  title: string;
  /** ISO date (YYYY-MM-DD). */
  publishDate: string;
  description: string;
  /** A PDF shipped in public/. */
  pdfUrl: string;
  /** An SVG cover shipped in public/. */
  coverImage: string;
  isLatest: boolean;
}

export const journalIssues: readonly JournalIssue[] = [
  {
    id: 'volume-1-issue-3',
    title: 'Volume 1, Issue 3',
    publishDate: '2025-09-01',
    description:
      'Student research on microplastics in local waterways, low-cost air quality sensors and machine learning for plant disease detection.',
    pdfUrl: '/content/issues/volume-1-issue-3.pdf',
    coverImage: '/content/issues/volume-1-issue-3-cover.svg',
    isLatest: true,
  },
  {
    id: 'volume-1-issue-2',
    title: 'Volume 1, Issue 2',
    publishDate: '2025-08-01',
    description:
      'Papers on soil chemistry in urban gardens, the physics of paper airplanes and graph theory in school timetables.',
    pdfUrl: '/content/issues/volume-1-issue-2.pdf',
    coverImage: '/content/issues/volume-1-issue-2-cover.svg',
    isLatest: false,
  },
  {
    id: 'volume-1-issue-1',
    title: 'Volume 1, Issue 1',
    publishDate: '2025-06-01',
    description:
      'The inaugural issue: bacterial growth under household disinfectants, solar cell efficiency and a student-built weather station.',
    pdfUrl: '/content/issues/volume-1-issue-1.pdf',
    coverImage: '/content/issues/volume-1-issue-1-cover.svg',
    isLatest: false,
  },
];

export interface FeaturedPaper {
  id: string;
  title: string;
  authors: readonly string[];
  abstract: string;
  category: PaperCategory;
  /** ISO date (YYYY-MM-DD). */
  publishDate: string;
  school: string;
  pdfUrl: string;
}

/** The three fixed sample papers of the landing page's featured research section. */
export const featuredPapers: readonly FeaturedPaper[] = [
  {
    id: 'featured-microplastics',
    title: 'Microplastic Concentrations in Suburban Streams After Heavy Rainfall',
    authors: ['Maya Chen', 'Jordan Alvarez'],
    abstract:
      'We sampled four suburban streams before and after storms over eight weeks and counted microplastic particles by filtration and microscopy. Concentrations rose on average 3.4-fold within 24 hours of heavy rainfall, pointing to road runoff as a major source.',
    category: 'Environmental Science',
    publishDate: '2025-09-05',
    school: 'Lincoln High School',
    pdfUrl: '/content/featured/featured-microplastics.pdf',
  },
  {
    id: 'featured-plant-disease',
    title: 'A Lightweight Neural Network for Detecting Tomato Leaf Disease on a Phone',
    authors: ['Priya Natarajan'],
    abstract:
      'A compact convolutional network trained on 12,000 public leaf images identifies five common tomato diseases with 94% accuracy and runs offline on a mid-range phone in under 80 ms, making early diagnosis possible for small growers.',
    category: 'Computer Science',
    publishDate: '2025-08-18',
    school: 'Westview Academy',
    pdfUrl: '/content/featured/featured-plant-disease.pdf',
  },
  {
    id: 'featured-vitamin-c',
    title: 'How Storage Temperature Affects Vitamin C in Orange Juice',
    authors: ['Samuel Okafor', 'Lena Fischer', 'Diego Ramos'],
    abstract:
      'Using iodine titration we measured ascorbic acid in fresh orange juice stored at 4, 20 and 35 °C for fourteen days. Losses followed first-order kinetics, with the rate at 35 °C about five times the rate in the refrigerator.',
    category: 'Chemistry',
    publishDate: '2025-06-20',
    school: 'Riverside STEM Magnet School',
    pdfUrl: '/content/featured/featured-vitamin-c.pdf',
  },
];

export interface JournalFigure {
  value: string;
  label: string;
}

/** The landing page's static figures (spec section 9). */
export const journalFigures: readonly JournalFigure[] = [
  { value: '10+', label: 'Scientist reviewers' },
  { value: 'Monthly', label: 'Publication' },
  { value: '60%', label: 'Acceptance rate' },
];

export interface LandingBlurb {
  title: string;
  text: string;
}

/** The landing page's own words (the blurb titles are the spec's). */
export const landingContent = {
  blurbs: [
    {
      title: 'Peer Reviewed',
      text: 'Every paper is reviewed by practising scientists before it is published.',
    },
    {
      title: 'Educational Collaboration',
      text: 'Review is a conversation between student researchers and mentors, meant to teach as much as to judge.',
    },
    {
      title: 'Easy Submission',
      text: 'Create an account, upload your PDF and follow its progress online.',
    },
  ] satisfies LandingBlurb[],
  featuredIntro: 'Recent work by student researchers, free to read.',
  issuesIntro: 'Read the latest issue or catch up on earlier ones.',
  callToAction: {
    heading: 'Ready to share your research?',
    text: 'Join a community of young scientists and get expert feedback on your work.',
  },
} as const;
