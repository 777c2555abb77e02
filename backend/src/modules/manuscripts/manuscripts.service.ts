import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service.js';
import { Permission } from '../../common/access/permission.js';
import { isUuid } from '../../common/http/uuid-param.pipe.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { licenseOf } from '../../config/licenses.js';
import { lockForTransition, type TransitionGuard } from '../../database/lock-for-transition.js';
import type { AuthUser } from '../auth/auth-user.js';
import { type FileDownload, storedDownload } from '../storage/file-download.js';
import { StorageService } from '../storage/storage.service.js';
import type { MyDashboardDto, MySubmissionDto } from './dtos/my-submission.dto.js';
import type { PaperCardDto } from '../catalogue/dtos/paper.dto.js';
import type { PaperAccessDto, PaperActionsDto, PaperDetailDto } from './dtos/paper-detail.dto.js';
import { PaperStatus, progressOf } from './entities/paper-status.js';
import { ResearchPaper } from './entities/research-paper.entity.js';
import type { MySubmissionRow } from './entities/research-paper.repository.js';
import { type PaperCardSource, toPaperCard } from '../catalogue/paper-card.js';
import { PaperNotFoundException } from '../catalogue/catalogue.exception.js';
import { PaperStageFactsRepository, stageFactsOf } from './paper-stage-facts.repository.js';
import { type PaperStageView, stageOf } from './paper-stage.js';
import { VersionUploadWindowRepository } from './version-upload-window.repository.js';

const RECENT_SUBMISSIONS = 5;

/** The statuses whose papers may be assigned for review (spec section 4; its in_review is under_review here). */
export const REVIEWABLE_STATUSES: readonly PaperStatus[] = [PaperStatus.Submitted, PaperStatus.UnderReview];

/** A paper as other modules show it. */
export interface PaperSummary {
  id: string;
  title: string;
  category: string;
  status: PaperStatus;
  abstract: string;
  createdAt: Date;
  /** The review round the paper is in (1 until the author answers a revision request). */
  round: number;
  ownerId: string;
}

function toSummary(paper: ResearchPaper): PaperSummary {
  return { id: paper.id, title: paper.title, category: paper.category, status: paper.status, abstract: paper.abstract, createdAt: paper.createdAt, round: paper.round, ownerId: paper.userId };
}

function toMySubmission(row: MySubmissionRow): MySubmissionDto {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    status: row.status,
    progress: progressOf(row.status),
    stage: stageOf(stageFactsOf(row)),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    publishedAt: row.published_at ? new Date(row.published_at).toISOString() : null,
    commentCount: Number(row.comment_count),
  };
}

/** Every paper file passed the PDF upload policy (storage/upload/upload-policy.ts), which sniffed it as this. */
export const PAPER_PDF_CONTENT_TYPE = 'application/pdf';

/** The title as a file name: ASCII letters, digits, spaces, dots, dashes and underscores only. */
export function pdfFileNameOf(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ._-]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  return `${base || 'paper'}.pdf`;
}

@Injectable()
export class ManuscriptsService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: AccessService,
    private readonly stageFacts: PaperStageFactsRepository,
    private readonly uploadWindows: VersionUploadWindowRepository,
  ) {}

  async detail(id: string, user: AuthUser | undefined): Promise<PaperDetailDto> {
    const grants = await this.access.requireAccess(user, Permission.PaperRead, [id]);
    const paper = await this.get(id);
    return this.detailOf(paper, user, grants.get(id) ?? new Set());
  }

  /** The detail as this caller may see it now (after a change, say). */
  async toDetail(paper: ResearchPaper, user: AuthUser): Promise<PaperDetailDto> {
    return this.detailOf(paper, user, await this.access.grantsOn(user, paper.id));
  }

  /** What the caller may do is the policy's answer; the authors' e-mails go to those who may discuss the paper. */
  private async detailOf(paper: ResearchPaper, user: AuthUser | undefined, grants: ReadonlySet<Permission>): Promise<PaperDetailDto> {
    const access: PaperAccessDto = {
      owner: user !== undefined && user.id === paper.userId,
      discuss: grants.has(Permission.PaperDiscuss),
      uploadVersion: grants.has(Permission.PaperUploadVersion),
      changeStatus: grants.has(Permission.PaperDecide),
    };
    const actions: PaperActionsDto = {
      readHistory: grants.has(Permission.PaperReadHistory),
      readReviews: grants.has(Permission.PaperReadReviews),
      approveVersion: grants.has(Permission.PaperApproveVersion),
      exportDeposit: grants.has(Permission.PaperExportDeposit),
      assignReviewers: grants.has(Permission.ReviewAssign),
      // Asked only of those who may upload: the reviews' state is nobody else's business.
      versionUpload: access.uploadVersion ? await this.uploadWindows.windowOf(paper) : 'open',
    };
    return {
      ...this.toCard(paper),
      status: paper.status,
      stage: await this.stageOfPaper(paper),
      keywords: paper.keywords ?? null,
      license: licenseOf(paper.license),
      doi: paper.doi ?? null,
      access,
      actions,
      createdAt: paper.createdAt.toISOString(),
      updatedAt: paper.updatedAt.toISOString(),
      authorEmails: access.discuss ? paper.authors.map((author) => author.email) : null,
    };
  }

  private async stageOfPaper(paper: ResearchPaper): Promise<PaperStageView> {
    // A paper deleted between the two reads has no rows of review left: its own row says the rest.
    const facts = await this.stageFacts.factsOf(paper.id);
    return stageOf(facts ?? { status: paper.status, round: paper.round, liveReviews: 0, submittedReviews: 0, declinedReviews: 0, revisionDueAt: null });
  }

  /** The caller's own papers, newest first, with their comment counts. */
  async mine(userId: string, limit?: number): Promise<MySubmissionDto[]> {
    const rows = await this.em.getRepository(ResearchPaper).submissionsOf(userId, limit);
    return rows.map(toMySubmission);
  }

  async dashboard(userId: string): Promise<MyDashboardDto> {
    const counts = await this.em.getRepository(ResearchPaper).dashboardCountsOf(userId);
    return {
      totalSubmissions: counts.total,
      published: counts.published,
      comments: counts.comments,
      revisionsRequested: counts.revisionsRequested,
      recent: await this.mine(userId, RECENT_SUBMISSIONS),
    };
  }

  async openPdf(id: string, user: AuthUser | undefined): Promise<FileDownload> {
    await this.access.requireAccess(user, Permission.PaperReadFile, [id]);
    const paper = await this.get(id);
    const key = paper.pdfStorageKey;
    if (!key) throw new PaperNotFoundException();
    const stored = await this.storage.openReferenced(key);
    return storedDownload(this.storage, key, stored, {
      contentType: PAPER_PDF_CONTENT_TYPE,
      fileName: pdfFileNameOf(paper.title),
      published: paper.status === (PaperStatus.Published as string),
    });
  }

  /**
   * The papers the spec offers for review assignment by status (submitted or under review),
   * newest first; the review module leaves out those already assigned.
   */
  async reviewCandidates(em: EntityManager = this.em): Promise<PaperSummary[]> {
    const papers = await em.find(ResearchPaper, { status: { $in: REVIEWABLE_STATUSES } }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return papers.map(toSummary);
  }

  /** What other modules show of a paper (its review, its assignment), for each id that exists. */
  async summariesOf(ids: readonly string[], em: EntityManager = this.em): Promise<Map<string, PaperSummary>> {
    const valid = [...new Set(ids.filter(isUuid))];
    if (valid.length === 0) return new Map();
    const papers = await em.find(ResearchPaper, { id: { $in: valid } });
    return new Map(papers.map((paper) => [paper.id, toSummary(paper)]));
  }

  /**
   * The paper's row locked for another module's transition (an assignment, a revision request),
   * its preconditions checked on the locked state (lockForTransition): a decision that committed
   * meanwhile is seen, and refused as it would be after it.
   */
  async lockSummary(tx: EntityManager, id: string, guard: TransitionGuard<PaperSummary>): Promise<PaperSummary> {
    const paper = await lockForTransition(tx, ResearchPaper, { id }, { missing: guard.missing });
    const summary = toSummary(paper);
    await guard.check?.(summary);
    return summary;
  }

  /** A paper, after the access check that let the caller near it (404 only if it has gone since). */
  async get(id: string): Promise<ResearchPaper> {
    const paper = await this.em.fork().findOne(ResearchPaper, { id });
    if (!paper) throw new PaperNotFoundException();
    return paper;
  }

  toCard(paper: PaperCardSource): PaperCardDto {
    return toPaperCard(paper, this.config.papers.arxivDetailPageId);
  }
}
