import { Inject, Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service.js';
import { Permission } from '../../common/access/permission.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { licenseOf } from '../../config/licenses.js';
import type { AuthUser } from '../auth/auth-user.js';
import { PaperNotFoundException } from '../catalogue/catalogue.exception.js';
import { crossrefDepositXml } from './crossref-deposit.js';
import { DepositUnavailableException } from './dois.exception.js';
import { PaperDoisService } from './paper-dois.service.js';

/** A deposit ready to download. */
export interface CrossrefDeposit {
  xml: string;
  fileName: string;
}

/** The editors' Crossref deposit of a published paper; its DOI is given now if the DOI chore has not yet. */
@Injectable()
export class PaperDepositsService {
  constructor(
    private readonly dois: PaperDoisService,
    private readonly access: AccessService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async crossrefDeposit(paperId: string, user: AuthUser, now = new Date()): Promise<CrossrefDeposit> {
    await this.access.requireAccess(user, Permission.PaperExportDeposit, [paperId]);
    const { crossref } = this.config;
    if (!crossref) throw new DepositUnavailableException('depositWithoutPrefix');
    let paper = await this.dois.depositSource(paperId);
    if (!paper) throw new PaperNotFoundException();
    if (!paper.published) throw new DepositUnavailableException('depositNotPublished');
    if (!paper.doi) {
      await this.dois.assignDois(paper.id);
      paper = await this.dois.depositSource(paperId);
    }
    // Published, and the statement above fills every published paper's DOI when a prefix is set.
    if (!paper?.doi) throw new DepositUnavailableException('depositNotPublished');
    const { card } = paper;
    const { publicUrl } = this.config.http;
    const xml = crossrefDepositXml(
      {
        id: paper.id,
        doi: paper.doi,
        title: card.title,
        authors: card.authors,
        abstract: card.abstract,
        publishedAt: card.publishedAt ?? paper.publishedAt?.toISOString() ?? now.toISOString(),
        license: licenseOf(paper.license),
        pageUrl: `${publicUrl}/papers/${paper.id}`,
        pdfUrl: card.pdfUrl ? `${publicUrl}${card.pdfUrl}` : null,
      },
      { name: this.config.journal.name, shortName: this.config.journal.shortName, issn: this.config.journal.issn, depositorName: crossref.depositorName, depositorEmail: crossref.depositorEmail },
      now,
    );
    return { xml, fileName: `crossref-${paper.doi.slice(paper.doi.indexOf('/') + 1).replace(/[^A-Za-z0-9.-]+/g, '-')}.xml` };
  }
}
