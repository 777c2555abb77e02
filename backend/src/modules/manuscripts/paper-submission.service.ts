import { Inject, Injectable } from '@nestjs/common';
import { validateInput } from '../../common/http/validation-errors.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthUser } from '../auth/auth-user.js';
import { MailTemplate } from '../notifications/mail/mail-template.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { PaymentRequiredException } from '../payments/payments.exception.js';
import { PaymentsService } from '../payments/payments.service.js';
import type { IncomingUpload } from '../storage/upload/incoming-upload.js';
import type { PaperDetailDto } from './dtos/paper-detail.dto.js';
import { SubmitPaperDto } from './dtos/submit-paper.dto.js';
import { PaperFile } from './entities/paper-file.entity.js';
import { PaperStatusEvent } from './entities/paper-status-event.entity.js';
import { PaperStatus } from './entities/paper-status.js';
import { ResearchPaper } from './entities/research-paper.entity.js';
import { ManuscriptsService } from './manuscripts.service.js';

/** `POST /api/papers`: a paid fee, valid fields and a PDF make one submitted paper, or nothing is kept. */
@Injectable()
export class PaperSubmissionService {
  constructor(
    private readonly payments: PaymentsService,
    private readonly notifications: NotificationsService,
    private readonly papers: ManuscriptsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async submit(form: IncomingUpload, user: AuthUser): Promise<PaperDetailDto> {
    // Before the file is read: an unpaid author should not wait for 10 MB to upload to learn it.
    if (!(await this.payments.hasUnusedPaidFee(user.id))) throw new PaymentRequiredException();
    const upload = await form.receive(user.id);
    let committed: { paper: ResearchPaper };
    try {
      const fields = await validateInput(SubmitPaperDto, upload.fields);
      const file = upload.requireFile();
      committed = await this.notifications.inTransaction(async (tx, outbox) => {
        const paper = tx.create(ResearchPaper, {
          userId: user.id,
          title: fields.title,
          authors: fields.authors.map(({ name, email, school }) => ({ name, email, school })),
          category: fields.category,
          keywords: fields.keywords || null,
          abstract: fields.abstract,
          status: PaperStatus.Submitted,
          // The licence the journal offers today is the one the author submits under, for good.
          license: this.config.journal.license,
          pdfStorageKey: file.key,
          pdfFileName: file.originalName,
        });
        await tx.flush();
        // The fee is used in the same transaction: a failed submission leaves it unused.
        await this.payments.consumeSubmissionFee(tx, user.id, paper.id);
        tx.create(PaperFile, { paperId: paper.id, version: 1, storageKey: file.key, fileName: file.originalName, sizeBytes: file.size, uploadedBy: user.id });
        tx.create(PaperStatusEvent, { paperId: paper.id, fromStatus: null, toStatus: PaperStatus.Submitted, changedBy: user.id });
        outbox.queue({
          template: MailTemplate.PaperSubmitted,
          to: user.email,
          data: { title: paper.title, paperUrl: `${this.config.http.publicUrl}/papers/${paper.id}` },
          dedupeKey: `paper-submitted:${paper.id}`,
        });
        return { paper };
      });
    } catch (error) {
      await upload.discard();
      throw error;
    }
    return this.papers.toDetail(committed.paper, user);
  }
}
