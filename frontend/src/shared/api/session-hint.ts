/**
 * The server sets this readable cookie with the (HttpOnly) refresh cookie and clears it with
 * it. It holds no secret; it only says whether there is a session worth refreshing, so a
 * visitor's page loads never call the refresh endpoint.
 */
export const SESSION_HINT_COOKIE = 'signed_in';

export function hasSessionHint(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((entry) => entry.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}
