import { Cite, type CslItem } from '@citation-js/core';
import request from 'supertest';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config.js';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import type { ResearchPaper } from '../../src/modules/manuscripts/entities/research-paper.entity.js';
import { createAccount, signIn } from '../support/accounts.js';
import { createPaper, uniqueWord } from '../support/papers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ISSN = '2041-4293';

/** Citation.js's own parser, as a reference manager importing the file would read it. */
function parsedBack(text: string): CslItem {
  const items = new Cite(text).data;
  expect(items).toHaveLength(1);
  return items[0];
}

describe('GET /api/papers/:id/citation ("How to cite")', () => {
  let testApp: TestApp;
  let config: AppConfig;
  let owner: { id: string; email: string; password: string };
  let published: ResearchPaper;
  let submitted: ResearchPaper;
  const word = uniqueWord();
  const title = `Ørsted’s compass & 100% {reliable} needles ${word}`;

  beforeAll(async () => {
    testApp = await startTestApp({ env: { JOURNAL_ISSN: ISSN } });
    config = testApp.app.get<AppConfig>(APP_CONFIG);
    owner = await createAccount(testApp);
    published = await createPaper(testApp, {
      userId: owner.id,
      title,
      authors: [
        { name: 'Maya Chen', email: 'maya@example.org', school: 'Lincoln High School' },
        { name: 'José García', email: 'jose@example.org', school: 'Escuela Norte' },
      ],
      keywords: 'magnetism, compasses',
      publishedAt: new Date('2025-09-05T10:00:00.000Z'),
    });
    submitted = await createPaper(testApp, { userId: owner.id, status: PaperStatus.Submitted });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const cite = (id: string, format?: string) => request(testApp.server).get(`/api/papers/${id}/citation`).query(format === undefined ? {} : { format });
  const paperUrl = () => `${config.http.publicUrl}/papers/${published.id}`;

  it('apa: one line of text/plain with the authors, year, title, journal and URL, cacheable by anyone', async () => {
    const response = await cite(published.id, 'apa').expect(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.text).toBe(`Chen, M., & García, J. (2025). ${title}. ${config.journal.name}. ${paperUrl()}`);
    expect(response.text).not.toContain('Lincoln');
  });

  it('mla: one line of text/plain with the full names, title, journal, date and URL', async () => {
    const response = await cite(published.id, 'mla').expect(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.text).toMatch(/^Chen, Maya, and José García\. “Ørsted’s Compass & 100% \{reliable\} Needles \w+\.” /);
    expect(response.text).toContain(`${config.journal.name}, Sept. 2025, ${paperUrl()}.`);
  });

  it('bibtex: an attachment named after the title that parses back to the same paper', async () => {
    const response = await cite(published.id, 'bibtex').buffer(true).expect(200);
    expect(response.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename=rsted-s-compass-100-reliable-needles-${word}.bib`);
    const back = parsedBack(response.text);
    expect(back.title).toBe(title);
    expect(back.author).toEqual([
      { given: 'Maya', family: 'Chen' },
      { given: 'José', family: 'García' },
    ]);
    expect(back.issued?.['date-parts'][0]?.[0]).toBe(2025);
    expect(back.URL).toBe(paperUrl());
    expect(back['container-title']).toBe(config.journal.name);
    expect(back.ISSN).toBe(ISSN);
  });

  it('ris: an attachment that parses back to the same paper, keywords included', async () => {
    const response = await cite(published.id, 'ris').buffer(true).expect(200);
    expect(response.headers['content-type']).toBe('application/x-research-info-systems; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename=rsted-s-compass-100-reliable-needles-${word}.ris`);
    const back = parsedBack(response.text);
    expect(back.type).toBe('article-journal');
    expect(back.title).toBe(title);
    expect(back.author?.map((name) => name.family)).toEqual(['Chen', 'García']);
    expect(back.issued?.['date-parts'][0]).toEqual([2025, 9, 5]);
    expect(back.URL).toBe(paperUrl());
    expect(back.keyword).toBe('magnetism,compasses');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await cite(published.id, 'apa').expect(200);
    const again = await cite(published.id, 'apa').set('If-None-Match', first.headers.etag).expect(304);
    expect(again.text).toBe('');
  });

  it('is 404 for a paper that is not published, even for its owner, and for an unknown or malformed id', async () => {
    await cite(submitted.id, 'apa').expect(404);
    const { accessToken } = await signIn(testApp, owner.email, owner.password);
    const asOwner = await cite(submitted.id, 'bibtex').set('Authorization', `Bearer ${accessToken}`).expect(404);
    expect(asOwner.body).toMatchObject({ code: 'NOT_FOUND' });
    await cite('00000000-0000-4000-8000-000000000000', 'ris').expect(404);
    await cite('not-a-paper', 'apa').expect(404);
  });

  it.each([['chicago'], ['APA'], [''], [undefined]])('is 400 VALIDATION_FAILED for format %p', async (format) => {
    const response = await cite(published.id, format).expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
