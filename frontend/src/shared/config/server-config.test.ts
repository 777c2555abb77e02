import { journal } from '@/shared/content/journal';
import { readJournalName, readPublicUrl } from './server-config';

describe('the journal as the server configured it', () => {
  const page = (block: unknown) => {
    const doc = document.implementation.createHTMLDocument('journal');
    doc.head.innerHTML = `<script id="journal-config" type="application/json">${JSON.stringify(block)}</script>`;
    return doc;
  };

  it("takes the journal's name, and the content's without one", () => {
    expect(readJournalName(page({ journal: { name: 'Junior Science' } }))).toBe('Junior Science');
    for (const block of [{}, { journal: { name: '  ' } }, { journal: { name: 7 } }]) expect(readJournalName(page(block))).toBe(journal.name);
    expect(readJournalName(undefined)).toBe(journal.name);
  });

  it('takes the public address without a trailing slash, and the page\'s own origin for anything that is no http(s) address', () => {
    expect(readPublicUrl(page({ publicUrl: 'https://journal.example.org/' }))).toBe('https://journal.example.org');
    expect(readPublicUrl(page({ publicUrl: 'http://localhost:3000' }))).toBe('http://localhost:3000');
    for (const publicUrl of ['javascript:alert(1)', 'https://x.example/"><script>', 42, undefined]) {
      expect(readPublicUrl(page({ publicUrl }))).toBe('');
    }
    expect(readPublicUrl(document)).toBe(window.location.origin);
  });
});
