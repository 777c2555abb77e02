import { baseURL } from './env.js';

/** Matches a URL of the journal whose path is exactly `path` (any query or hash). */
export function atPath(path: string): RegExp {
  const escaped = `${baseURL}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}(?:[?#].*)?$`);
}
