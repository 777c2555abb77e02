import { displayCategory, displayPublishedAt, opensPdfDirectly } from './display-rules.js';
import type { PaperCardDto } from './dtos/paper.dto.js';
import type { PaperAuthor } from './published-paper.js';

/** The columns of research_papers a card is built from, as SQL reads them. */
export interface PaperCardColumns {
  id: string;
  title: string;
  abstract: string;
  category: string;
  authors: PaperAuthor[];
  published_at: Date | string;
  source_id: string | null;
  pdf_storage_key: string | null;
}

/** The fields every card is built from, whichever way the paper was read. */
export interface PaperCardSource {
  id: string;
  title: string;
  abstract: string;
  category: string;
  authors: PaperAuthor[];
  publishedAt: Date | null | undefined;
  sourceId: string | null | undefined;
  pdfStorageKey: string | null | undefined;
}

/** A paper as a card shows it, after the display rules: the list, a paper's page, OAI-PMH, citations and the manuscripts' detail. */
export function toPaperCard(paper: PaperCardSource, arxivDetailPageId: string | null): PaperCardDto {
  const authors = (paper.authors ?? []).map((author) => ({ name: author.name, school: author.school?.trim() || null }));
  const pdfUrl = paper.pdfStorageKey ? `/api/papers/${paper.id}/pdf` : null;
  return {
    id: paper.id,
    title: paper.title,
    authors,
    abstract: paper.abstract,
    category: displayCategory(paper),
    publishedAt: displayPublishedAt({ title: paper.title, publishedAt: paper.publishedAt ?? null })?.toISOString() ?? null,
    school: authors[0]?.school ?? null,
    pdfUrl,
    // Without a file there is nothing to open: the card then links to the detail page.
    opensPdfDirectly: pdfUrl !== null && opensPdfDirectly({ title: paper.title, sourceId: paper.sourceId ?? null }, arxivDetailPageId),
  };
}

/** A card's source from the row SQL read (the list, OAI-PMH's records). */
export function cardSourceOf(row: PaperCardColumns): PaperCardSource {
  return {
    id: row.id,
    title: row.title,
    abstract: row.abstract,
    category: row.category,
    authors: row.authors,
    publishedAt: new Date(row.published_at),
    sourceId: row.source_id,
    pdfStorageKey: row.pdf_storage_key,
  };
}
