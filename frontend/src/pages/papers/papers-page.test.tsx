import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { firstPapersPageUrl } from '@/features/papers';
import { env } from '@/shared/config/env';
import { addPaper, db } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { expectToast, renderApp, waitForSession } from '@/test/render';

const SEARCH = 'Search papers, authors, or keywords...';

async function openPapers(path = '/papers') {
  const app = renderApp(path);
  await waitForSession(app.store);
  return app;
}

function cardTitles(): string[] {
  const list = screen.queryByRole('list', { name: 'Published papers' });
  if (!list) return [];
  return within(list).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
}

function lastListRequest(): URLSearchParams {
  const request = db.paperListRequests.at(-1);
  if (!request) throw new Error('no GET /api/papers request was made');
  return request;
}

describe('/papers', () => {
  it('shows a card per published paper with category, date, title, authors, school, abstract and a detail link', async () => {
    const paper = addPaper({
      title: 'Soil Bacteria and Plant Growth',
      authors: [
        { name: 'Maya Chen', school: 'Lincoln High School' },
        { name: 'Jordan Alvarez', school: null },
      ],
      category: 'Biology',
      publishedAt: '2025-07-04T12:00:00.000Z',
      school: 'Lincoln High School',
      abstract: 'We grew beans in sterilised and ordinary soil.',
    });
    addPaper({ title: 'Draft paper', status: 'submitted' });
    await openPapers();

    const card = (await screen.findByRole('heading', { name: 'Soil Bacteria and Plant Growth' })).closest('article')!;
    const inCard = within(card);
    expect(inCard.getByText('Biology')).toBeInTheDocument();
    expect(inCard.getByText('July 4, 2025')).toBeInTheDocument();
    expect(inCard.getByText('Maya Chen, Jordan Alvarez')).toBeInTheDocument();
    expect(inCard.getByText('Lincoln High School')).toBeInTheDocument();
    const abstract = inCard.getByText('We grew beans in sterilised and ordinary soil.');
    expect(abstract).toHaveClass('line-clamp-3');
    const link = inCard.getByRole('link', { name: /Read Full Paper/ });
    expect(link).toHaveAttribute('href', `/papers/${paper.id}`);
    expect(link).not.toHaveAttribute('target');
    expect(cardTitles()).toEqual(['Soil Bacteria and Plant Growth']);
  });

  it('opens the PDF in a new tab for a card the server marks opensPdfDirectly', async () => {
    // The server applies the display rules (an arXiv import, a special title) and says so.
    const direct = addPaper({ title: 'Hopfield Network Models of Memory', opensPdfDirectly: true });
    addPaper({ title: 'Ordinary Paper', opensPdfDirectly: false });
    await openPapers();
    const card = (await screen.findByRole('heading', { name: 'Hopfield Network Models of Memory' })).closest('article')!;
    const link = within(card).getByRole('link', { name: /Read Full Paper/ });
    expect(link).toHaveAttribute('href', `/api/papers/${direct.id}/pdf`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    const ordinary = screen.getByRole('heading', { name: 'Ordinary Paper' }).closest('article')!;
    expect(within(ordinary).getByRole('link', { name: /Read Full Paper/ })).not.toHaveAttribute('target');
  });

  it('asks first for the very request its HTML preloads, in the credentials mode the preload is made for', async () => {
    // The server names firstPapersPageUrl in /papers' HTML (<link rel="preload" as="fetch"
    // crossorigin="anonymous">); the browser hands the page that answer only for the same URL
    // with credentials 'same-origin', and otherwise fetches it a second time.
    const requests: Request[] = [];
    server.use(
      http.get('*/api/papers', ({ request }) => {
        requests.push(request.clone());
      }),
    );
    addPaper({ title: 'Soil Bacteria and Plant Growth' });
    await openPapers();
    await screen.findByRole('heading', { name: 'Soil Bacteria and Plant Growth' });
    expect(requests.length).toBeGreaterThan(0);
    const first = new URL(requests[0].url);
    expect(`${first.pathname}${first.search}`).toBe(firstPapersPageUrl(env.API_BASE_URL));
    expect(requests[0].credentials).toBe('same-origin');
    expect(requests[0].method).toBe('GET');
  });

  it('shows a spinner while the papers load', async () => {
    addPaper({ title: 'Slow paper' });
    await openPapers();
    expect(screen.getByRole('status', { name: 'Loading papers' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Slow paper' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading papers' })).not.toBeInTheDocument();
  });

  it('says nothing is published yet when there are no papers at all', async () => {
    await openPapers();
    expect(await screen.findByText('No papers have been published yet. Be the first to contribute!')).toBeInTheDocument();
    expect(screen.queryByText('No papers found matching your criteria.')).not.toBeInTheDocument();
  });

  it('says no paper matches when a search finds nothing', async () => {
    addPaper({ title: 'Photosynthesis in Algae' });
    const { user } = await openPapers();
    await screen.findByRole('heading', { name: 'Photosynthesis in Algae' });
    await user.type(screen.getByPlaceholderText(SEARCH), 'quantum');
    expect(await screen.findByText('No papers found matching your criteria.')).toBeInTheDocument();
    expect(screen.queryByText('No papers have been published yet. Be the first to contribute!')).not.toBeInTheDocument();
  });

  it('searches on the server: typing puts q in the URL after a pause and in the API request', async () => {
    addPaper({ title: 'Photosynthesis in Algae' });
    addPaper({ title: 'Bridges and Loads', category: 'Physics' });
    const { user, router } = await openPapers();
    await screen.findByRole('heading', { name: 'Bridges and Loads' });
    const requestsBefore = db.paperListRequests.length;

    await user.type(screen.getByPlaceholderText(SEARCH), 'ALGAE');
    // Debounced: one request for the whole word, not one per keystroke.
    await waitFor(() => expect(router.state.location.search).toBe('?q=ALGAE'));
    await waitFor(() => expect(cardTitles()).toEqual(['Photosynthesis in Algae']));
    const searches = db.paperListRequests.slice(requestsBefore);
    expect(searches.map((params) => params.get('q'))).toEqual(['ALGAE']);
    expect(lastListRequest().get('cursor')).toBeNull();
  });

  it('never filters in the browser: it shows whatever the server answers for the query', async () => {
    server.use(
      http.get('*/api/papers', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        const title = q ? `Server result for ${q}` : 'Unfiltered';
        return HttpResponse.json({
          items: [{ ...addPaper({ title }), status: undefined, keywords: undefined }],
          nextCursor: null,
        });
      }),
    );
    const { user } = await openPapers();
    await screen.findByRole('heading', { name: 'Unfiltered' });
    await user.type(screen.getByPlaceholderText(SEARCH), 'zebra');
    expect(await screen.findByRole('heading', { name: 'Server result for zebra' })).toBeInTheDocument();
  });

  it('reads the search from a shared URL and the back button restores the previous one', async () => {
    addPaper({ title: 'Photosynthesis in Algae', category: 'Biology' });
    addPaper({ title: 'Acid Rain and Limestone', category: 'Chemistry' });
    const { user, router } = await openPapers('/papers?q=algae');
    expect(screen.getByPlaceholderText(SEARCH)).toHaveValue('algae');
    await waitFor(() => expect(cardTitles()).toEqual(['Photosynthesis in Algae']));
    expect(lastListRequest().get('q')).toBe('algae');

    await user.clear(screen.getByPlaceholderText(SEARCH));
    await user.type(screen.getByPlaceholderText(SEARCH), 'acid');
    await waitFor(() => expect(cardTitles()).toEqual(['Acid Rain and Limestone']));
    expect(router.state.location.search).toBe('?q=acid');

    await router.navigate(-1);
    await waitFor(() => expect(screen.getByPlaceholderText(SEARCH)).toHaveValue('algae'));
    await waitFor(() => expect(cardTitles()).toEqual(['Photosynthesis in Algae']));
  });

  it('filters by category through the URL and the API, and All Categories clears the filter', async () => {
    addPaper({ title: 'Photosynthesis in Algae', category: 'Biology' });
    addPaper({ title: 'Acid Rain and Limestone', category: 'Chemistry' });
    const { user, router } = await openPapers();
    await screen.findByRole('heading', { name: 'Acid Rain and Limestone' });

    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All Categories',
      'Environmental Science',
      'Chemistry',
      'Physics',
      'Biology',
      'Computer Science',
      'Mathematics',
    ]);
    await user.selectOptions(select, 'Chemistry');
    await waitFor(() => expect(router.state.location.search).toBe('?category=Chemistry'));
    await waitFor(() => expect(cardTitles()).toEqual(['Acid Rain and Limestone']));
    expect(lastListRequest().get('category')).toBe('Chemistry');

    await user.selectOptions(select, 'All Categories');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(cardTitles()).toHaveLength(2));
    // The unfiltered list (asked for without a category) comes back from the cache.
    expect(db.paperListRequests.map((params) => params.get('category'))).toEqual([null, 'Chemistry']);
  });

  it('says no paper matches when a category has none', async () => {
    addPaper({ title: 'Photosynthesis in Algae', category: 'Biology' });
    await openPapers('/papers?category=Mathematics');
    expect(await screen.findByText('No papers found matching your criteria.')).toBeInTheDocument();
  });

  it('loads more papers with the cursor of the previous page', async () => {
    for (let i = 1; i <= 14; i += 1) addPaper({ title: `Study number ${i}` });
    const { user } = await openPapers();
    await screen.findByRole('heading', { name: 'Study number 14' });
    expect(cardTitles()).toHaveLength(12);
    expect(cardTitles()).not.toContain('Study number 2');
    const firstPageLast = db.papers.find((paper) => paper.title === 'Study number 3')!;

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(14));
    expect(cardTitles().slice(-2)).toEqual(['Study number 2', 'Study number 1']);
    expect(lastListRequest().get('cursor')).toBe(firstPageLast.id);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the error toast when the papers cannot be loaded', async () => {
    server.use(http.get('*/api/papers', () => HttpResponse.json({ statusCode: 500, code: 'INTERNAL', message: 'boom' }, { status: 500 })));
    await openPapers();
    await expectToast('Error', 'Failed to load papers. Please try again.');
  });
});
