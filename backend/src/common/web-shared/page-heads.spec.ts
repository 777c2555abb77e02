import { DESCRIPTION_MAX_LENGTH, INDEXABLE_STATIC_PATHS, canonicalUrl, descriptionOf, notFoundHead, pageHeads, pageTitle } from './page-heads.js';

describe('pageHeads', () => {
  const heads = pageHeads('Junior Science');
  const PUBLIC_PAGES = ['/', '/papers', '/guidelines', '/contact', '/staff', '/journals'];

  it('titles every route differently, the journal name last', () => {
    const titles = [...heads.values(), notFoundHead('Junior Science')].map((head) => head.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) expect(title).toMatch(/^\S.* · Junior Science$/);
    expect(heads.get('/guidelines')?.title).toBe('Submission Guidelines · Junior Science');
  });

  it('describes each public page in its own words, naming the journal, and the others by the journal alone', () => {
    const descriptions = PUBLIC_PAGES.map((path) => heads.get(path)?.description);
    expect(new Set(descriptions).size).toBe(PUBLIC_PAGES.length);
    for (const description of descriptions) {
      expect(description).toContain('Junior Science');
      expect(description!.length).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH);
    }
    for (const [pattern, head] of heads) if (!head.indexable) expect([pattern, head.description]).toEqual([pattern, heads.get('/')?.description]);
  });

  it('opens to crawlers the public pages of the spec and a paper, and no page of the signed-in areas', () => {
    expect([...heads].filter(([, head]) => head.indexable).map(([pattern]) => pattern)).toEqual([...PUBLIC_PAGES.slice(0, 2), '/papers/:id', ...PUBLIC_PAGES.slice(2)]);
    expect(INDEXABLE_STATIC_PATHS).toEqual(PUBLIC_PAGES);
    expect(notFoundHead('Junior Science').indexable).toBe(false);
  });
});

describe('pageTitle', () => {
  it('puts the page before the journal', () => {
    expect(pageTitle('Bees and Basil', 'Junior Science')).toBe('Bees and Basil · Junior Science');
  });
});

describe('descriptionOf', () => {
  it('keeps a short text whole and cuts a long one to the limit, an ellipsis marking the cut', () => {
    expect(descriptionOf('Bees visit basil.')).toBe('Bees visit basil.');
    const long = `${'word '.repeat(100)}end`;
    const cut = descriptionOf(long);
    expect(cut.length).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH);
    expect(cut.length).toBeGreaterThan(DESCRIPTION_MAX_LENGTH - 6);
    expect(cut.endsWith('word…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(descriptionOf('x'.repeat(DESCRIPTION_MAX_LENGTH))).toHaveLength(DESCRIPTION_MAX_LENGTH);
  });
});

describe('canonicalUrl', () => {
  it('is PUBLIC_URL and the path', () => {
    expect(canonicalUrl('https://journal.example.org', '/')).toBe('https://journal.example.org/');
    expect(canonicalUrl('https://journal.example.org', '/papers')).toBe('https://journal.example.org/papers');
  });
});
