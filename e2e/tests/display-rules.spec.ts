import { deletePapers, insertPaper, uniqueWord } from '../support/db.js';
import { expect, test, type Page } from '../support/fixtures.js';
import { PapersPage, expectPdf, noPapersMatching } from '../support/papers-page.js';

// The spec's special rules on /papers (backend/src/modules/catalogue/display-rules.ts): a title with
// 'Alzheimer's Disease' or 'Hopfield Network' counts and shows as Biology, dated October 2024;
// such papers and arXiv imports (source id 'arxiv-…') open their PDF in a new tab.
// The papers are inserted through SQL, as an import would, and removed afterwards.

const inserted: string[] = [];
test.afterAll(async () => {
  await deletePapers(inserted);
});

async function expectOpensPdfInNewTab(page: Page, papers: PapersPage, title: string, id: string): Promise<void> {
  const link = papers.readLink(title);
  await expect(link).toHaveAttribute('target', '_blank');
  const href = await link.getAttribute('href');
  expect(href, 'the card links to the PDF, not to the detail page').toContain(`/api/papers/${id}/pdf`);
  await expectPdf(page.context().request, href!);
  const popup = page.waitForEvent('popup');
  await link.click();
  await (await popup).close();
  await expect(page, 'the list stays open').toHaveURL(/\/papers(\?|$)/);
}

for (const fragment of ['Hopfield Network', 'Alzheimer’s Disease']) {
  test(`a '${fragment}' paper shows as Biology, October 2024, and opens its PDF in a new tab`, async ({ page }) => {
    const word = uniqueWord('special');
    const title = `Early Signs of ${fragment} in a Small Cohort ${word}`;
    const id = await insertPaper({ title, category: 'Physics' });
    inserted.push(id);

    const papers = new PapersPage(page);
    await papers.goto(`?q=${word}`);
    const card = papers.card(title);
    await expect(card).toBeVisible();
    await expect(card).toContainText('Biology');
    await expect(card).not.toContainText('Physics');
    await expect(card).toContainText(/October 2024|Oct(ober)? \d{1,2}, 2024|\d{1,2} Oct(ober)? 2024|2024-10/);
    await expectOpensPdfInNewTab(page, papers, title, id);

    // The paper's own page, opened from a shared link, follows the same rules.
    const detail = await page.context().request.get(`/api/papers/${id}`);
    expect(await detail.json()).toMatchObject({ category: 'Biology', opensPdfDirectly: true, publishedAt: expect.stringMatching(/^2024-10-01/) });
    await page.goto(`/papers/${id}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(/October 1, 2024|1 October 2024|2024-10-01/);
    await expect(page.getByRole('main')).not.toContainText('Physics');
  });
}

test("a 'Hopfield Network' paper stored as Physics is found under Biology, not Physics", async ({ page }) => {
  const word = uniqueWord('hopfilter');
  const title = `Hopfield Network Recall Under Noise ${word}`;
  inserted.push(await insertPaper({ title, category: 'Physics' }));

  const papers = new PapersPage(page);
  await papers.goto(`?q=${word}&category=Biology`);
  await expect(papers.card(title)).toBeVisible();
  await papers.goto(`?q=${word}&category=Physics`);
  await expect(page.getByText(noPapersMatching)).toBeVisible();
});

test("an arXiv import ('arxiv-' source id) opens its PDF in a new tab", async ({ page }) => {
  const word = uniqueWord('arxiv');
  const title = `Spectral Lines of Nearby Stars ${word}`;
  // A unique id of the same shape as 'arxiv-2401.00001', so reruns on one database never clash.
  const sourceId = `arxiv-2401.${String(Date.now() % 100000).padStart(5, '0')}`;
  const id = await insertPaper({ title, category: 'Physics', sourceId });
  inserted.push(id);

  const papers = new PapersPage(page);
  await papers.goto(`?q=${word}`);
  const card = papers.card(title);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Physics');
  await expectOpensPdfInNewTab(page, papers, title, id);
});

test('the one configured arXiv paper (ARXIV_DETAIL_PAGE_ID) opens its detail page', async ({ page }) => {
  const sourceId = process.env.E2E_ARXIV_DETAIL_PAGE_ID;
  test.skip(!sourceId, 'E2E_ARXIV_DETAIL_PAGE_ID is not set for this external stack');
  const word = uniqueWord('arxivpage');
  const title = `Orbital Resonances in a Toy Solar System ${word}`;
  const id = await insertPaper({ title, category: 'Physics', sourceId });
  inserted.push(id);

  const papers = new PapersPage(page);
  await papers.goto(`?q=${word}`);
  const link = papers.readLink(title);
  await expect(link).not.toHaveAttribute('target', '_blank');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/papers/${id}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test('an ordinary paper opens its detail page from the card', async ({ page }) => {
  const word = uniqueWord('ordinary');
  const title = `Soil Moisture Sensors for School Gardens ${word}`;
  const id = await insertPaper({ title, category: 'Environmental Science' });
  inserted.push(id);

  const papers = new PapersPage(page);
  await papers.goto(`?q=${word}`);
  const link = papers.readLink(title);
  await expect(link).not.toHaveAttribute('target', '_blank');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/papers/${id}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});
