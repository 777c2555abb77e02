import type { AuthUser } from '../auth/auth-user.js';
import type { PaperAccessDto } from './dtos/paper.dto.js';
import type { ResearchPaper } from './entities/research-paper.entity.js';

/** What the caller may do with a paper (docs/api.md, PaperAccess). Visibility is PapersService.findVisible's. */
export function paperAccessOf(paper: Pick<ResearchPaper, 'userId'>, user: AuthUser | undefined): PaperAccessDto {
  const owner = user !== undefined && user.id === paper.userId;
  const admin = user?.role === 'admin';
  return { owner, discuss: owner || admin, uploadVersion: owner, changeStatus: admin };
}
