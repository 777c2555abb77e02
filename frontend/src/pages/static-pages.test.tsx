import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, within } from '@testing-library/react';
import { editorialBoard } from '@/shared/content/editorial-board';
import { featuredPapers, journalIssues } from '@/shared/content/journal';
import { renderApp, waitForSession } from '@/test/render';

async function open(path: string) {
  const app = renderApp(path);
  await waitForSession(app.store);
  return app;
}

describe('static pages', () => {
  it('/guidelines has the six sections and the figures', async () => {
    await open('/guidelines');
    expect(await screen.findByRole('heading', { level: 1, name: 'Submission Guidelines' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Who Can Submit', 'What We Accept', 'Manuscript Format', 'How to Submit', 'Review Process', 'Tips']);
    const text = document.body.textContent;
    expect(text).toContain('150-250 words');
    expect(text).toContain('3-15 pages');
    expect(text).toContain('2-4 weeks');
    expect(text).toContain('Rolling submissions year-round');
    expect(text).toContain('within 3 days');
    // What the journal does: a fee for each paper, and the size the server accepts.
    expect(text).toContain('one fee for each paper you submit');
    expect(text).not.toMatch(/one[- ]time/i);
    expect(text).toContain('A single PDF file of at most 10 MB.');
  });

  it('/contact has the editorial e-mail, the response time, help topics and links to submit and guidelines', async () => {
    await open('/contact');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1 });
    expect(within(main).getByRole('link', { name: 'editor@youngscientistsjournal.org' })).toHaveAttribute(
      'href',
      'mailto:editor@youngscientistsjournal.org',
    );
    expect(within(main).getByText(/3-5 business days/)).toBeInTheDocument();
    expect(within(main).getByRole('heading', { name: 'How we can help' })).toBeInTheDocument();
    expect(within(main).getAllByRole('listitem').length).toBeGreaterThan(3);
    expect(within(main).getByRole('link', { name: 'Submit a paper' })).toHaveAttribute('href', '/submit');
    expect(within(main).getByRole('link', { name: 'Read the submission guidelines' })).toHaveAttribute('href', '/guidelines');
  });

  it('/staff shows seven board members with photo, role, affiliation and bio', async () => {
    await open('/staff');
    const list = await screen.findByRole('list', { name: 'Editorial board members' });
    const members = within(list).getAllByRole('article');
    expect(members).toHaveLength(7);
    const first = within(members[0]);
    expect(first.getByRole('heading', { name: 'Dr. Eleanor Hayes' })).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Portrait of Dr. Eleanor Hayes' })).toHaveAttribute('src', '/content/staff/eleanor-hayes.svg');
    expect(first.getByText('Editor-in-Chief')).toBeInTheDocument();
    expect(first.getByText('Department of Biology, Northeastern University')).toBeInTheDocument();
    expect(first.getByText(/mentored high school researchers/)).toBeInTheDocument();
  });

  it('/journals shows three issues with cover, date and a Download PDF in a new tab, the latest flagged', async () => {
    await open('/journals');
    const list = await screen.findByRole('list', { name: 'Journal issues' });
    const issues = within(list).getAllByRole('article');
    expect(issues).toHaveLength(3);
    for (const issue of issues) {
      expect(within(issue).getByRole('img', { name: /^Cover of Volume 1, Issue \d$/ })).toBeInTheDocument();
      const download = within(issue).getByRole('link', { name: /^Download PDF/ });
      expect(download).toHaveAttribute('target', '_blank');
      expect(download.getAttribute('rel')).toContain('noopener');
    }
    expect(within(list).getAllByText('Latest Issue')).toHaveLength(1);
    const latest = within(list).getByText('Latest Issue').closest('article')!;
    expect(within(latest).getByRole('heading', { name: 'Volume 1, Issue 3' })).toBeInTheDocument();
    expect(within(latest).getByText('September 2025')).toBeInTheDocument();
  });
});

describe('journal assets', () => {
  const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public');

  it('ships a real PDF for every issue and featured paper', () => {
    const pdfs = [...journalIssues.map((issue) => issue.pdfUrl), ...featuredPapers.map((paper) => paper.pdfUrl)];
    expect(pdfs).toHaveLength(6);
    for (const url of pdfs) {
      expect(readFileSync(join(publicDir, url)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it('ships an SVG for every cover and portrait', () => {
    const images = [...journalIssues.map((issue) => issue.coverImage), ...editorialBoard.map((member) => member.photo)];
    expect(images).toHaveLength(10);
    for (const url of images) expect(readFileSync(join(publicDir, url), 'utf8')).toContain('<svg');
  });
});
