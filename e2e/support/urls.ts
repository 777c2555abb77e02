import { baseURL } from './env.js';

/** Matches a URL of the journal (or of another of its APIs, `origin`) whose path is exactly `path` (any query or hash). */
export function atPath(path: string, origin: string = baseURL): RegExp {
  const escaped = `${origin}${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped}(?:[?#].*)?$`);
}
