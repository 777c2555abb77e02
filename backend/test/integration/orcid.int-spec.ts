import request, { type Response } from 'supertest';
import { TEST_ORCID_IDS } from '../../../scripts/lib/orcid-stand-in.mjs';
import { createAccount, setCookies, sql } from '../support/accounts.js';
import { type RunningOrcidStandIn, startOrcidStandIn } from '../support/orcid-stand-in.js';
import { clearRateLimits, startTestApp, type TestApp } from '../support/test-app.js';

/** The test apps' public address; ORCID's redirect back names it, and supertest answers for it. */
const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK_URL = `${PUBLIC_URL}/api/orcid/callback`;

const LINK_CODES = ['authentication_required', 'user_not_found', 'link_failed', 'already_linked', 'invalid_token', 'invalid_state', 'start_failed'];
const SIGN_IN_CODES = ['not_linked', 'invalid_state', 'invalid_token', 'sign_in_failed', 'start_failed', 'rate_limited'];

/** Every address an ORCID route of the journal may send a browser to (docs/api.md, ORCID): fixed paths, fixed parameters. */
const JOURNAL_RESULTS = new Set([
  '/?orcid=linked',
  '/?orcid=signed_in',
  '/reviewer-dashboard?orcid=signed_in',
  '/admin?orcid=signed_in',
  ...LINK_CODES.map((code) => `/?orcid=error&message=${code}`),
  ...SIGN_IN_CODES.map((code) => `/auth?orcid=error&message=${code}`),
]);

const [CARBERRY, TESTWELL, SAMPLE] = TEST_ORCID_IDS;

/** A browser's cookie jar: what the journal set, sent back on the paths it was set for. */
class Browser {
  private readonly jar = new Map<string, { value: string; path: string }>();

  absorb(response: Response): Response {
    for (const header of setCookies(response)) {
      const [pair, ...attributes] = header.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const path = attributes.find((attribute) => /^path=/i.test(attribute))?.slice(5) ?? '/';
      const expired = value === '' || attributes.some((attribute) => /^max-age=0$/i.test(attribute));
      if (expired) this.jar.delete(name);
      else this.jar.set(name, { value, path });
    }
    return response;
  }

  has(name: string): boolean {
    return this.jar.has(name);
  }

  forget(name: string): void {
    this.jar.delete(name);
  }

  cookiesFor(path: string): string {
    return [...this.jar]
      .filter(([, cookie]) => path === cookie.path || path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  async get(testApp: TestApp, url: string): Promise<Response> {
    const path = url.split('?')[0];
    return this.absorb(await request(testApp.server).get(url).set('Cookie', this.cookiesFor(path)));
  }

  async delete(testApp: TestApp, url: string): Promise<Response> {
    return this.absorb(await request(testApp.server).delete(url).set('Cookie', this.cookiesFor(url)));
  }
}

async function signedInBrowser(testApp: TestApp, account: { email: string; password: string }): Promise<Browser> {
  const browser = new Browser();
  browser.absorb(await request(testApp.server).post('/api/auth/sign-in').send({ email: account.email, password: account.password }).expect(200));
  return browser;
}

/** The start: a redirect to ORCID's authorize page, whose URL it answers. */
async function start(testApp: TestApp, browser: Browser, flow: 'link' | 'sign-in', next?: string): Promise<URL> {
  const response = await browser.get(testApp, `/api/orcid/${flow}/start${next === undefined ? '' : `?next=${encodeURIComponent(next)}`}`);
  expect(response.status).toBe(302);
  return new URL(response.headers.location);
}

/** What the person does at ORCID (the stand-in): pick an iD, or decline. Answers ORCID's redirect back to the journal. */
async function atOrcid(authorizeUrl: URL, choice: { orcidId: string; name?: string } | 'deny'): Promise<string> {
  const url = new URL(authorizeUrl);
  if (choice === 'deny') url.searchParams.set('decision', 'deny');
  else {
    url.searchParams.set('orcid', choice.orcidId);
    if (choice.name) url.searchParams.set('name', choice.name);
  }
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = response.headers.get('location')!;
  expect(back.startsWith(`${CALLBACK_URL}?`)).toBe(true);
  return back;
}

/** The callback as the browser follows ORCID's redirect; answers where the journal sends it next. */
async function callback(testApp: TestApp, browser: Browser, callbackUrl: string): Promise<{ location: string; response: Response }> {
  const response = await browser.get(testApp, callbackUrl.slice(PUBLIC_URL.length));
  expect(response.status).toBe(302);
  const location = response.headers.location;
  // A fixed result, or a sign-in sent back to the page of this site it was asked for.
  expect(JOURNAL_RESULTS.has(location) || /^\/(?![/\\])[^?#]*\?(?:[^#]*&)?orcid=signed_in(?:#.*)?$/.test(location)).toBe(true);
  expect(response.headers['cache-control']).toBe('no-store');
  return { location, response };
}

async function linkedIdOf(testApp: TestApp, userId: string): Promise<{ orcid_id: string | null; orcid_name: string | null; orcid_linked_at: Date | null }> {
  const [row] = await sql<{ orcid_id: string | null; orcid_name: string | null; orcid_linked_at: Date | null }>(
    testApp.app,
    'select orcid_id, orcid_name, orcid_linked_at from profiles where id = ?',
    [userId],
  );
  return row;
}

function withState(callbackUrl: string, state: string | null): string {
  const url = new URL(callbackUrl);
  if (state === null) url.searchParams.delete('state');
  else url.searchParams.set('state', state);
  return url.href;
}

describe('ORCID linking and sign-in', () => {
  let standIn: RunningOrcidStandIn;
  let testApp: TestApp;
  let orcidEnv: Record<string, string>;

  beforeAll(async () => {
    standIn = await startOrcidStandIn([CALLBACK_URL]);
    orcidEnv = { PUBLIC_URL, ...standIn.env };
    testApp = await startTestApp({ env: orcidEnv });
  });

  afterAll(async () => {
    await testApp?.close();
    await standIn?.stop();
  });

  beforeEach(async () => {
    await clearRateLimits(testApp);
    // Each test picks iDs of its own; the stand-in's few test people are freed between tests.
    await sql(testApp.app, 'update profiles set orcid_id = null, orcid_name = null, orcid_linked_at = null where orcid_id is not null');
  });

  it('sends the browser to ORCID with the client id, the code flow, PKCE, a server-kept state and the linking scope', async () => {
    const account = await createAccount(testApp);
    const browser = await signedInBrowser(testApp, account);
    const response = await browser.get(testApp, '/api/orcid/link/start');
    expect(response.status).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    const authorize = new URL(response.headers.location);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${standIn.url}/oauth/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: standIn.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: CALLBACK_URL,
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
    });
    const binding = setCookies(response).find((cookie) => cookie.startsWith('orcid_flow='))!;
    expect(binding).toMatch(/HttpOnly/);
    expect(binding).toMatch(/SameSite=Lax/);
    expect(binding).toMatch(/Path=\/api\/orcid(;|$)/);
    // Nothing of the flow is in the state itself: it is a random key of what the server keeps.
    expect(authorize.searchParams.get('state')).not.toContain(account.id);

    const signIn = new URL((await new Browser().get(testApp, '/api/orcid/sign-in/start')).headers.location);
    expect(signIn.searchParams.get('scope')).toBe('/authenticate');
    expect(signIn.searchParams.get('state')).not.toBe(authorize.searchParams.get('state'));
  });

  it('links the iD picked at ORCID, with its name and date, shows it in the session, and unlinks it', async () => {
    const account = await createAccount(testApp);
    const browser = await signedInBrowser(testApp, account);
    const before = Date.now();
    const { location } = await callback(testApp, browser, await atOrcid(await start(testApp, browser, 'link'), CARBERRY));
    expect(location).toBe('/?orcid=linked');

    const session = await browser.get(testApp, '/api/auth/session');
    expect(session.status).toBe(200);
    const user = (session.body as { user: { orcidId: string; orcidName: string; orcidLinkedAt: string } }).user;
    expect(user).toMatchObject({ orcidId: CARBERRY.orcidId, orcidName: CARBERRY.name });
    expect(Date.parse(user.orcidLinkedAt)).toBeGreaterThanOrEqual(before - 1000);

    expect((await browser.delete(testApp, '/api/orcid/link')).status).toBe(204);
    expect(await linkedIdOf(testApp, account.id)).toEqual({ orcid_id: null, orcid_name: null, orcid_linked_at: null });
    const after = (await browser.get(testApp, '/api/auth/session')).body as { user: Record<string, unknown> };
    expect(after.user).toMatchObject({ orcidId: null, orcidName: null, orcidLinkedAt: null });
    // Unlinking again changes nothing and is not an error.
    expect((await browser.delete(testApp, '/api/orcid/link')).status).toBe(204);
    expect((await request(testApp.server).delete('/api/orcid/link')).status).toBe(401);
  });

  it('refuses a tampered, a missing and a replayed state (invalid_state), linking nothing', async () => {
    const account = await createAccount(testApp);
    const browser = await signedInBrowser(testApp, account);
    const back = await atOrcid(await start(testApp, browser, 'link'), CARBERRY);
    const state = new URL(back).searchParams.get('state')!;
    const tampered = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [withState(back, tampered), withState(back, null), withState(back, `${state}x`)]) {
      expect((await callback(testApp, browser, url)).location).toBe('/?orcid=error&message=invalid_state');
    }
    expect((await linkedIdOf(testApp, account.id)).orcid_id).toBeNull();

    expect((await callback(testApp, browser, back)).location).toBe('/?orcid=linked');
    await browser.delete(testApp, '/api/orcid/link');
    // The same answer from ORCID again: the state was used.
    expect((await callback(testApp, browser, back)).location).toBe('/?orcid=error&message=invalid_state');
    expect((await linkedIdOf(testApp, account.id)).orcid_id).toBeNull();
  });

  it('refuses a state past its life (invalid_state)', async () => {
    const shortLived = await startTestApp({ env: { ...orcidEnv, ORCID_STATE_TTL_SECONDS: '1' } });
    try {
      const account = await createAccount(shortLived);
      const browser = await signedInBrowser(shortLived, account);
      const back = await atOrcid(await start(shortLived, browser, 'link'), CARBERRY);
      await new Promise((resolve) => setTimeout(resolve, 1600));
      expect((await callback(shortLived, browser, back)).location).toBe('/?orcid=error&message=invalid_state');
      expect((await linkedIdOf(shortLived, account.id)).orcid_id).toBeNull();
    } finally {
      await shortLived.close();
    }
  });

  it('uses a state once when two callbacks race for it', async () => {
    const account = await createAccount(testApp);
    const browser = await signedInBrowser(testApp, account);
    const back = await atOrcid(await start(testApp, browser, 'link'), CARBERRY);
    const outcomes = await Promise.all([callback(testApp, browser, back), callback(testApp, browser, back)]);
    expect(outcomes.map((outcome) => outcome.location).sort()).toEqual(['/?orcid=error&message=invalid_state', '/?orcid=linked']);
  });

  it('refuses a code ORCID already redeemed, under a new state (invalid_token)', async () => {
    const first = await createAccount(testApp);
    const firstBrowser = await signedInBrowser(testApp, first);
    const redeemed = await atOrcid(await start(testApp, firstBrowser, 'link'), CARBERRY);
    expect((await callback(testApp, firstBrowser, redeemed)).location).toBe('/?orcid=linked');

    const second = await createAccount(testApp);
    const secondBrowser = await signedInBrowser(testApp, second);
    const fresh = await atOrcid(await start(testApp, secondBrowser, 'link'), TESTWELL);
    const oldCode = new URL(redeemed).searchParams.get('code')!;
    const replay = new URL(fresh);
    replay.searchParams.set('code', oldCode);
    expect((await callback(testApp, secondBrowser, replay.href)).location).toBe('/?orcid=error&message=invalid_token');
    expect((await linkedIdOf(testApp, second.id)).orcid_id).toBeNull();
    expect((await linkedIdOf(testApp, first.id)).orcid_id).toBe(CARBERRY.orcidId);
  });

  it('keeps one iD to one account: the same iD on a second account is already_linked', async () => {
    const first = await createAccount(testApp);
    const second = await createAccount(testApp);
    const firstBrowser = await signedInBrowser(testApp, first);
    const secondBrowser = await signedInBrowser(testApp, second);
    expect((await callback(testApp, firstBrowser, await atOrcid(await start(testApp, firstBrowser, 'link'), SAMPLE))).location).toBe('/?orcid=linked');
    expect((await callback(testApp, secondBrowser, await atOrcid(await start(testApp, secondBrowser, 'link'), SAMPLE))).location).toBe(
      '/?orcid=error&message=already_linked',
    );
    expect((await linkedIdOf(testApp, second.id)).orcid_id).toBeNull();
    expect((await linkedIdOf(testApp, first.id)).orcid_id).toBe(SAMPLE.orcidId);
  });

  it('never completes a link started by one account for another, nor in another browser', async () => {
    const starter = await createAccount(testApp);
    const other = await createAccount(testApp);

    // ORCID's answer opened in the other account's browser: that browser started no flow.
    const starterBrowser = await signedInBrowser(testApp, starter);
    const leaked = await atOrcid(await start(testApp, starterBrowser, 'link'), CARBERRY);
    const otherBrowser = await signedInBrowser(testApp, other);
    expect((await callback(testApp, otherBrowser, leaked)).location).toBe('/?orcid=error&message=invalid_state');
    // ...or in a browser with no one signed in: someone else's iD would end up on the starter's account.
    const lured = await atOrcid(await start(testApp, starterBrowser, 'link'), TESTWELL);
    expect((await callback(testApp, new Browser(), lured)).location).toBe('/?orcid=error&message=invalid_state');

    // The other account signed in, in the very browser that started the link.
    const shared = await signedInBrowser(testApp, starter);
    const started = await atOrcid(await start(testApp, shared, 'link'), CARBERRY);
    shared.absorb(await request(testApp.server).post('/api/auth/sign-in').send({ email: other.email, password: other.password }).expect(200));
    expect((await callback(testApp, shared, started)).location).toBe('/?orcid=error&message=invalid_state');

    // Signed out while at ORCID: the session that started the link has ended.
    const leaving = await signedInBrowser(testApp, starter);
    const afterSignOut = await atOrcid(await start(testApp, leaving, 'link'), CARBERRY);
    leaving.absorb(await request(testApp.server).post('/api/auth/sign-out').set('Cookie', leaving.cookiesFor('/api/auth/sign-out')).expect(204));
    expect(leaving.has('access_token')).toBe(false);
    expect((await callback(testApp, leaving, afterSignOut)).location).toBe('/?orcid=error&message=authentication_required');

    expect((await linkedIdOf(testApp, starter.id)).orcid_id).toBeNull();
    expect((await linkedIdOf(testApp, other.id)).orcid_id).toBeNull();

    // The access cookie ran out while the person was at ORCID, but their session is live: the link is theirs.
    const slow = await signedInBrowser(testApp, starter);
    const late = await atOrcid(await start(testApp, slow, 'link'), CARBERRY);
    slow.forget('access_token');
    expect((await callback(testApp, slow, late)).location).toBe('/?orcid=linked');
    expect((await linkedIdOf(testApp, starter.id)).orcid_id).toBe(CARBERRY.orcidId);
  });

  it('signs in the account an iD is linked to with the journal\'s session, landing by role', async () => {
    const landings = { user: '/?orcid=signed_in', reviewer: '/reviewer-dashboard?orcid=signed_in', admin: '/admin?orcid=signed_in' } as const;
    for (const [role, landing] of Object.entries(landings)) {
      await sql(testApp.app, 'update profiles set orcid_id = null, orcid_name = null, orcid_linked_at = null where orcid_id is not null');
      const account = await createAccount(testApp, { role: role === 'user' ? undefined : (role as 'reviewer' | 'admin') });
      const linking = await signedInBrowser(testApp, account);
      expect((await callback(testApp, linking, await atOrcid(await start(testApp, linking, 'link'), TESTWELL))).location).toBe('/?orcid=linked');

      const visitor = new Browser();
      const { location, response } = await callback(testApp, visitor, await atOrcid(await start(testApp, visitor, 'sign-in'), TESTWELL));
      expect(location).toBe(landing);
      const cookies = setCookies(response).map((cookie) => cookie.split('=')[0]);
      expect(cookies).toEqual(expect.arrayContaining(['access_token', 'refresh_token', 'signed_in']));
      const session = await visitor.get(testApp, '/api/auth/session');
      expect(session.status).toBe(200);
      expect((session.body as { user: { id: string; role: string; orcidId: string } }).user).toMatchObject({ id: account.id, role, orcidId: TESTWELL.orcidId });
      // The refresh cookie of this session works like a password sign-in's.
      const refreshed = await request(testApp.server).post('/api/auth/refresh').set('Cookie', visitor.cookiesFor('/api/auth/refresh'));
      expect(refreshed.status).toBe(200);
    }
  });

  it('returns a sign-in to the page the sign-in page was asked to return to, and only to a page of this site', async () => {
    await sql(testApp.app, 'update profiles set orcid_id = null, orcid_name = null, orcid_linked_at = null where orcid_id is not null');
    const account = await createAccount(testApp, { role: 'reviewer' });
    const linking = await signedInBrowser(testApp, account);
    await callback(testApp, linking, await atOrcid(await start(testApp, linking, 'link'), TESTWELL));
    const cases: [string, string][] = [
      ['/review/3f1c?tab=scores#rubric', '/review/3f1c?tab=scores&orcid=signed_in#rubric'],
      ['/reviewer-dashboard', '/reviewer-dashboard?orcid=signed_in'],
      ['//evil.example/steal', '/reviewer-dashboard?orcid=signed_in'],
      ['https://evil.example/', '/reviewer-dashboard?orcid=signed_in'],
      ['/\\evil.example', '/reviewer-dashboard?orcid=signed_in'],
      ['/auth?next=/admin', '/reviewer-dashboard?orcid=signed_in'],
    ];
    for (const [next, landing] of cases) {
      const visitor = new Browser();
      expect((await callback(testApp, visitor, await atOrcid(await start(testApp, visitor, 'sign-in', next), TESTWELL))).location).toBe(landing);
    }
  });

  it('signs no one in with an iD linked to no account (not_linked): an account starts with a confirmed e-mail', async () => {
    const visitor = new Browser();
    const { location, response } = await callback(testApp, visitor, await atOrcid(await start(testApp, visitor, 'sign-in'), SAMPLE));
    expect(location).toBe('/auth?orcid=error&message=not_linked');
    expect(setCookies(response).filter((cookie) => /^(access_token|refresh_token)=/.test(cookie))).toEqual([]);
    const [{ count }] = await sql<{ count: string }>(testApp.app, 'select count(*) from profiles where orcid_id = ?', [SAMPLE.orcidId]);
    expect(Number(count)).toBe(0);
  });

  it('signs no one in from a browser that did not start the sign-in (a forged or leaked callback)', async () => {
    const account = await createAccount(testApp);
    const linking = await signedInBrowser(testApp, account);
    await callback(testApp, linking, await atOrcid(await start(testApp, linking, 'link'), CARBERRY));

    const attacker = new Browser();
    const answer = await atOrcid(await start(testApp, attacker, 'sign-in'), CARBERRY);
    const victim = new Browser();
    const { location, response } = await callback(testApp, victim, answer);
    expect(location).toBe('/auth?orcid=error&message=invalid_state');
    expect(setCookies(response).filter((cookie) => /^(access_token|refresh_token)=/.test(cookie))).toEqual([]);
  });

  it('ends the flow with the spec\'s failure when the person declines at ORCID', async () => {
    const account = await createAccount(testApp);
    const browser = await signedInBrowser(testApp, account);
    expect((await callback(testApp, browser, await atOrcid(await start(testApp, browser, 'link'), 'deny'))).location).toBe('/?orcid=error&message=link_failed');
    const visitor = new Browser();
    expect((await callback(testApp, visitor, await atOrcid(await start(testApp, visitor, 'sign-in'), 'deny'))).location).toBe(
      '/auth?orcid=error&message=sign_in_failed',
    );
    expect((await linkedIdOf(testApp, account.id)).orcid_id).toBeNull();
  });

  it('never sends the browser off the journal, whatever the callback is given', async () => {
    const account = await createAccount(testApp);
    const browser = await signedInBrowser(testApp, account);
    const back = new URL(await atOrcid(await start(testApp, browser, 'link'), CARBERRY));
    const hostile = [
      '/api/orcid/callback',
      '/api/orcid/callback?redirect_uri=https%3A%2F%2Fevil.example%2F&next=%2F%2Fevil.example&returnTo=https://evil.example',
      `/api/orcid/callback?code=x&state=${encodeURIComponent('https://evil.example/')}`,
      '/api/orcid/callback?error=access_denied&error_uri=https%3A%2F%2Fevil.example&state=%2F%2Fevil.example',
      `/api/orcid/callback?${back.searchParams.toString()}&redirect_uri=https%3A%2F%2Fevil.example%2F`,
      `/api/orcid/callback?${back.searchParams.toString()}`,
      '/api/orcid/callback?state[]=a&state[]=b&code[]=c',
    ];
    for (const url of hostile) {
      for (const who of [browser, new Browser()]) {
        const response = await who.get(testApp, url);
        expect(response.status).toBe(302);
        expect(JOURNAL_RESULTS.has(response.headers.location)).toBe(true);
      }
    }
  });

  it('sends a visitor who starts a link to sign in first (authentication_required)', async () => {
    const response = await new Browser().get(testApp, '/api/orcid/link/start');
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/?orcid=error&message=authentication_required');
  });

  it('limits sign-in starts per address like the other account actions, answering with a page that says so', async () => {
    const visitor = new Browser();
    for (let i = 0; i < 20; i += 1) expect((await visitor.get(testApp, '/api/orcid/sign-in/start')).headers.location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?/);
    const refused = await visitor.get(testApp, '/api/orcid/sign-in/start');
    expect(refused.status).toBe(302);
    expect(refused.headers.location).toBe('/auth?orcid=error&message=rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  describe('with ORCID off (no ORCID_* settings)', () => {
    let offApp: TestApp;

    beforeAll(async () => {
      offApp = await startTestApp({ env: { PUBLIC_URL, ORCID_BASE_URL: undefined, ORCID_CLIENT_ID: undefined, ORCID_CLIENT_SECRET: undefined } });
    });

    afterAll(async () => {
      await offApp?.close();
    });

    it('answers the starts with start_failed, never a broken page', async () => {
      const account = await createAccount(offApp);
      const browser = await signedInBrowser(offApp, account);
      expect((await browser.get(offApp, '/api/orcid/link/start')).headers.location).toBe('/?orcid=error&message=start_failed');
      expect((await new Browser().get(offApp, '/api/orcid/sign-in/start')).headers.location).toBe('/auth?orcid=error&message=start_failed');
    });
  });
});
