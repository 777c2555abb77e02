import { screen, within } from '@testing-library/react';
import { addOwnPaper, addPaper, addUser, signInAs } from '@/test/msw/db';
import { renderApp, waitForSession } from '@/test/render';
import { LICENSE_SENTENCE } from './paper-license';

async function openPaper(id: string) {
  const app = renderApp(`/papers/${id}`);
  await waitForSession(app.store);
  // The page is a lazy route: its first import (transform included) can take a while on a busy machine.
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  return app;
}

const DOI = '10.12345/ysj.2026.00042';

describe('the licence and the DOI on /papers/:id', () => {
  it('names the licence of a published paper, linked to its deed with rel="license"', async () => {
    const paper = addPaper({
      license: { id: 'CC-BY-SA-4.0', label: 'CC BY-SA 4.0', name: 'Creative Commons Attribution-ShareAlike 4.0 International', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
    });
    await openPaper(paper.id);
    const link = screen.getByRole('link', { name: 'Creative Commons Attribution-ShareAlike 4.0 International (CC BY-SA 4.0)' });
    expect(link).toHaveAttribute('href', 'https://creativecommons.org/licenses/by-sa/4.0/');
    expect(link).toHaveAttribute('rel', 'license');
    expect(link.parentElement).toHaveTextContent(`${LICENSE_SENTENCE} Creative Commons Attribution-ShareAlike 4.0 International (CC BY-SA 4.0).`);
  });

  it('says nothing of a licence before the paper is published', async () => {
    const author = signInAs('user');
    const paper = addOwnPaper(author, { title: 'Not Out Yet' });
    await openPaper(paper.id);
    expect(screen.queryByText(new RegExp(LICENSE_SENTENCE))).not.toBeInTheDocument();
  });

  it('shows the DOI as its doi.org link, and no DOI row for a paper without one', async () => {
    const withDoi = addPaper({ title: 'With a DOI', doi: DOI });
    const app = await openPaper(withDoi.id);
    expect(screen.getByRole('link', { name: `https://doi.org/${DOI}` })).toHaveAttribute('href', `https://doi.org/${DOI}`);
    app.unmount();

    const without = addPaper({ title: 'Without a DOI' });
    await openPaper(without.id);
    expect(screen.queryByText('DOI')).not.toBeInTheDocument();
  });

  it('offers the editors the Crossref deposit of a published paper with a DOI, and no one else', async () => {
    const owner = addUser({ email: 'owner-doi@example.org' });
    const paper = addOwnPaper(owner, { title: 'Deposited', status: 'published', publishedAt: '2026-01-02T03:04:05.000Z', doi: DOI });
    signInAs('admin');
    const app = await openPaper(paper.id);
    const header = screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(within(header).getByRole('link', { name: 'Download Crossref deposit' })).toHaveAttribute('href', `/api/papers/${paper.id}/crossref-deposit`);
    app.unmount();

    signInAs('user');
    await openPaper(paper.id);
    expect(screen.queryByRole('link', { name: 'Download Crossref deposit' })).not.toBeInTheDocument();
  });
});
