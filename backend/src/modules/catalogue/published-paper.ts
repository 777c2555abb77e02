import type { LicenseId } from '../../config/licenses.js';

/** One author line of a paper, as the submission form collects it (the e-mail is never shown in public). */
export interface PaperAuthor {
  name: string;
  email: string;
  school: string;
}

/** A published paper as the catalogue reads it (PublishedPapersRepository): what its page, citation and feed show. */
export interface PublishedPaper {
  id: string;
  title: string;
  abstract: string;
  category: string;
  keywords: string | null;
  authors: PaperAuthor[];
  license: LicenseId;
  doi: string | null;
  sourceId: string | null;
  pdfStorageKey: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
}

/**
 * When a published paper last changed, in SQL over research_papers: its row's updated_at (a new
 * PDF version, a decision), never before its publication. The sitemap's <lastmod>, the feed's
 * <updated> and the OAI-PMH datestamp all read it, so the three agree.
 */
export const LAST_MODIFIED_SQL = 'greatest(updated_at, published_at)';
