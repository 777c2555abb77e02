import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { StorageService } from '../storage/storage.service.js';
import type { PaperVersionDto } from './dtos/paper-version.dto.js';
import { PaperFile } from './entities/paper-file.entity.js';
import { ResearchPaper } from './entities/research-paper.entity.js';
import { PaperAccessService } from './paper-access.service.js';
import { PDF_FIELD, readPdfUpload } from './pdf-upload.js';
import { PaperNotFoundException, UploadRefusedException } from './papers.exception.js';
import { type PaperPdf, pdfFileNameOf } from './papers.service.js';

/** Every uploaded PDF of a paper is kept as a numbered version; the newest is the paper's PDF. */
@Injectable()
export class PaperVersionsService {
  private readonly logger = new Logger(PaperVersionsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    private readonly access: PaperAccessService,
  ) {}

  async list(paperId: string, user: AuthUser): Promise<PaperVersionDto[]> {
    const paper = await this.access.requireDiscussionAccess(paperId, user);
    const files = await this.em.fork().find(PaperFile, { paperId: paper.id }, { orderBy: { version: 'desc' } });
    return files.map((file, index) => toVersion(file, index === 0));
  }

  async openVersion(paperId: string, version: string, user: AuthUser): Promise<PaperPdf> {
    const paper = await this.access.requireDiscussionAccess(paperId, user);
    const number = /^[1-9][0-9]{0,8}$/.test(version) ? Number(version) : null;
    const file = number === null ? null : await this.em.fork().findOne(PaperFile, { paperId: paper.id, version: number });
    const stored = file ? await this.storage.open(file.storageKey) : null;
    if (!stored) throw new PaperNotFoundException();
    return { ...stored, fileName: pdfFileNameOf(`${paper.title} v${number}`) };
  }

  async upload(request: FastifyRequest, paperId: string, user: AuthUser): Promise<PaperVersionDto> {
    const paper = await this.access.requireUploadAccess(paperId, user);
    const upload = await readPdfUpload(request, this.storage, user.id);
    try {
      // An upload of a version has no text fields; refused like any unknown field.
      const unknown = Object.keys(upload.fields);
      if (unknown.length > 0) throw new UploadRefusedException(unknown.map((name) => `property ${name} should not exist`).join('; '));
      const file = upload.file;
      if (!file) throw new UploadRefusedException(`${PDF_FIELD}: a PDF file is required`);
      const created = await this.em.transactional(async (tx) => {
        // The row lock makes concurrent uploads take turns, so version numbers never collide.
        await tx.getConnection().execute('select id from research_papers where id = ? for update', [paper.id], 'all', tx.getTransactionContext());
        const [row] = await tx
          .getConnection()
          .execute<{ next: number }[]>('select coalesce(max(version), 0) + 1 as next from paper_files where paper_id = ?', [paper.id], 'all', tx.getTransactionContext());
        const version = tx.create(PaperFile, {
          paperId: paper.id,
          version: Number(row?.next ?? 1),
          storageKey: file.key,
          fileName: file.fileName,
          sizeBytes: file.size,
          uploadedBy: user.id,
        });
        await tx.nativeUpdate(ResearchPaper, { id: paper.id }, { pdfStorageKey: file.key, pdfFileName: file.fileName, updatedAt: new Date() });
        return version;
      });
      return toVersion(created, true);
    } catch (error) {
      if (upload.file) await this.storage.delete(upload.file.key).catch((err: unknown) => this.logger.error({ err, key: upload.file?.key }, 'Could not delete a refused upload'));
      throw error;
    }
  }
}

function toVersion(file: PaperFile, current: boolean): PaperVersionDto {
  return {
    version: file.version,
    fileName: file.fileName,
    size: Number(file.sizeBytes),
    uploadedAt: file.uploadedAt.toISOString(),
    pdfUrl: `/api/papers/${file.paperId}/versions/${file.version}/pdf`,
    current,
  };
}
