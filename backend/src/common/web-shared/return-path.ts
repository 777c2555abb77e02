/**
 * The page a sign-in may return to (issue 27: an e-mailed link opened while signed out), checked
 * the same way where the web app signs in with a password and where the API finishes an ORCID
 * sign-in: only a path of this site ('/review/1?tab=a#b'), never '//host', a scheme or the sign-in
 * page itself. Anything else is refused rather than repaired: the value comes from the address
 * bar, where anyone can put an open redirect.
 */

/** The query parameter naming the page to open after signing in (`/auth?next=…`, `/api/orcid/sign-in/start?next=…`). */
export const RETURN_PATH_PARAM = 'next';

/** The web app's sign-in page, which a sign-in never returns to. */
const SIGN_IN_PATH = '/auth';

// Only resolves candidates; any origin would do, as long as it is the one compared against.
const SITE = 'https://journal.invalid';

/** Browsers read a backslash as a slash and drop tabs and line breaks, so '/\evil.com' would leave the site. */
function hasCharactersBrowsersRewrite(candidate: string): boolean {
  for (const character of candidate) {
    const code = character.charCodeAt(0);
    if (character === '\\' || code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

export function safeReturnPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || candidate.length > 2000) return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return null;
  if (hasCharactersBrowsersRewrite(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  // The router matches paths in any case and with a trailing slash: '/Auth/' is the sign-in page too.
  if (url.pathname.toLowerCase().replace(/\/+$/, '') === SIGN_IN_PATH) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The path with one more query parameter, before its fragment ('/a?b=1#c' + 'd=2' is '/a?b=1&d=2#c'). */
export function withQueryParameter(path: string, parameter: string): string {
  const hashAt = path.indexOf('#');
  const [beforeHash, hash] = hashAt === -1 ? [path, ''] : [path.slice(0, hashAt), path.slice(hashAt)];
  return `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}${parameter}${hash}`;
}
