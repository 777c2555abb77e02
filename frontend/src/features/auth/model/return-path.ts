import { type Role } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { destinationForRole } from './role-destination';

/** The query parameter of /auth naming the page to open after signing in (`paths.auth.getHref(returnTo)`). */
export const RETURN_PATH_PARAM = 'next';

// Only resolves candidates; any origin would do, as long as it is the one compared against.
const SITE = new URL('https://journal.invalid');

/** Browsers read a backslash as a slash and drop tabs and line breaks, so '/\evil.com' would leave the site. */
function hasCharactersBrowsersRewrite(candidate: string): boolean {
  for (const character of candidate) {
    const code = character.charCodeAt(0);
    if (character === '\\' || code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The page a sign-in may return to, or null: only a path of this site ('/review/1?tab=a#b'),
 * never '//host', a scheme or /auth itself. Anything else is refused rather than repaired:
 * the value comes from the address bar, where anyone can put an open redirect.
 */
export function safeReturnPath(candidate: string | null | undefined): string | null {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//')) return null;
  if (hasCharactersBrowsersRewrite(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE.origin) return null;
  // The router matches paths in any case and with a trailing slash: '/Auth/' is /auth too.
  if (url.pathname.toLowerCase().replace(/\/+$/, '') === paths.auth.path) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a sign-in leads: the page the person asked for when it is safe, else the role's landing page. */
export function destinationAfterSignIn(role: Role, requested: string | null | undefined): string {
  return safeReturnPath(requested) ?? destinationForRole(role);
}
