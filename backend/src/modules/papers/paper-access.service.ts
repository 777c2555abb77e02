import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user.js';
import type { ResearchPaper } from './entities/research-paper.entity.js';
import { paperAccessOf } from './paper-access.js';
import { PaperForbiddenException } from './papers.exception.js';
import { PapersService } from './papers.service.js';

/**
 * The access rules of a paper's discussion and versions, in one place: a paper the caller may
 * not see is 404 (its existence is not revealed); one the caller sees but may not act on is 403.
 */
@Injectable()
export class PaperAccessService {
  constructor(private readonly papers: PapersService) {}

  /** Comments and the list of versions: the owner or an admin. */
  async requireDiscussionAccess(paperId: string, user: AuthUser): Promise<ResearchPaper> {
    const paper = await this.papers.findVisible(paperId, user);
    if (!paperAccessOf(paper, user).discuss) throw new PaperForbiddenException('Only the paper’s author and the editorial team can do this');
    return paper;
  }

  /** Uploading an updated PDF: the owner only. */
  async requireUploadAccess(paperId: string, user: AuthUser): Promise<ResearchPaper> {
    const paper = await this.papers.findVisible(paperId, user);
    if (!paperAccessOf(paper, user).uploadVersion) throw new PaperForbiddenException('Only the paper’s author can upload an updated version');
    return paper;
  }
}
