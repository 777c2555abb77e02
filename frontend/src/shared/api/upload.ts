import { type BaseQueryApi, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { env } from '@/shared/config/env';
import { refreshSession } from './base-query';
import { sessionCleared } from './session-events';

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
function send<T>({ path, body, onProgress }: UploadOptions): Promise<UploadResult<T>> {
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

/**
 * `send` plus the same one retry as the base query: a 401 means the access cookie expired, so
 * refresh (shared with any other caller) and send again; a refused refresh signs the user out.
 */
export async function uploadWithProgress<T>(options: UploadOptions, api?: BaseQueryApi): Promise<UploadResult<T>> {
  const result = await send<T>(options);
  if (!api || !('error' in result) || result.error.status !== 401) return result;
  const refreshed = await refreshSession(api);
  if (!refreshed.ok) {
    if (refreshed.rejected) api.dispatch(sessionCleared());
    return result;
  }
  options.onProgress?.(0);
  return send<T>(options);
}
