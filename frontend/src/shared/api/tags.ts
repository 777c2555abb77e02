// Tag ids shared by features that cache the same server state under different endpoints.

/** The tag id of a paper's status timeline: the papers feature provides it, a status change invalidates it. */
export function statusHistoryTagId(paperId: string): string {
  return `${paperId}:history`;
}
