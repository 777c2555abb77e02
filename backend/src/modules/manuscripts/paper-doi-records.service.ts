import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { toPaperCard } from '../catalogue/paper-card.js';
import { type DepositSource, type DoiPapers, PaperDoisService } from '../dois/paper-dois.service.js';
import { PaperStatus } from './entities/paper-status.js';
import { ResearchPaper } from './entities/research-paper.entity.js';

/**
 * The papers' side of DOIs (modules/dois): `research_papers` is this module's, so the DOIs are
 * written and the deposited paper read here, registered with the dois module at start, in the
 * API and in the worker (that module cannot inject this one: this module imports it).
 */
@Injectable()
export class PaperDoiRecords implements DoiPapers, OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly dois: PaperDoisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.dois.usePapers(this);
  }

  assign(em: EntityManager | undefined, prefix: string, stem: string, paperId?: string): Promise<number> {
    return (em ?? this.em.fork()).getRepository(ResearchPaper).assignDois(prefix, stem, paperId);
  }

  async depositSource(paperId: string): Promise<DepositSource | null> {
    const paper = await this.em.fork().findOne(ResearchPaper, { id: paperId });
    if (!paper) return null;
    const card = toPaperCard(paper, this.config.papers.arxivDetailPageId);
    return { id: paper.id, card, published: paper.status === (PaperStatus.Published as string), doi: paper.doi ?? null, license: paper.license, publishedAt: paper.publishedAt ?? null };
  }
}
