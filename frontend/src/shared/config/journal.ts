// The journal's own words and facts, kept out of JSX so that editors change them in one place.
export interface JournalContent {
  name: string;
  shortName: string;
  tagline: string;
  description: string;
  contactEmail: string;
  /** null until the ISSN is assigned; the footer says so instead of showing a fake number. */
  issn: string | null;
  postalAddress: string | null;
  responseTime: string;
}

export const journal: JournalContent = {
  name: 'Young Scientists Journal',
  shortName: 'YSJ',
  tagline: 'A platform for emerging scientific voices',
  description:
    'An open-access, peer-reviewed journal where high school and undergraduate researchers publish their work, reviewed in an educational collaboration with mentors.',
  contactEmail: 'editor@youngscientistsjournal.org',
  issn: null,
  postalAddress: null,
  responseTime: 'Response: 3-5 days',
};
