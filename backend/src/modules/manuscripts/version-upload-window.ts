/**
 * When the author may send a new PDF outside a revision: open as before; not while the editors'
 * revision request is open (the revision is the only upload then); not while the current round is
 * being reviewed (the reviewer must read the version the round names).
 */
export type VersionUploadWindow = 'open' | 'revisionRequested' | 'inReview';

export const VERSION_UPLOAD_WINDOWS: readonly VersionUploadWindow[] = ['open', 'revisionRequested', 'inReview'];
