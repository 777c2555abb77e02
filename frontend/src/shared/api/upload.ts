import { type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { env } from '@/shared/config/env';

export type UploadResult<T> = { data: T } | { error: FetchBaseQueryError };

export interface UploadOptions {
  /** Path under the API base, e.g. '/papers'. */
  path: string;
  body: FormData;
  /** 0-100 while the request body is sent. */
  onProgress?: (percent: number) => void;
}

/**
 * A multipart POST with upload progress. fetch() has no upload progress, so this uses
 * XMLHttpRequest, same-origin with the session cookies, and answers in RTK Query's result shape
 * (errors look like fetchBaseQuery's, so `toApiError` reads them the same way).
 */
export function uploadWithProgress<T>({ path, body, onProgress }: UploadOptions): Promise<UploadResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.API_BASE_URL}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        resolve({ error: { status: 'PARSING_ERROR', originalStatus: xhr.status, data: xhr.responseText, error: 'Invalid JSON' } });
        return;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve({ data: data as T });
      } else {
        resolve({ error: { status: xhr.status, data } });
      }
    };
    xhr.onerror = () => resolve({ error: { status: 'FETCH_ERROR', error: 'Network error' } });
    xhr.onabort = () => resolve({ error: { status: 'FETCH_ERROR', error: 'Upload aborted' } });
    xhr.send(body);
  });
}
