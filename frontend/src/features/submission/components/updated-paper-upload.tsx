import { Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { formatDate } from '@/shared/lib/format-date';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ProgressBar, Spinner, TextField, useToast } from '@/shared/ui';
import { useGetPaperVersionsQuery, useUploadPaperVersionMutation } from '../api/submission-api';
import { checkPdf, fileToasts, pdfProblemText } from '../model/submission-rules';
import { prepareUpload } from '../model/upload-jobs';

export const uploadToasts = {
  success: { title: 'Success', description: 'Updated paper uploaded successfully!' },
  failed: { title: 'Upload Failed', description: 'Failed to upload the updated paper. Please try again.', variant: 'destructive' },
} as const;

/** The owner replaces the paper's PDF with a new version (every version is kept). */
export function UpdatedPaperUpload({ paperId }: { paperId: string }) {
  const { toast } = useToast();
  const [upload, { isLoading }] = useUploadPaperVersionMutation();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
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
      await upload({ paperId, uploadId: prepareUpload({ body, onProgress: setProgress }) }).unwrap();
      toast(uploadToasts.success);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch {
      toast(uploadToasts.failed);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card aria-labelledby="updated-paper-title">
      <CardHeader>
        <CardTitle id="updated-paper-title">Upload Updated Paper</CardTitle>
        <CardDescription>Replace the PDF of this paper with a revised version. Earlier versions are kept.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-3">
          <TextField
            ref={input}
            label="Updated paper (PDF)"
            type="file"
            accept=".pdf,application/pdf"
            onChange={onFile}
            hint="PDF only, at most 10MB."
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
      </CardContent>
    </Card>
  );
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Every uploaded version of the paper, newest first (owner and admins). */
export function PaperVersionsList({ paperId }: { paperId: string }) {
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
                {version.current && <span className="ml-2 rounded bg-green-100 px-1.5 text-xs text-green-900">current</span>}
                <span className="ml-2 text-slate-700">{version.fileName}</span>
                <span className="ml-2 text-slate-500">({formatSize(version.size)})</span>
              </span>
              <span className="flex items-center gap-3">
                <time dateTime={version.uploadedAt} className="text-slate-600">
                  {formatDate(version.uploadedAt)}
                </time>
                <a
                  href={version.pdfUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-indigo-700 hover:underline"
                  aria-label={`Open version ${version.version} (${version.fileName})`}
                >
                  Open PDF
                </a>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
