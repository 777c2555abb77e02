/**
 * The web app's route patterns (`/`, `/papers/:id`) matched against an address's pathname, the
 * same way where the API serves a page (common/web/web-app-shell.ts: its preloads, its head) and
 * where the web app names the page it shows (its title, description and canonical link).
 */

/**
 * The pattern of `patterns` a pathname opens, matched as React Router does by default: `:name`
 * is one segment, case does not matter, a trailing slash neither.
 */
export function routeMatcher(patterns: Iterable<string>): (pathname: string) => string | undefined {
  const compiled = [...patterns].map((pattern) => {
    const segments = pattern.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    return { pattern, regex: new RegExp(`^${segments.join('/')}/?$`, 'i'), dynamic: pattern.includes('/:') };
  });
  // A static path wins over a pattern that also matches it, as in React Router's ranking.
  compiled.sort((a, b) => Number(a.dynamic) - Number(b.dynamic));
  return (pathname) => compiled.find(({ regex }) => regex.test(pathname))?.pattern;
}

/**
 * The one spelling of the address a pathname opens under `pattern`: the pattern's own segments
 * (its case, no trailing slash) with the pathname's value for each parameter, so `/Guidelines/`
 * and `/guidelines` name the same page.
 */
export function canonicalPath(pattern: string, pathname: string): string {
  if (pattern === '/') return '/';
  const given = pathname.split('/');
  return pattern
    .split('/')
    .map((segment, index) => (segment.startsWith(':') ? (given[index] ?? '') : segment))
    .join('/');
}
