import { Inject, Injectable } from '@nestjs/common';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ReadCaching, representationOf, sendConditionally } from '../../../common/http/conditional-get.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { PaperNotFoundException } from '../catalogue.exception.js';
import { toPaperCard } from '../paper-card.js';
import type { PublishedPaper } from '../published-paper.js';
import { PublishedPapersRepository } from '../published-papers.repository.js';
import { CITATION_MEDIA, type CitationFormat, citationSlugOf, formatCitation, toCslItem } from './paper-citation.js';

/** One paper's citation in one format, ready to send. */
export interface PaperCitation {
  body: string;
  contentType: string;
  /** For BibTeX and RIS: what the browser saves it as. */
  fileName: string | null;
}

/**
 * Formatted citations kept, by paper, version and format. citeproc takes milliseconds per
 * reference, and every paper page's HTML carries its APA reference: a paper is formatted once
 * per change, not once per visit.
 */
const CACHED_CITATIONS = 2000;

/** "How to cite": only published papers, for everyone (404 otherwise, like a visitor's GET /papers/{id}). */
@Injectable()
export class PaperCitationsService {
  private readonly formatted = new LRUCache<string, string>({ max: CACHED_CITATIONS });

  constructor(
    private readonly papers: PublishedPapersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async cite(id: string, format: CitationFormat): Promise<PaperCitation> {
    const paper = await this.papers.findPublished(id);
    if (!paper) throw new PaperNotFoundException();
    const { contentType, extension } = CITATION_MEDIA[format];
    return { body: this.reference(paper, format), contentType, fileName: extension ? `${citationSlugOf(paper.title)}.${extension}` : null };
  }

  /**
   * A published paper in one format. The item comes from the card, which applies the display
   * rules, so the citation's date is the one the journal shows. Keyed by the row's updated_at,
   * which every change of the paper moves.
   */
  reference(paper: PublishedPaper, format: CitationFormat): string {
    const key = `${paper.id}:${paper.updatedAt.getTime()}:${paper.doi ?? ''}:${format}`;
    const cached = this.formatted.get(key);
    if (cached !== undefined) return cached;
    const card = toPaperCard(paper, this.config.papers.arxivDetailPageId);
    const item = toCslItem(
      { ...card, keywords: paper.keywords, doi: paper.doi },
      { name: this.config.journal.name, issn: this.config.journal.issn, publicUrl: this.config.http.publicUrl },
    );
    const text = formatCitation(item, format);
    this.formatted.set(key, text);
    return text;
  }
}

/**
 * Sends a citation like the other public reads: an ETag, `Cache-Control: public, no-cache`
 * (an unpublished paper's citation must not outlive it) and 304 on a matching If-None-Match.
 */
export function sendCitation(reply: FastifyReply, citation: PaperCitation): Buffer | undefined {
  if (citation.fileName) void reply.header('content-disposition', contentDisposition(citation.fileName, { type: 'attachment' }));
  const representation = { ...representationOf(Buffer.from(citation.body, 'utf8')), type: citation.contentType };
  return sendConditionally(reply, representation, { caching: ReadCaching.Shared });
}
