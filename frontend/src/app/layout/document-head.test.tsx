import { act, screen, waitFor } from '@testing-library/react';
import { pageHeads } from '@journal/web-shared/page-heads';
import { SERVER_CONFIG_ELEMENT_ID } from '@/shared/config/server-config';
import { journal } from '@/shared/content/journal';
import { addPaper } from '@/test/msw/db';
import { renderApp, waitForSession } from '@/test/render';
import { documentHeadOf } from './document-head';

const NAME = journal.name;
const ORIGIN = window.location.origin;
const heads = pageHeads(NAME);

/** What a search engine reads of the document's head once the page has rendered. */
function currentHead() {
  const descriptions = [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]')].map((meta) => meta.content);
  const canonicals = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]')].map((link) => link.href);
  return { title: document.title, titles: document.querySelectorAll('title').length, descriptions, canonicals };
}

/** The head as the server serves the page (web-app-shell.ts): a title, a description, maybe a canonical link. */
function serveHead(title: string, description: string, canonical: string | null) {
  document.head.innerHTML = `<title>${title}</title><meta name="description" content="${description}">${canonical ? `<link rel="canonical" href="${canonical}">` : ''}`;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('documentHeadOf', () => {
  it("gives a route the server's head for it, the canonical link at the public address for an indexable page only", () => {
    expect(documentHeadOf('/guidelines', null, 'Junior Science', 'https://journal.example.org')).toEqual({
      title: 'Submission Guidelines · Junior Science',
      description: pageHeads('Junior Science').get('/guidelines')?.description,
      canonical: 'https://journal.example.org/guidelines',
    });
    expect(documentHeadOf('/Guidelines/', null, NAME, ORIGIN).canonical).toBe(`${ORIGIN}/guidelines`);
    expect(documentHeadOf('/', null, NAME, ORIGIN).canonical).toBe(`${ORIGIN}/`);
    expect(documentHeadOf('/papers/abc-1', null, NAME, ORIGIN).canonical).toBe(`${ORIGIN}/papers/abc-1`);
    for (const path of ['/auth', '/submit', '/review/3', '/admin']) expect(documentHeadOf(path, null, NAME, ORIGIN).canonical).toBeNull();
  });

  it('names an address no route matches as not found, with nothing to index', () => {
    expect(documentHeadOf('/no/such/page', null, NAME, ORIGIN)).toMatchObject({ title: `Page Not Found · ${NAME}`, canonical: null });
  });

  it("takes a page's own name and description only at the address it was given for", () => {
    const own = { pathname: '/papers/abc-1', name: 'Bees and Basil', description: `${'Long abstract. '.repeat(40)}` };
    const head = documentHeadOf('/papers/abc-1', own, NAME, ORIGIN);
    expect(head.title).toBe(`Bees and Basil · ${NAME}`);
    expect(head.description.length).toBeLessThanOrEqual(300);
    expect(head.description.endsWith('…')).toBe(true);
    expect(documentHeadOf('/papers/other', own, NAME, ORIGIN).title).toBe(heads.get('/papers/:id')?.title);
  });
});

describe('the document head as the app navigates', () => {
  it('rewrites the served title, description and canonical link on every client-side navigation, never adding a second', async () => {
    serveHead(`Published Papers · ${NAME}`, 'served', `${ORIGIN}/papers`);
    const { store, router } = renderApp('/papers');
    await waitForSession(store);
    for (const path of ['/', '/guidelines', '/contact', '/staff', '/journals', '/papers']) {
      await act(() => router.navigate(path));
      await waitFor(() =>
        expect(currentHead()).toEqual({ title: heads.get(path)?.title, titles: 1, descriptions: [heads.get(path)?.description], canonicals: [`${ORIGIN}${path}`] }),
      );
    }
    expect(new Set(['/', '/papers', '/guidelines', '/contact'].map((path) => heads.get(path)?.title)).size).toBe(4);
  });

  it('drops the canonical link on a page closed to crawlers, and names a missing page as not found', async () => {
    serveHead(`Submission Guidelines · ${NAME}`, 'served', `${ORIGIN}/guidelines`);
    const { store, router } = renderApp('/guidelines');
    await waitForSession(store);
    await act(() => router.navigate('/auth'));
    await waitFor(() => expect(currentHead()).toEqual({ title: `Sign In · ${NAME}`, titles: 1, descriptions: [heads.get('/auth')?.description], canonicals: [] }));
    await act(() => router.navigate('/nowhere'));
    await screen.findByRole('heading', { name: 'Oops! Page not found' });
    await waitFor(() => expect(currentHead()).toMatchObject({ title: `Page Not Found · ${NAME}`, canonicals: [] }));
  });

  it("names a paper's page by the paper once it has loaded, as the server names it", async () => {
    const paper = addPaper({ title: 'Microplastics After Rain', abstract: 'Concentrations rose after storms.' });
    const { store, router } = renderApp('/guidelines');
    await waitForSession(store);
    await act(() => router.navigate(`/papers/${paper.id}`));
    await screen.findByRole('heading', { level: 1, name: 'Microplastics After Rain' });
    await waitFor(() =>
      expect(currentHead()).toEqual({
        title: `Microplastics After Rain · ${NAME}`,
        titles: 1,
        descriptions: ['Concentrations rose after storms.'],
        canonicals: [`${ORIGIN}/papers/${paper.id}`],
      }),
    );
    // Leaving the paper, its name goes with it.
    await act(() => router.navigate('/papers'));
    await waitFor(() => expect(document.title).toBe(heads.get('/papers')?.title));
  });

  it("uses the journal's configured name and public address from the server's config block", async () => {
    const block = document.createElement('script');
    block.id = SERVER_CONFIG_ELEMENT_ID;
    block.type = 'application/json';
    block.textContent = JSON.stringify({ journal: { name: 'Junior Science' }, publicUrl: 'https://journal.example.org' });
    document.head.append(block);
    const { store } = renderApp('/contact');
    await waitForSession(store);
    await waitFor(() =>
      expect(currentHead()).toMatchObject({ title: 'Contact the Editorial Team · Junior Science', canonicals: ['https://journal.example.org/contact'] }),
    );
  });
});
