import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { addOwnPaper, addPaper, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { expectToast, renderApp, waitForSession } from '@/test/render';
import { CITATION_COPY_ERROR, CITATION_LOAD_ERROR } from './paper-citation';

async function openPaper(id: string) {
  const app = renderApp(`/papers/${id}`);
  await waitForSession(app.store);
  // The page is a lazy route: its first import (transform included) can take a while on a busy machine.
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  return app;
}

const howToCite = () => screen.getByRole('region', { name: 'How to cite' });

describe('"How to cite" on /papers/:id', () => {
  it('shows the APA and MLA text from the API, and links to the BibTeX and RIS files', async () => {
    const paper = addPaper({ title: 'Microplastics After Rain', authors: [{ name: 'Maya Chen', school: 'Lincoln High School' }] });
    await openPaper(paper.id);

    const section = howToCite();
    expect(within(section).getByRole('heading', { level: 2, name: 'How to cite' })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { level: 3, name: 'APA' })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { level: 3, name: 'MLA' })).toBeInTheDocument();
    expect(await within(section).findByText('APA Maya Chen. Microplastics After Rain. Young Scientists Journal.')).toBeInTheDocument();
    expect(await within(section).findByText('MLA Maya Chen. Microplastics After Rain. Young Scientists Journal.')).toBeInTheDocument();

    expect(within(section).getByRole('link', { name: 'Download BibTeX' })).toHaveAttribute('href', `/api/papers/${paper.id}/citation?format=bibtex`);
    expect(within(section).getByRole('link', { name: 'Download RIS' })).toHaveAttribute('href', `/api/papers/${paper.id}/citation?format=ris`);
  });

  it('copies each citation with its own named button and says so', async () => {
    const paper = addPaper({ title: 'Bees and Basil', authors: [{ name: 'Ana Lopez', school: null }] });
    const { user } = await openPaper(paper.id);
    // user-event's clipboard stub, installed by userEvent.setup().
    await within(howToCite()).findByText(/^MLA Ana Lopez/);

    await user.click(screen.getByRole('button', { name: 'Copy MLA citation' }));
    expect(await navigator.clipboard.readText()).toBe('MLA Ana Lopez. Bees and Basil. Young Scientists Journal.');
    await expectToast('MLA citation copied');
    expect(screen.getByRole('button', { name: 'Copied MLA citation' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy APA citation' }));
    expect(await navigator.clipboard.readText()).toBe('APA Ana Lopez. Bees and Basil. Young Scientists Journal.');
  });

  it('tells the reader when the clipboard refuses', async () => {
    const paper = addPaper({ title: 'Clipboard Denied' });
    const { user } = await openPaper(paper.id);
    await within(howToCite()).findByText(/^APA .*Clipboard Denied/);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy APA citation' }));
    await expectToast('Not copied', CITATION_COPY_ERROR);
    writeText.mockRestore();
  });

  it('says so when a citation cannot be loaded, and keeps its Copy button disabled', async () => {
    server.use(http.get('*/api/papers/:id/citation', () => HttpResponse.json({ statusCode: 500, code: 'INTERNAL', message: 'boom' }, { status: 500 })));
    const paper = addPaper({ title: 'Server Trouble' });
    await openPaper(paper.id);
    await waitFor(() => expect(within(howToCite()).getAllByRole('alert')).toHaveLength(2));
    expect(within(howToCite()).getAllByRole('alert')[0]).toHaveTextContent(CITATION_LOAD_ERROR);
    expect(screen.getByRole('button', { name: 'Copy APA citation' })).toBeDisabled();
  });

  it('is not offered for a paper that is not published, even to its owner', async () => {
    const me = signInAs('user');
    const paper = addOwnPaper(me, { title: 'My Draft', status: 'under_review' });
    await openPaper(paper.id);
    expect(screen.getByRole('heading', { name: 'Abstract' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'How to cite' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Copy .* citation$/ })).not.toBeInTheDocument();
  });
});
