// A multipart upload's body and progress callback live here, outside the store: mutation arguments
// end up in Redux state and must stay serialisable, so the mutation only carries the job's id.
export interface UploadJob {
  body: FormData;
  onProgress?: (percent: number) => void;
}

const jobs = new Map<string, UploadJob>();
let nextJob = 1;

export function prepareUpload(job: UploadJob): string {
  const id = `upload-${nextJob++}`;
  jobs.set(id, job);
  return id;
}

/** Hands the job to the one request that sends it (and forgets it). */
export function takeUpload(id: string): UploadJob | undefined {
  const job = jobs.get(id);
  jobs.delete(id);
  return job;
}
