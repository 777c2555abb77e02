// A local stand-in for ORCID's OAuth server, for `npm start`, `npm run dev` and the tests when no
// ORCID client is configured. The protocol (codes, PKCE, signed tokens, discovery, keys) is
// `oauth2-mock-server`'s; this file adds what makes it answer like ORCID: ORCID's paths
// (/oauth/authorize, /oauth/token), a page to pick a test iD instead of ORCID's sign-in, a
// registered client and redirect URIs, codes that work once, and a token response that names
// the iD and the person (`orcid`, `name`) as ORCID's does.
//
// As a library: `const standIn = await startOrcidStandIn({ port, redirectUris })`, then give the
// API ORCID_BASE_URL=standIn.url, ORCID_CLIENT_ID=standIn.clientId and
// ORCID_CLIENT_SECRET=standIn.clientSecret; `await standIn.stop()` at the end.
// As a program: ORCID_CLIENT_SECRET=… node scripts/lib/orcid-stand-in.mjs --port 9400
//   --redirect-uri http://localhost:3000/api/orcid/callback [--client-id APP-…]
//   (the secret from the environment, where `ps` does not show it; a random one is printed when unset).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

/** Test people to pick from. Josiah Carberry is ORCID's own fictitious test researcher. */
export const TEST_ORCID_IDS = Object.freeze([
  Object.freeze({ orcidId: '0000-0002-1825-0097', name: 'Josiah Carberry' }),
  Object.freeze({ orcidId: '0000-0002-1694-233X', name: 'Ada Testwell' }),
  Object.freeze({ orcidId: '0000-0001-2718-2818', name: 'Rosalind Sample' }),
]);

export const DEFAULT_STAND_IN_CLIENT_ID = 'APP-JOURNALSTANDIN01';

const AUTHORIZE_PATH = '/oauth/authorize';
const TOKEN_PATH = '/oauth/token';
/** ORCID's own scopes for the two flows (spec section 9). */
const SCOPES = new Set(['openid', '/authenticate']);
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const ORCID_ID_PATTERN = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;

/** ISO 7064 MOD 11-2, ORCID's check character. */
export function isOrcidId(value) {
  if (typeof value !== 'string' || !ORCID_ID_PATTERN.test(value)) return false;
  const digits = value.replace(/-/g, '');
  let total = 0;
  for (const digit of digits.slice(0, 15)) total = (total + Number(digit)) * 2;
  const result = (12 - (total % 11)) % 11;
  return (result === 10 ? 'X' : String(result)) === digits[15];
}

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

const sameSecret = (given, expected) => {
  const a = createHash('sha256').update(String(given ?? '')).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
};

function sendHtml(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

function sendOAuthError(res, status, error, description) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ error, error_description: description }));
}

function redirect(res, url) {
  res.writeHead(302, { Location: url.href, 'Cache-Control': 'no-store' });
  res.end();
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The page ORCID would show (its sign-in and consent), here a choice of test iDs. */
function pickerPage(params, problem) {
  const hidden = ['client_id', 'response_type', 'scope', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'nonce']
    .filter((name) => params.has(name))
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name))}">`)
    .join('\n      ');
  const other = params.get('orcid') === 'other';
  const choices = TEST_ORCID_IDS.map(
    ({ orcidId, name }, index) =>
      `<li><label><input type="radio" name="orcid" value="${orcidId}"${index === 0 && !other ? ' checked' : ''}> ${escapeHtml(name)} (${orcidId})</label></li>`,
  ).join('\n        ');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>ORCID test stand-in</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem}
.banner{background:#fff4ce;border:1px solid #e0b400;padding:.75rem;border-radius:.375rem}
ul{list-style:none;padding:0}li{margin:.5rem 0}.problem{color:#b00020}</style></head>
<body>
  <p class="banner" role="note"><strong>Test mode.</strong> This is a local stand-in for ORCID, not ORCID: no real iD is involved.</p>
  <h1>Sign in to ORCID (test)</h1>
  <p>The journal asks to read your ORCID iD and name (scope <code>${escapeHtml(params.get('scope') ?? '')}</code>). Pick a test iD.</p>
  ${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
  <form method="get" action="${AUTHORIZE_PATH}">
      ${hidden}
      <fieldset>
        <legend>Test iD</legend>
        <ul>
        ${choices}
        <li><label><input type="radio" name="orcid" value="other"${other ? ' checked' : ''}> Another test iD</label>
          <p><label>Other iD <input name="orcid_other" value="${escapeHtml(params.get('orcid_other') ?? '')}" placeholder="0000-0000-0000-0000"></label></p>
          <p><label>Other name <input name="name_other" value="${escapeHtml(params.get('name_other') ?? '')}" placeholder="Test Researcher"></label></p></li>
        </ul>
      </fieldset>
      <button type="submit" name="decision" value="allow">Authorize access</button>
      <button type="submit" name="decision" value="deny">Deny access</button>
  </form>
</body>
</html>`;
}

/**
 * Starts the stand-in. `redirectUris`: the callback addresses registered for the client (ORCID
 * sends the browser to no other); `clientSecret`: made at random when not given.
 */
export async function startOrcidStandIn({
  host = '127.0.0.1',
  port = 0,
  clientId = DEFAULT_STAND_IN_CLIENT_ID,
  clientSecret = randomBytes(24).toString('base64url'),
  redirectUris,
} = {}) {
  if (!Array.isArray(redirectUris) || redirectUris.length === 0) throw new Error('startOrcidStandIn needs the journal\'s callback URL(s) in redirectUris');
  const registered = new Set(redirectUris);
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer, {
    authorize: AUTHORIZE_PATH,
    token: TOKEN_PATH,
    jwks: '/oauth/jwks',
    userinfo: '/oauth/userinfo',
  });
  /** code -> what was authorized with it; a code is used once. */
  const codes = new Map();

  service.on('beforeAuthorizeRedirect', (authorizeRedirect, req) => {
    const code = authorizeRedirect.url.searchParams.get('code');
    if (!code) return;
    // A stand-in left running for days forgets the codes nobody can redeem any more.
    for (const [old, grant] of codes) if (Date.now() - grant.issuedAt > CODE_LIFETIME_MS) codes.delete(old);
    const picked = req.picked;
    codes.set(code, {
      ...picked,
      redirectUri: req.query.redirect_uri,
      scope: req.query.scope,
      codeChallenge: req.query.code_challenge,
      codeChallengeMethod: req.query.code_challenge_method ?? 'plain',
      issuedAt: Date.now(),
      used: false,
    });
  });
  service.on('beforeTokenSigning', (token, req) => {
    const grant = codes.get(req.body?.code);
    if (grant) token.payload.sub = grant.orcidId;
  });
  service.on('beforeResponse', (response, req) => {
    const grant = codes.get(req.body?.code);
    if (!grant || typeof response.body !== 'object') return;
    Object.assign(response.body, { orcid: grant.orcidId, name: grant.name, scope: grant.scope });
    // ORCID answers an ID token only when `openid` was asked for.
    if (!grant.scope.split(' ').includes('openid')) delete response.body.id_token;
  });

  function authorize(req, res, url) {
    const params = url.searchParams;
    const redirectUri = params.get('redirect_uri');
    // Like ORCID: a client or redirect URI it does not know gets an error page, never a redirect.
    if (params.get('client_id') !== clientId || !redirectUri || !registered.has(redirectUri)) {
      sendHtml(res, 400, '<!doctype html><title>ORCID test stand-in</title><p>Unknown client or redirect URI.</p>');
      return;
    }
    const back = (error, description) => {
      const target = new URL(redirectUri);
      target.searchParams.set('error', error);
      target.searchParams.set('error_description', description);
      if (params.has('state')) target.searchParams.set('state', params.get('state'));
      redirect(res, target);
    };
    if (params.get('response_type') !== 'code') return back('unsupported_response_type', 'Only the code flow is supported');
    if (!(params.get('scope') ?? '').split(' ').every((scope) => SCOPES.has(scope))) return back('invalid_scope', 'Unknown scope');
    if (params.get('decision') === 'deny') return back('access_denied', 'User denied access');
    const choice = params.get('orcid');
    if (!choice) return sendHtml(res, 200, pickerPage(params));
    const other = choice === 'other';
    const orcidId = other ? (params.get('orcid_other') ?? '').trim().toUpperCase() : choice;
    if (!isOrcidId(orcidId)) return sendHtml(res, 200, pickerPage(params, `${orcidId || 'An empty value'} is not an ORCID iD (its check digit must be right).`));
    const listed = TEST_ORCID_IDS.find((person) => person.orcidId === orcidId);
    const name = (other ? params.get('name_other') : params.get('name'))?.trim() || listed?.name || 'Test Researcher';
    req.picked = { orcidId, name };
    service.requestHandler(req, res);
  }

  async function token(req, res) {
    const raw = await readBody(req);
    const body = new URLSearchParams(raw.toString('utf8'));
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    const [basicId, basicSecret] = basic ? Buffer.from(basic[1], 'base64').toString('utf8').split(':').map(decodeURIComponent) : [];
    const givenId = basicId ?? body.get('client_id');
    const givenSecret = basicSecret ?? body.get('client_secret');
    if (givenId !== clientId || !sameSecret(givenSecret, clientSecret)) return sendOAuthError(res, 401, 'invalid_client', 'Client authentication failed');
    if (body.get('grant_type') !== 'authorization_code') return sendOAuthError(res, 400, 'unsupported_grant_type', 'Only authorization_code is supported');
    const grant = codes.get(body.get('code'));
    if (!grant) return sendOAuthError(res, 400, 'invalid_grant', 'Invalid authorization code');
    if (grant.used) return sendOAuthError(res, 400, 'invalid_grant', 'Reused authorization code');
    grant.used = true;
    if (Date.now() - grant.issuedAt > CODE_LIFETIME_MS) return sendOAuthError(res, 400, 'invalid_grant', 'Expired authorization code');
    if (body.get('redirect_uri') !== grant.redirectUri) return sendOAuthError(res, 400, 'invalid_grant', 'Redirect URI mismatch');
    // The library checks the verifier too, but answers a mismatch with a problem document, not an
    // OAuth error as ORCID does: a wrong or missing one is refused here first.
    const verifier = body.get('code_verifier');
    if ((grant.codeChallenge === undefined) !== (verifier === null)) return sendOAuthError(res, 400, 'invalid_grant', 'PKCE verification failed');
    if (verifier !== null) {
      const derived = grant.codeChallengeMethod === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
      if (derived !== grant.codeChallenge) return sendOAuthError(res, 400, 'invalid_grant', 'PKCE verification failed');
    }
    const forwarded = Object.assign(Readable.from([raw]), { method: req.method, url: req.url, headers: req.headers });
    service.requestHandler(forwarded, res);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
    const handled =
      req.method === 'GET' && url.pathname === AUTHORIZE_PATH
        ? authorize(req, res, url)
        : req.method === 'POST' && url.pathname === TOKEN_PATH
          ? token(req, res)
          : service.requestHandler(req, res);
    Promise.resolve(handled).catch((error) => {
      console.error('ORCID stand-in:', error);
      if (!res.headersSent) sendOAuthError(res, 500, 'server_error', 'The stand-in failed');
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  // ORCID's issuer is its base URL; the journal checks the ID token's `iss` against ORCID_BASE_URL.
  issuer.url = url;
  return {
    url,
    clientId,
    clientSecret,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '9400' },
      'client-id': { type: 'string', default: DEFAULT_STAND_IN_CLIENT_ID },
      'redirect-uri': { type: 'string', multiple: true },
    },
  });
  const standIn = await startOrcidStandIn({
    host: values.host,
    port: Number(values.port),
    clientId: values['client-id'],
    clientSecret: process.env.ORCID_CLIENT_SECRET || undefined,
    redirectUris: values['redirect-uri'],
  });
  const secret = process.env.ORCID_CLIENT_SECRET ? '' : ` (secret ${standIn.clientSecret})`;
  console.log(`ORCID stand-in (test mode) at ${standIn.url}, client ${standIn.clientId}${secret}`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void standIn.stop().then(() => process.exit(0)));
}
