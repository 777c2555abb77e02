import { deletePapers, demoPapers, insertPaper, uniqueWord } from '../support/db.js';
import { expect, test } from '../support/fixtures.js';
import { specText } from '../support/text.js';

// The server decides who sees a paper (docs/api.md, "Papers (public reading)").

const inserted: string[] = [];
test.afterAll(async () => {
  await deletePapers(inserted);
});

test('a visitor opening an unpublished paper sees the error, and its PDF answers 404', async ({ page, request }) => {
  const word = uniqueWord('unpublished');
  const title = `Draft Findings on Pond Algae ${word}`;
  const id = await insertPaper({ title, status: 'under_review' });
  inserted.push(id);

  await page.goto(`/papers/${id}`);
  await expect(page.getByText(specText('Error loading paper or paper not found.'))).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  expect((await request.get(`/api/papers/${id}`)).status()).toBe(404);
  expect((await request.get(`/api/papers/${id}/pdf`)).status()).toBe(404);

  const list = await request.get(`/api/papers?q=${word}`);
  expect(list.status()).toBe(200);
  expect(((await list.json()) as { items: unknown[] }).items).toEqual([]);
});

for (const [what, id] of [['does not exist', '00000000-0000-4000-8000-000000000000'], ['has a malformed id', 'not-a-paper-id']]) {
  test(`a paper that ${what} shows the same error`, async ({ page }) => {
    await page.goto(`/papers/${id}`);
    await expect(page.getByText(specText('Error loading paper or paper not found.'))).toBeVisible();
  });
}

test('the owner and an admin see an unpublished paper and its PDF; another reviewer does not', async ({ pageAs }) => {
  const word = uniqueWord('owner');
  const title = `Owner-Only Draft on Leaf Stomata ${word}`;
  // insertPaper makes the demo author the owner.
  const id = await insertPaper({ title, status: 'under_review' });
  inserted.push(id);

  for (const role of ['author', 'admin'] as const) {
    const page = await pageAs(role);
    await page.goto(`/papers/${id}`);
    await expect(page.getByRole('heading', { name: title }), `${role} sees the paper`).toBeVisible();
    await expect(page.getByRole('main')).toContainText(/under review/i);
    const pdf = await page.context().request.get(`/api/papers/${id}/pdf`);
    expect(pdf.status(), `${role} opens the PDF`).toBe(200);
  }

  const reviewer = await pageAs('reviewer');
  await reviewer.goto(`/papers/${id}`);
  await expect(reviewer.getByText(specText('Error loading paper or paper not found.'))).toBeVisible();
  expect((await reviewer.context().request.get(`/api/papers/${id}/pdf`)).status()).toBe(404);
});

test('the HTML of an unpublished paper page tells nothing about it', async ({ request }) => {
  const word = uniqueWord('secret');
  const title = `Unreleased Results on Yeast Fermentation ${word}`;
  const id = await insertPaper({ title, status: 'accepted' });
  inserted.push(id);
  const html = await (await request.get(`/papers/${id}`)).text();
  expect(html).not.toContain(word);
  expect(html).not.toMatch(/citation_title/);
});

test('the paper page carries citation_* meta tags in the HTML the server sends', async ({ request }) => {
  const paper = demoPapers.basil;
  const response = await request.get(`/papers/${paper.id}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/text\/html/);
  const html = await response.text();
  const meta = (name: string) => [...html.matchAll(/<meta\s[^>]*>/gi)]
    .map((match) => match[0])
    .filter((tag) => new RegExp(`(name|property)=["']${name}["']`).test(tag))
    .map((tag) => /content=["']([^"']*)["']/.exec(tag)?.[1]);
  expect(meta('citation_title')).toEqual([paper.title]);
  expect(meta('citation_author')).toEqual([...paper.authors]);
  expect(meta('citation_publication_date')[0]).toMatch(/^2025[/-]08[/-]20$/);
  expect(meta('citation_pdf_url')[0]).toContain(`/api/papers/${paper.id}/pdf`);
  expect(meta('citation_journal_title')[0]).toBeTruthy();
  expect(meta('og:title')).toEqual([paper.title]);
});

test('/sitemap.xml lists the published papers and the static pages', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const xml = await response.text();
  expect(xml).toContain('<urlset');
  for (const paper of Object.values(demoPapers)) expect(xml).toContain(`/papers/${paper.id}</loc>`);
  for (const path of ['/papers', '/guidelines', '/staff', '/journals', '/contact']) expect(xml).toContain(`${path}</loc>`);
});

test('/sitemap.xml leaves out unpublished papers', async ({ request }) => {
  const id = await insertPaper({ title: `Unfinished Survey ${uniqueWord('sitemap')}`, status: 'submitted' });
  inserted.push(id);
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).not.toContain(id);
});

test('/feed.xml is an Atom feed of the newest papers', async ({ request }) => {
  const response = await request.get('/feed.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/atom\+xml/);
  const xml = await response.text();
  expect(xml).toMatch(/<feed[^>]*xmlns=["']http:\/\/www\.w3\.org\/2005\/Atom["']/);
  expect(xml).toContain('<entry');
  expect(xml).toContain(demoPapers.bus.title);
});
