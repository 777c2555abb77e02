import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { isOrcidId, startOrcidStandIn, TEST_ORCID_IDS } from '../lib/orcid-stand-in.mjs';

const CALLBACK = 'http://localhost:3999/api/orcid/callback';

/** The journal's side of the exchange, written out: what ORCID's real endpoints are sent. */
function authorizeUrl(standIn, overrides = {}) {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${standIn.url}/oauth/authorize`);
  const params = {
    client_id: standIn.clientId,
    response_type: 'code',
    scope: 'openid',
    redirect_uri: CALLBACK,
    state: 'a-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...overrides,
  };
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return { url, verifier };
}

async function codeFor(standIn, choice, overrides) {
  const { url, verifier } = authorizeUrl(standIn, overrides);
  for (const [name, value] of Object.entries(choice)) url.searchParams.set(name, value);
  const response = await fetch(url, { redirect: 'manual' });
  assert.equal(response.status, 302);
  const back = new URL(response.headers.get('location'));
  assert.equal(`${back.origin}${back.pathname}`, CALLBACK);
  return { code: back.searchParams.get('code'), state: back.searchParams.get('state'), verifier };
}

function token(standIn, fields) {
  return fetch(`${standIn.url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: CALLBACK, client_id: standIn.clientId, client_secret: standIn.clientSecret, ...fields }),
  });
}

describe('the ORCID stand-in', () => {
  let standIn;
  before(async () => {
    standIn = await startOrcidStandIn({ redirectUris: [CALLBACK] });
  });
  after(() => standIn.stop());

  it('offers only real-looking test iDs (their check digits right)', () => {
    assert.ok(TEST_ORCID_IDS.length >= 3);
    for (const { orcidId } of TEST_ORCID_IDS) assert.ok(isOrcidId(orcidId), orcidId);
    assert.equal(isOrcidId('0000-0002-1825-0098'), false);
  });

  it('shows a test-mode page to pick an iD, and sends an unregistered client or redirect URI nowhere', async () => {
    const page = await fetch(authorizeUrl(standIn).url);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /Test mode/);
    for (const { orcidId } of TEST_ORCID_IDS) assert.ok(html.includes(orcidId));
    for (const overrides of [{ redirect_uri: 'https://evil.example/callback' }, { client_id: 'APP-SOMEONEELSE000' }]) {
      const refused = await fetch(authorizeUrl(standIn, overrides).url, { redirect: 'manual' });
      assert.equal(refused.status, 400);
      assert.equal(refused.headers.get('location'), null);
    }
    const { url } = authorizeUrl(standIn);
    url.searchParams.set('orcid', 'other');
    url.searchParams.set('orcid_other', '0000-0002-1825-0098');
    const again = await fetch(url, { redirect: 'manual' });
    assert.equal(again.status, 200);
    assert.match(await again.text(), /is not an ORCID iD/);
  });

  it('answers the code with the iD and name beside the tokens, as ORCID does, once', async () => {
    const [person] = TEST_ORCID_IDS;
    const { code, state, verifier } = await codeFor(standIn, { orcid: person.orcidId });
    assert.equal(state, 'a-state');
    const first = await token(standIn, { code, code_verifier: verifier });
    assert.equal(first.status, 200);
    const body = await first.json();
    assert.equal(body.orcid, person.orcidId);
    assert.equal(body.name, person.name);
    assert.equal(body.scope, 'openid');
    const claims = JSON.parse(Buffer.from(body.id_token.split('.')[1], 'base64url').toString('utf8'));
    assert.equal(claims.sub, person.orcidId);
    assert.equal(claims.aud, standIn.clientId);
    assert.equal(claims.iss, standIn.url);

    const reused = await token(standIn, { code, code_verifier: verifier });
    assert.equal(reused.status, 400);
    assert.equal((await reused.json()).error, 'invalid_grant');
  });

  it('gives no ID token for the sign-in scope, and takes another iD typed in', async () => {
    const { code, verifier } = await codeFor(standIn, { orcid: 'other', orcid_other: '0000-0009-1234-5678', name_other: 'Typed Name' }, { scope: '/authenticate' });
    const body = await (await token(standIn, { code, code_verifier: verifier })).json();
    assert.equal(body.orcid, '0000-0009-1234-5678');
    assert.equal(body.name, 'Typed Name');
    assert.equal(body.id_token, undefined);
  });

  it('refuses a wrong client secret, a wrong PKCE verifier and a wrong redirect URI', async () => {
    const wrongSecret = await codeFor(standIn, { orcid: TEST_ORCID_IDS[0].orcidId });
    const unauthorized = await token(standIn, { code: wrongSecret.code, code_verifier: wrongSecret.verifier, client_secret: 'not-the-secret' });
    assert.equal(unauthorized.status, 401);
    assert.equal((await unauthorized.json()).error, 'invalid_client');

    const wrongVerifier = await codeFor(standIn, { orcid: TEST_ORCID_IDS[0].orcidId });
    const pkce = await token(standIn, { code: wrongVerifier.code, code_verifier: randomBytes(32).toString('base64url') });
    assert.equal(pkce.status, 400);
    assert.equal((await pkce.json()).error, 'invalid_grant');

    const wrongRedirect = await codeFor(standIn, { orcid: TEST_ORCID_IDS[0].orcidId });
    const redirect = await token(standIn, { code: wrongRedirect.code, code_verifier: wrongRedirect.verifier, redirect_uri: 'https://evil.example/callback' });
    assert.equal(redirect.status, 400);
  });

  it('sends the person who declines back with access_denied and the state', async () => {
    const { url } = authorizeUrl(standIn);
    url.searchParams.set('decision', 'deny');
    const response = await fetch(url, { redirect: 'manual' });
    const back = new URL(response.headers.get('location'));
    assert.equal(back.searchParams.get('error'), 'access_denied');
    assert.equal(back.searchParams.get('state'), 'a-state');
  });
});
