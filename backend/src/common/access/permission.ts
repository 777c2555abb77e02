/**
 * What a caller may do with a thing, by name. Every service method that acts on an id asks
 * `AccessService.requireAccess(user, permission, ids)` on its first line; who holds each
 * permission is written once, in access-policy.ts.
 */
export enum Permission {
  /** The paper's detail page. */
  PaperRead = 'paper.read',
  /** The paper's current PDF. */
  PaperReadFile = 'paper.readFile',
  /** Read, post and edit the discussion. */
  PaperDiscuss = 'paper.discuss',
  /** The status timeline. */
  PaperReadHistory = 'paper.readHistory',
  PaperListVersions = 'paper.listVersions',
  /** Any version's PDF, pending ones included. */
  PaperReadVersionFile = 'paper.readVersionFile',
  PaperUploadVersion = 'paper.uploadVersion',
  PaperApproveVersion = 'paper.approveVersion',
  /** Editorial decisions: the paper's status. */
  PaperDecide = 'paper.decide',
  /** The paper's review: the assigned reviewer and the editors. */
  ReviewRead = 'review.read',
  /** Save and submit the paper's review: its assigned reviewer only. */
  ReviewWrite = 'review.write',
  /** Assign the paper to a reviewer, or withdraw the assignment. */
  ReviewAssign = 'review.assign',
}

export const PERMISSIONS: readonly Permission[] = Object.values(Permission);
