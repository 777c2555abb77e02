import { applyDocumentHead } from './document-head';

describe('applyDocumentHead', () => {
  const page = (head: string) => {
    const doc = document.implementation.createHTMLDocument('');
    doc.head.innerHTML = head;
    return doc;
  };
  const tagsOf = (doc: Document) => doc.head.innerHTML;

  it('rewrites the title, description and canonical link the page was served with, in place', () => {
    const doc = page('<title>Journal</title><meta name="description" content="A journal."><link rel="canonical" href="https://journal.example.org/">');
    applyDocumentHead({ title: 'Editorial Board · Journal', description: 'The editors.', canonical: 'https://journal.example.org/staff' }, doc);
    expect(tagsOf(doc)).toBe('<title>Editorial Board · Journal</title><meta name="description" content="The editors."><link rel="canonical" href="https://journal.example.org/staff">');
  });

  it('adds what the page lacks, and removes the canonical link of a page crawlers do not index', () => {
    const doc = page('');
    applyDocumentHead({ title: 'Guidelines · Journal', description: 'How to submit.', canonical: 'https://journal.example.org/guidelines' }, doc);
    expect(doc.title).toBe('Guidelines · Journal');
    expect(doc.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe('https://journal.example.org/guidelines');
    applyDocumentHead({ title: 'Sign In · Journal', description: 'A journal.', canonical: null }, doc);
    expect(doc.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(doc.head.querySelectorAll('title, meta[name="description"]')).toHaveLength(2);
  });
});
