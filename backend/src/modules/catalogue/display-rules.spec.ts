import { categoryFilterSql, displayCategory, displayPublishedAt, hasSpecialTitle, opensPdfDirectly } from './display-rules.js';

describe('display rules', () => {
  it.each([
    ["Early Signs of Alzheimer's Disease in Speech", true],
    ['Early signs of alzheimer’s disease in speech', true],
    ['A Hopfield Network That Remembers Melodies', true],
    ['hopfield networks for sudoku', true],
    ['Alzheimers Disease', false],
    ['Hopfield Nets', false],
    ['Neural networks', false],
  ])('%s is special: %s', (title, expected) => {
    expect(hasSpecialTitle(title)).toBe(expected);
  });

  it('shows special titles as Biology, October 2024, and leaves others alone', () => {
    const published = new Date('2025-06-15T12:00:00Z');
    expect(displayCategory({ title: 'A Hopfield Network for Music', category: 'Computer Science' })).toBe('Biology');
    expect(displayPublishedAt({ title: 'A Hopfield Network for Music', publishedAt: published })?.toISOString()).toBe('2024-10-01T00:00:00.000Z');
    expect(displayCategory({ title: 'Basil growth', category: 'Chemistry' })).toBe('Chemistry');
    expect(displayPublishedAt({ title: 'Basil growth', publishedAt: published })).toBe(published);
    expect(displayPublishedAt({ title: 'Basil growth', publishedAt: null })).toBeNull();
  });

  it('opens the PDF directly for special titles and arXiv papers except the configured one', () => {
    expect(opensPdfDirectly({ title: "Alzheimer's Disease markers", sourceId: null }, null)).toBe(true);
    expect(opensPdfDirectly({ title: 'Plain', sourceId: 'arxiv-2401.01234' }, null)).toBe(true);
    expect(opensPdfDirectly({ title: 'Plain', sourceId: 'arxiv-2401.01234' }, 'arxiv-2401.01234')).toBe(false);
    expect(opensPdfDirectly({ title: 'Plain', sourceId: 'arxiv-2401.09999' }, 'arxiv-2401.01234')).toBe(true);
    expect(opensPdfDirectly({ title: 'Plain', sourceId: 'doi-10.1/x' }, null)).toBe(false);
    expect(opensPdfDirectly({ title: 'Plain', sourceId: null }, null)).toBe(false);
  });

  it('builds the category filter as SQL with the same rule', () => {
    const biology = categoryFilterSql('Biology');
    expect(biology.sql).toMatch(/^\(category = \? or \(.* ilike \? or .* ilike \?\)\)$/);
    expect(biology.params).toEqual(['Biology', "%Alzheimer's Disease%", '%Hopfield Network%']);
    const physics = categoryFilterSql('Physics');
    expect(physics.sql).toMatch(/^\(category = \? and not \(/);
    expect(physics.params[0]).toBe('Physics');
  });
});
