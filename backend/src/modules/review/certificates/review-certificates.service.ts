import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { AccessService } from '../../../common/access/access.service.js';
import { Permission } from '../../../common/access/permission.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { UsersService } from '../../users/users.service.js';
import { PaperReview } from '../entities/paper-review.entity.js';
import { ReviewException } from '../review.exception.js';
import { renderReviewCertificate } from './review-certificate-pdf.js';

/** A rendered certificate and the name the browser saves it under. */
export interface ReviewCertificate {
  pdf: Uint8Array;
  fileName: string;
}

/**
 * Credit for reviewers (issue 18): a certificate for each submitted review, made on request (it
 * is small, and a renamed reviewer or a newly linked ORCID iD shows at once). It names the
 * reviewer, the journal and the day; never the paper or its authors, since review is confidential.
 */
@Injectable()
export class ReviewCertificatesService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: AccessService,
    private readonly users: UsersService,
  ) {}

  async certificate(user: AuthUser, id: string): Promise<ReviewCertificate> {
    await this.access.requireAccess(user, Permission.ReviewCertificate, [id]);
    const review = await this.em.findOne(PaperReview, { id });
    if (!review) throw new ReviewException('notFound');
    if (!review.submittedAt) throw new ReviewException('notSubmitted');
    const reviewerName = (await this.users.displayNamesOf([review.reviewerId])).get(review.reviewerId) ?? user.email;
    const profile = await this.users.getProfile(review.reviewerId);
    const pdf = await renderReviewCertificate({
      reviewerName,
      journalName: this.config.journal.name,
      submittedAt: review.submittedAt,
      dateStyle: this.config.journal.dateStyle,
      orcidId: profile?.orcidId ?? null,
    });
    return { pdf, fileName: `review-certificate-${review.submittedAt.toISOString().slice(0, 10)}.pdf` };
  }
}
