import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const searchPlaceholder = 'Search papers, authors, or keywords...';
export const categories = [
  'All Categories', 'Environmental Science', 'Chemistry', 'Physics', 'Biology', 'Computer Science', 'Mathematics',
] as const;
export const noPapersYet = 'No papers have been published yet. Be the first to contribute!';
export const noPapersMatching = 'No papers found matching your criteria.';

/** The published papers list (/papers), found by its placeholder, its select and its cards. */
export class PapersPage {
  constructor(readonly page: Page) {}

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/papers${query}`);
  }

  get searchBox(): Locator {
    return this.page.getByPlaceholder(searchPlaceholder);
  }

  /** The category dropdown (a native select or a combobox), labelled 'Category'. */
  get categorySelect(): Locator {
    return this.page.getByRole('combobox', { name: /categor/i });
  }

  /** Every paper card: the smallest block that holds one 'Read Full Paper' link. */
  get cards(): Locator {
    return this.page
      .locator('article, li, [data-testid="paper-card"]')
      .filter({ has: this.page.getByRole('link', { name: /Read Full Paper/i }) })
      .filter({ hasNot: this.page.locator('article, li').filter({ has: this.page.getByRole('link', { name: /Read Full Paper/i }) }) });
  }

  /** The card whose title is `title`. */
  card(title: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  readLink(title: string): Locator {
    return this.card(title).getByRole('link', { name: /Read Full Paper/i });
  }

  /**
   * Types a search and waits for its answer: the URL carries it, the server answered it and the
   * spinner is gone, so the cards shown are this search's, not the previous list's.
   */
  async search(text: string): Promise<void> {
    const answered = this.page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/papers' && url.searchParams.get('q') === text.trim();
    });
    await this.searchBox.fill(text);
    await this.searchBox.press('Enter');
    await expect(this.page).toHaveURL((url) => url.searchParams.get('q') === text.trim());
    await answered;
    await expect(this.page.getByRole('status', { name: /loading/i })).toHaveCount(0);
  }

  async chooseCategory(category: (typeof categories)[number]): Promise<void> {
    const select = this.categorySelect;
    const tag = await select.evaluate((element) => element.tagName.toLowerCase());
    if (tag === 'select') {
      await select.selectOption({ label: category });
    } else {
      await select.click();
      await this.page.getByRole('option', { name: category, exact: true }).click();
    }
  }
}

/** Asserts that `href` answers 200 with a PDF (through the browser context's cookies). */
export async function expectPdf(request: APIRequestContext, href: string): Promise<void> {
  const response = await request.get(href);
  expect(response.status(), `${href} status`).toBe(200);
  expect(response.headers()['content-type'], `${href} content type`).toMatch(/^application\/pdf/);
  const body = await response.body();
  expect(body.subarray(0, 5).toString('latin1'), `${href} is a PDF`).toBe('%PDF-');
}
