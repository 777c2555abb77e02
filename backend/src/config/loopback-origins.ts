const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The other names of a loopback origin on the same port (`http://localhost:3000` →
 * `http://127.0.0.1:3000`, `http://[::1]:3000`). A person who types one name where `npm start`
 * printed another reaches the same journal, and should be able to use it.
 */
export function loopbackAliases(origin: string): string[] {
  const url = new URL(origin);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [];
  const port = url.port ? `:${url.port}` : '';
  return LOOPBACK_HOSTS.filter((host) => host !== url.hostname).map((host) => `${url.protocol}//${host}${port}`);
}
