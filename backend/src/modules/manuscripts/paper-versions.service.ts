import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service.js';
import { Permission } from '../../common/access/permission.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { lockForTransition } from '../../database/lock-for-transition.js';
import type { AuthUser } from '../auth/auth-user.js';
import { MailTemplate } from '../notifications/mail/mail-template.js';
import { type MailOutbox, type QueuedMail, NotificationsService } from '../notifications/notifications.service.js';
import { type FileDownload, storedDownload } from '../storage/file-download.js';
import { StorageService } from '../storage/storage.service.js';
import type { IncomingUpload, StoredUpload } from '../storage/upload/incoming-upload.js';
import { UploadRefusedException } from '../storage/upload/upload.exception.js';
import { UsersService } from '../users/users.service.js';
import type { PaperVersionDto, VersionApprovedDto, VersionState } from './dtos/paper-version.dto.js';
import { PaperFile, PaperFileState } from './entities/paper-file.entity.js';
import { PaperStatusEvent } from './entities/paper-status-event.entity.js';
import { PaperStatus } from './entities/paper-status.js';
import { ResearchPaper } from './entities/research-paper.entity.js';
import { VersionNotFoundException, VersionNotPendingException, VersionUploadClosedException } from './manuscripts.exception.js';
import { PaperNotFoundException } from '../catalogue/catalogue.exception.js';
import { PAPER_PDF_CONTENT_TYPE, pdfFileNameOf, ManuscriptsService } from './manuscripts.service.js';
import { VersionUploadWindowRepository } from './version-upload-window.repository.js';

const VERSION_NUMBER = /^[1-9][0-9]{0,8}$/;

/** What answering a revision request made of the paper. */
export interface RevisedRound {
  version: number;
  round: number;
  title: string;
}

/**
 * Every uploaded PDF of a paper is kept as a numbered version. Before publication an upload
 * becomes the paper's PDF at once; after it, the upload waits (pending) until an editor
 * approves it, so a published paper never changes without the editorial team.
 */
@Injectable()
export class PaperVersionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    private readonly access: AccessService,
    private readonly papers: ManuscriptsService,
    private readonly notifications: NotificationsService,
    private readonly users: UsersService,
    private readonly uploadWindows: VersionUploadWindowRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(paperId: string, user: AuthUser): Promise<PaperVersionDto[]> {
    await this.access.requireAccess(user, Permission.PaperListVersions, [paperId]);
    const paper = await this.papers.get(paperId);
    const files = await this.em.fork().find(PaperFile, { paperId: paper.id }, { orderBy: { version: 'desc' } });
    return files.map((file) => toVersion(file, paper));
  }

  /** Any version, pending ones included: the owner and admins only (the discussion's rule). */
  async openVersion(paperId: string, version: string, user: AuthUser): Promise<FileDownload> {
    await this.access.requireAccess(user, Permission.PaperReadVersionFile, [paperId]);
    return this.download(paperId, VERSION_NUMBER.test(version) ? Number(version) : null);
  }

  /**
   * A version's PDF for a caller whose access the calling module has already decided (a review
   * round's PDF for its reviewer); an unknown version is the paper's 404.
   */
  async download(paperId: string, version: number | null): Promise<FileDownload> {
    const paper = await this.papers.get(paperId);
    const file = version === null ? null : await this.em.fork().findOne(PaperFile, { paperId: paper.id, version });
    if (!file) throw new PaperNotFoundException();
    const stored = await this.storage.openReferenced(file.storageKey);
    return storedDownload(this.storage, file.storageKey, stored, { contentType: PAPER_PDF_CONTENT_TYPE, fileName: pdfFileNameOf(`${paper.title} v${version}`) });
  }

  /**
   * The author's revised PDF opens the paper's next review round, on the caller's transaction: a
   * new version that becomes the paper's PDF at once (it is not published, or there would be no
   * revision), and the paper back under review. The paper's row lock orders it with uploads.
   */
  async openRevisedRound(tx: EntityManager, paperId: string, file: StoredUpload, userId: string): Promise<RevisedRound> {
    const paper = await lockForTransition(tx, ResearchPaper, { id: paperId }, { missing: () => new PaperNotFoundException() });
    const created = await this.addVersion(tx, paper, file, userId, PaperFileState.Accepted);
    await this.makeCurrent(tx, paper, created, null);
    paper.round += 1;
    if (paper.status !== (PaperStatus.UnderReview as string)) {
      tx.create(PaperStatusEvent, { id: randomUUID(), paperId: paper.id, fromStatus: paper.status, toStatus: PaperStatus.UnderReview, changedBy: userId });
      paper.status = PaperStatus.UnderReview;
    }
    return { version: created.version, round: paper.round, title: paper.title };
  }

  async upload(form: IncomingUpload, paperId: string, user: AuthUser): Promise<PaperVersionDto> {
    await this.access.requireAccess(user, Permission.PaperUploadVersion, [paperId]);
    // Refused before the file is read, and again under the lock where it counts.
    await this.refuseClosedWindow(await this.papers.get(paperId));
    const upload = await form.receive(user.id);
    try {
      // An upload of a version has no text fields; refused like any unknown field.
      const unknown = Object.keys(upload.fields);
      if (unknown.length > 0) throw new UploadRefusedException(unknown.map((name) => `property ${name} should not exist`).join('; '));
      const file = upload.requireFile();
      return await this.em.fork().transactional(async (tx) => {
        // The row lock makes uploads and approvals on one paper take turns: version numbers never
        // collide, and the status read here is the one the upload is decided by.
        const locked = await lockForTransition(tx, ResearchPaper, { id: paperId }, { missing: () => new PaperNotFoundException() });
        await this.refuseClosedWindow(locked, tx);
        const published = locked.status === (PaperStatus.Published as string);
        const created = await this.addVersion(tx, locked, file, user.id, published ? PaperFileState.Pending : PaperFileState.Accepted);
        if (!published) await this.makeCurrent(tx, locked, created, null);
        await tx.flush();
        return toVersion(created, locked);
      });
    } catch (error) {
      await upload.discard();
      throw error;
    }
  }

  /**
   * An editor makes a pending version the paper's PDF, and the author is e-mailed, in one
   * transaction. Under the paper's row lock, so concurrent approvals take turns: approving the
   * current version again changes and sends nothing; a version that is not pending (passed over
   * by a newer approval, or never pending) is a 409.
   */
  async approve(paperId: string, version: string, admin: AuthUser): Promise<VersionApprovedDto> {
    await this.access.requireAccess(admin, Permission.PaperApproveVersion, [paperId]);
    if (!VERSION_NUMBER.test(version)) throw new VersionNotFoundException();
    const number = Number(version);
    const { dto, changed, mail } = await this.notifications.inTransaction(async (tx, outbox) => {
      const paper = await lockForTransition(tx, ResearchPaper, { id: paperId }, { missing: () => new PaperNotFoundException() });
      const file = await tx.findOne(PaperFile, { paperId: paper.id, version: number }, { refresh: true });
      if (!file) throw new VersionNotFoundException();
      if (file.storageKey === paper.pdfStorageKey) return { dto: toVersion(file, paper), changed: false, mail: null };
      if (file.state !== (PaperFileState.Pending as string)) throw new VersionNotPendingException(number);
      await this.makeCurrent(tx, paper, file, admin.id);
      const queued = await this.queueApprovalMail(tx, outbox, paper, file);
      await tx.flush();
      return { dto: toVersion(file, paper), changed: true, mail: queued };
    }, { em: this.em.fork() });
    return { version: dto, changed, notification: mail ? 'queued' : 'none' };
  }

  /**
   * One way to send a new PDF: during a revision request it is the revision; during a round's
   * review none, so the round's reviewer reads the version the round names.
   */
  private async refuseClosedWindow(paper: ResearchPaper, tx?: EntityManager): Promise<void> {
    const window = await this.uploadWindows.windowOf(paper, tx);
    if (window === 'revisionRequested') throw new VersionUploadClosedException('versionRevisionRequested');
    if (window === 'inReview') throw new VersionUploadClosedException('versionInReview');
  }

  /** The stored file as the paper's next version; under the paper's row lock, so numbers never collide. */
  private async addVersion(tx: EntityManager, paper: ResearchPaper, file: StoredUpload, userId: string, state: PaperFileState): Promise<PaperFile> {
    const latest = await tx.findOne(PaperFile, { paperId: paper.id }, { orderBy: { version: 'desc' } });
    return tx.create(PaperFile, {
      paperId: paper.id,
      version: (latest?.version ?? 0) + 1,
      storageKey: file.key,
      fileName: file.originalName,
      sizeBytes: file.size,
      uploadedBy: userId,
      state,
    });
  }

  /**
   * The file becomes the paper's PDF; the pending versions older than it are passed over, so
   * a pending version is always newer than the paper's PDF. Runs under the paper's row lock.
   */
  private async makeCurrent(tx: EntityManager, paper: ResearchPaper, file: PaperFile, decidedBy: string | null): Promise<void> {
    const now = new Date();
    if (file.state === (PaperFileState.Pending as string)) {
      file.state = PaperFileState.Accepted;
      file.decidedBy = decidedBy;
      file.decidedAt = now;
    }
    await tx.nativeUpdate(
      PaperFile,
      { paperId: paper.id, state: PaperFileState.Pending, version: { $lt: file.version } },
      { state: PaperFileState.PassedOver, decidedBy, decidedAt: now },
    );
    paper.pdfStorageKey = file.storageKey;
    paper.pdfFileName = file.fileName;
    paper.updatedAt = now;
  }

  private async queueApprovalMail(tx: EntityManager, outbox: MailOutbox, paper: ResearchPaper, file: PaperFile): Promise<QueuedMail> {
    // On the transaction's own connection, as decisions do (a second one can deadlock a full pool).
    const ownerEmail = (await this.users.emailsOf([paper.userId], tx)).get(paper.userId);
    // Thrown inside the transaction: without the author's e-mail, the approval is not recorded either.
    if (!ownerEmail) throw new Error(`No account for the owner of paper ${paper.id}`);
    return outbox.queue({
      template: MailTemplate.PaperVersionApproved,
      to: ownerEmail,
      data: { title: paper.title, version: file.version, paperUrl: `${this.config.http.publicUrl}/papers/${paper.id}` },
      dedupeKey: `paper-version-approved:${file.id}`,
    });
  }
}

function stateOf(file: PaperFile, paper: ResearchPaper): VersionState {
  if (file.storageKey === paper.pdfStorageKey) return 'current';
  return file.state === (PaperFileState.Pending as string) ? 'pending' : 'superseded';
}

function toVersion(file: PaperFile, paper: ResearchPaper): PaperVersionDto {
  const state = stateOf(file, paper);
  return {
    version: file.version,
    fileName: file.fileName,
    size: Number(file.sizeBytes),
    uploadedAt: file.uploadedAt.toISOString(),
    pdfUrl: `/api/papers/${file.paperId}/versions/${file.version}/pdf`,
    state,
    current: state === 'current',
    public: state === 'current' && paper.status === (PaperStatus.Published as string),
  };
}
