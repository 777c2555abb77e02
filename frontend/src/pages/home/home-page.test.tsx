import { screen, within } from '@testing-library/react';
import { signInAs } from '@/test/msw/db';
import { renderApp, waitForSession } from '@/test/render';

async function openLanding() {
  const app = renderApp('/');
  await waitForSession(app.store);
  return app;
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('landing page', () => {
  it('has the hero with title, tagline, Join & Submit to /auth and Browse Papers to /papers', async () => {
    await openLanding();
    expect(screen.getByRole('heading', { level: 1, name: 'Young Scientists Journal' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('A platform for emerging scientific voices')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join & Submit' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Browse Papers' })).toHaveAttribute('href', '/papers');
    expect(screen.queryByRole('link', { name: 'Submit Your Paper' })).not.toBeInTheDocument();
  });

  it('offers a signed-in author Submit Your Paper (to /submit) instead of Join & Submit', async () => {
    signInAs('user');
    await openLanding();
    expect(await screen.findByRole('link', { name: 'Submit Your Paper' })).toHaveAttribute('href', '/submit');
    expect(screen.queryByRole('link', { name: 'Join & Submit' })).not.toBeInTheDocument();
  });

  it('has the three blurbs', async () => {
    await openLanding();
    for (const title of ['Peer Reviewed', 'Educational Collaboration', 'Easy Submission']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
  });

  it('features three fixed papers with title, authors, abstract, category, date, school and a PDF link', async () => {
    await openLanding();
    const featured = section('Featured Research');
    const cards = within(featured).getAllByRole('article');
    expect(cards).toHaveLength(3);
    const first = within(cards[0]);
    expect(first.getByRole('heading', { name: 'Microplastic Concentrations in Suburban Streams After Heavy Rainfall' })).toBeInTheDocument();
    expect(first.getByText('Maya Chen, Jordan Alvarez')).toBeInTheDocument();
    expect(first.getByText(/We sampled four suburban streams/)).toBeInTheDocument();
    expect(first.getByText('Environmental Science')).toBeInTheDocument();
    expect(first.getByText('September 5, 2025')).toBeInTheDocument();
    expect(first.getByText('Lincoln High School')).toBeInTheDocument();
    for (const card of cards) {
      const pdf = within(card).getByRole('link', { name: /PDF/ });
      expect(pdf.getAttribute('href')).toMatch(/^\/content\/featured\/.+\.pdf$/);
      expect(pdf).toHaveAttribute('target', '_blank');
    }
  });

  it('lists the latest issue first, then the previous ones, each with a PDF download', async () => {
    await openLanding();
    const issues = section('Journal Issues');
    const titles = within(issues).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(titles).toEqual(['Volume 1, Issue 3', 'Volume 1, Issue 2', 'Volume 1, Issue 1']);
    expect(within(issues).getByText('September 2025')).toBeInTheDocument();
    expect(within(issues).getByText('August 2025')).toBeInTheDocument();
    expect(within(issues).getByText('June 2025')).toBeInTheDocument();
    const latest = within(issues).getByText('Latest Issue').closest('article')!;
    expect(within(latest).getByRole('heading', { name: 'Volume 1, Issue 3' })).toBeInTheDocument();
    const downloads = within(issues).getAllByRole('link', { name: /Download PDF/ });
    expect(downloads.map((link) => link.getAttribute('href'))).toEqual([
      '/content/issues/volume-1-issue-3.pdf',
      '/content/issues/volume-1-issue-2.pdf',
      '/content/issues/volume-1-issue-1.pdf',
    ]);
  });

  it('shows the figures, a call to action to join and the footer facts', async () => {
    await openLanding();
    const figures = section('The journal in figures');
    expect(within(figures).getByText('10+')).toBeInTheDocument();
    expect(within(figures).getByText('Monthly')).toBeInTheDocument();
    expect(within(figures).getByText('60%')).toBeInTheDocument();
    expect(within(section('Ready to share your research?')).getByRole('link', { name: 'Join the journal' })).toHaveAttribute('href', '/auth');

    const footer = screen.getByRole('contentinfo');
    // No JOURNAL_ISSN in the unit tests' page: the footer names no ISSN (footer.test.tsx shows a configured one).
    expect(within(footer).queryByText(/ISSN/)).not.toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'editor@youngscientistsjournal.org' })).toHaveAttribute(
      'href',
      'mailto:editor@youngscientistsjournal.org',
    );
    expect(within(footer).getByText(/Boston, MA/)).toBeInTheDocument();
    expect(within(footer).getByText('Response: 3-5 days')).toBeInTheDocument();
    expect(within(footer).getByRole('navigation', { name: 'Quick links' })).toBeInTheDocument();
  });
});
