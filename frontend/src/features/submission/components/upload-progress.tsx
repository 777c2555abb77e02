import { ProgressBar } from '@/shared/ui';

/** The submission's upload, in percent; nothing before it starts. */
export function UploadProgress({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  return (
    <div className="grid gap-1">
      <p className="text-sm text-slate-700">Uploading... {Math.round(progress)}%</p>
      <ProgressBar value={progress} label="Upload progress" />
    </div>
  );
}
