// The editorial board (part of the content module, see journal.ts).

export interface BoardMember {
  id: string;
  name: string;
  role: string;
  affiliation: string;
  bio: string;
  /** An SVG portrait placeholder shipped in public/. */
  photo: string;
}

/** The editorial board: seven members. */
export const editorialBoard: readonly BoardMember[] = [
  {
    id: 'eleanor-hayes',
    name: 'Dr. Eleanor Hayes',
    role: 'Editor-in-Chief',
    affiliation: 'Department of Biology, Northeastern University',
    bio: 'A molecular biologist who has mentored high school researchers for fifteen years and founded the journal to give their work a real audience.',
    photo: '/content/staff/eleanor-hayes.svg',
  },
  {
    id: 'marcus-bennett',
    name: 'Dr. Marcus Bennett',
    role: 'Managing Editor',
    affiliation: 'School of Education, Boston University',
    bio: 'Runs the review process day to day and makes sure every author gets feedback that teaches as much as it judges.',
    photo: '/content/staff/marcus-bennett.svg',
  },
  {
    id: 'sofia-ramirez',
    name: 'Dr. Sofia Ramirez',
    role: 'Associate Editor, Environmental Science',
    affiliation: 'Woods Hole Oceanographic Institution',
    bio: 'Studies coastal water quality and handles field studies, from stream sampling to climate data analysis.',
    photo: '/content/staff/sofia-ramirez.svg',
  },
  {
    id: 'james-liu',
    name: 'Dr. James Liu',
    role: 'Associate Editor, Physics and Mathematics',
    affiliation: 'Department of Physics, Tufts University',
    bio: 'A condensed-matter physicist who enjoys student projects that turn everyday questions into careful measurements.',
    photo: '/content/staff/james-liu.svg',
  },
  {
    id: 'amara-okonkwo',
    name: 'Dr. Amara Okonkwo',
    role: 'Associate Editor, Chemistry',
    affiliation: 'Department of Chemistry, Brandeis University',
    bio: 'Works on green chemistry and guides authors through experimental design, controls and lab safety reporting.',
    photo: '/content/staff/amara-okonkwo.svg',
  },
  {
    id: 'daniel-kim',
    name: 'Dr. Daniel Kim',
    role: 'Associate Editor, Computer Science',
    affiliation: 'MIT Computer Science and Artificial Intelligence Laboratory',
    bio: 'Researches machine learning for health and reviews student software, data sets and reproducibility.',
    photo: '/content/staff/daniel-kim.svg',
  },
  {
    id: 'rachel-goldstein',
    name: 'Rachel Goldstein',
    role: 'Student Outreach Coordinator',
    affiliation: 'Young Scientists Journal',
    bio: 'A former student author who now helps schools and first-time authors prepare their submissions.',
    photo: '/content/staff/rachel-goldstein.svg',
  },
];
