import { Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { formatDate } from '@/shared/lib/format-date';
import { type PaperDetail, type PaperVersion, prepareUpload, toApiError } from '@/shared/api';
import { MAX_PDF_SIZE } from '@/shared/config/upload-limits';
import { Button, ProgressBar, SectionCard, Spinner, TextField, useToast } from '@/shared/ui';
import { useApprovePaperVersionMutation, useGetPaperVersionsQuery, useUploadPaperVersionMutation } from '../api/submission-api';
import { checkPdf, fileToasts, pdfProblemText } from '../model/submission-rules';

export const uploadToasts = {
  success: { title: 'Success', description: 'Updated paper uploaded successfully!' },
  failed: { title: 'Upload Failed', description: 'Failed to upload the updated paper. Please try again.', variant: 'destructive' },
} as const;

export const PENDING_APPROVAL = 'Pending editor approval';
export const PUBLISHED_UPLOAD_NOTE =
  'This paper is published. An updated PDF waits for an editor’s approval; until then readers keep getting the published PDF.';
export const pendingUploadNotice = (version: number) =>
  `Version ${version} is pending editor approval. Readers get the published PDF until an editor approves it.`;

/** When the server takes a new version (the paper detail's actions.versionUpload). */
export type VersionUploadWindow = PaperDetail['actions']['versionUpload'];

/** Why no upload form is shown, and when there will be one; the API's 409 says the same. */
export const closedUploadNotes = {
  inReview: 'Your paper is being reviewed; you can upload a new version once the review is in or the editors ask for revisions.',
  revisionRequested: 'The editors have asked for revisions: send your revised paper with the “Submit Your Revision” form, which opens the next round of review.',
} as const satisfies Record<Exclude<VersionUploadWindow, 'open'>, string>;

export const approveToasts = {
  success: (version: number) => ({ title: 'Version Approved', description: `Version ${version} is now the paper’s public PDF.` }),
  failed: (message: string) => ({ title: 'Error', description: message, variant: 'destructive' as const }),
} as const;

/**
 * The owner uploads an updated PDF (every version is kept). Before publication it becomes the
 * paper's PDF at once; after publication it waits for an editor's approval. While the server
 * takes no upload (a round in review, a revision asked for) the owner reads why, and the versions.
 */
export function UpdatedPaperUpload({ paperId, published = false, uploadWindow = 'open' }: { paperId: string; published?: boolean; uploadWindow?: VersionUploadWindow }) {
  if (uploadWindow !== 'open') return <ClosedUpload paperId={paperId} note={closedUploadNotes[uploadWindow]} />;
  return <UploadForm paperId={paperId} published={published} />;
}

function ClosedUpload({ paperId, note }: { paperId: string; note: string }) {
  return (
    <SectionCard titleId="paper-versions-title" title="Paper Versions" contentClassName="grid gap-6">
      <p role="note" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
        {note}
      </p>
      <PaperVersionsList paperId={paperId} />
    </SectionCard>
  );
}

function UploadForm({ paperId, published }: { paperId: string; published: boolean }) {
  const { toast } = useToast();
  const [upload, { isLoading }] = useUploadPaperVersionMutation();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setFile(null);
    setError(undefined);
    if (!picked) return;
    const problem = checkPdf(picked);
    if (problem) {
      toast(fileToasts[problem]);
      setError(pdfProblemText[problem]);
      event.target.value = '';
      return;
    }
    setFile(picked);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || isLoading) return;
    const body = new FormData();
    body.append('pdf', file, file.name);
    setProgress(0);
    try {
      const created = await upload({ paperId, uploadId: prepareUpload({ body, onProgress: setProgress }) }).unwrap();
      toast(uploadToasts.success);
      setPending(created.state === 'pending' ? created.version : null);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      // A round that started since the page loaded: the server says why, and when to come back.
      const refused = toApiError(error);
      const closed = refused.code === 'VERSION_IN_REVIEW' || refused.code === 'VERSION_REVISION_REQUESTED';
      toast(closed ? { ...uploadToasts.failed, description: refused.message } : uploadToasts.failed);
    } finally {
      setProgress(null);
    }
  };

  return (
    <SectionCard
      titleId="updated-paper-title"
      title="Upload Updated Paper"
      description="Replace the PDF of this paper with a revised version. Earlier versions are kept."
      headerExtra={published && <p className="text-sm text-slate-700">{PUBLISHED_UPLOAD_NOTE}</p>}
      contentClassName="grid gap-6"
    >
      {pending !== null && (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {pendingUploadNotice(pending)}
        </p>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-3">
        <TextField
          ref={input}
          label="Updated paper (PDF)"
          type="file"
          accept=".pdf,application/pdf"
          onChange={onFile}
          hint={`PDF only, at most ${MAX_PDF_SIZE}.`}
          error={error}
        />
        {progress !== null && <ProgressBar value={progress} label="Upload progress" />}
        <div>
          <Button type="submit" disabled={!file} isLoading={isLoading}>
            <Upload className="h-4 w-4" aria-hidden="true" />
            {isLoading ? 'Uploading...' : 'Upload Updated Paper'}
          </Button>
        </div>
      </form>
      <PaperVersionsList paperId={paperId} />
    </SectionCard>
  );
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Every uploaded version of the paper, newest first (owner and admins), saying which one readers get. */
export function PaperVersionsList({ paperId, canApprove = false }: { paperId: string; canApprove?: boolean }) {
  const headingId = useId();
  const { data: versions, isLoading, isError } = useGetPaperVersionsQuery(paperId);
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Versions
      </h3>
      {isLoading ? (
        <Spinner label="Loading versions" />
      ) : isError || !versions ? (
        <p className="text-sm text-red-800">Failed to load the versions of this paper.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {versions.map((version) => (
            <li key={version.version} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                <span className="font-semibold">Version {version.version}</span>
                <VersionBadge version={version} />
                <span className="ml-2 text-slate-700">{version.fileName}</span>
                <span className="ml-2 text-slate-500">({formatSize(version.size)})</span>
              </span>
              <span className="flex flex-wrap items-center gap-3">
                <time dateTime={version.uploadedAt} className="text-slate-600">
                  {formatDate(version.uploadedAt)}
                </time>
                <a
                  href={version.pdfUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-indigo-700 hover:underline"
                  // The name starts with the visible words, so speech input ("click Open PDF") finds it.
                  aria-label={`Open PDF of version ${version.version} (${version.fileName})`}
                >
                  Open PDF
                </a>
                {canApprove && version.state === 'pending' && <ApproveButton paperId={paperId} version={version.version} />}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Public: what readers get. Current: the paper's PDF while it is not published. */
function VersionBadge({ version }: { version: PaperVersion }) {
  const badge = 'ml-2 rounded px-1.5 text-xs';
  switch (version.state) {
    case 'current':
      return version.public ? (
        <span className={`${badge} bg-green-100 text-green-900`}>Public</span>
      ) : (
        <span className={`${badge} bg-green-100 text-green-900`}>Current</span>
      );
    case 'pending':
      return <span className={`${badge} bg-amber-100 text-amber-900`}>{PENDING_APPROVAL}</span>;
    case 'superseded':
      return null;
  }
}

function ApproveButton({ paperId, version }: { paperId: string; version: number }) {
  const { toast } = useToast();
  const [approve, { isLoading }] = useApprovePaperVersionMutation();
  const onClick = async () => {
    try {
      await approve({ paperId, version }).unwrap();
      toast(approveToasts.success(version));
    } catch (error) {
      toast(approveToasts.failed(toApiError(error).message));
    }
  };
  return (
    // The version is in the name for screen readers, after the visible text, so the name always
    // contains what is shown ("Approving..." too: axe's label-content-name-mismatch).
    <Button size="sm" isLoading={isLoading} onClick={() => void onClick()}>
      {isLoading ? 'Approving...' : 'Approve'}
      <span className="sr-only"> version {version}</span>
    </Button>
  );
}
