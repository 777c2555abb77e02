import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { addUser, db, signInAs } from '@/test/msw/db';
import { authenticated, unauthenticated } from '@/test/msw/handlers';
import { server } from '@/test/msw/server';
import { expectToast, renderApp, waitForSession } from '@/test/render';
import { setupStore } from './store';
import { authApi } from '@/features/auth';
import { baseApi } from '@/shared/api';
import { refreshRetry } from '@/shared/api/base-query';

// A protected endpoint standing in for any feature's endpoint.
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ ok: boolean }, number>({ query: (n) => `/probe?n=${n}` }),
    signInProbe: build.mutation<unknown, void>({
      query: () => ({ url: '/auth/sign-in', method: 'POST', body: { email: 'x@example.org', password: 'bad' } }),
    }),
  }),
});

let probeCalls = 0;

beforeEach(() => {
  probeCalls = 0;
  server.use(
    http.get('*/api/probe', () => {
      probeCalls += 1;
      return authenticated() ? HttpResponse.json({ ok: true }) : unauthenticated();
    }),
  );
});

function signedInStore() {
  const user = signInAs('user');
  const store = setupStore({
    session: { status: 'authenticated', user, accessTokenExpiresAt: new Date(Date.now() + 600_000).toISOString() },
  });
  return store;
}

describe('refresh on 401', () => {
  it('refreshes once and retries the request once', async () => {
    const store = signedInStore();
    db.accessExpired = true;
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(result.data).toEqual({ ok: true });
    expect(db.calls.refresh).toBe(1);
    expect(probeCalls).toBe(2);
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('shares one refresh between concurrent 401s', async () => {
    const store = signedInStore();
    db.accessExpired = true;
    const results = await Promise.all(
      [1, 2, 3].map((n) => store.dispatch(probeApi.endpoints.probe.initiate(n))),
    );
    expect(results.map((result) => result.data)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(db.calls.refresh).toBe(1);
    expect(probeCalls).toBe(6);
  });

  it('signs the user out in the store when the refresh fails, without retrying', async () => {
    const store = signedInStore();
    db.accessExpired = true;
    db.refreshValid = false;
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(result.error).toMatchObject({ status: 401 });
    expect(db.calls.refresh).toBe(1);
    expect(probeCalls).toBe(1);
    expect(store.getState().session).toEqual({ status: 'anonymous', user: null, accessTokenExpiresAt: null });
  });

  it('retries only once when the retried request is refused again', async () => {
    const store = signedInStore();
    server.use(
      http.get('*/api/probe', () => {
        probeCalls += 1;
        return unauthenticated();
      }),
    );
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(result.error).toMatchObject({ status: 401 });
    expect(db.calls.refresh).toBe(1);
    expect(probeCalls).toBe(2);
  });

  it('does not refresh on a 401 from sign-in (wrong credentials are not an expired session)', async () => {
    const store = signedInStore();
    addUser({ email: 'x@example.org' });
    const result = await store.dispatch(probeApi.endpoints.signInProbe.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(db.calls.refresh).toBe(0);
  });
});

describe('session on boot', () => {
  it('refreshes an expired access cookie and loads the session', async () => {
    signInAs('reviewer', 'rev@example.org');
    db.accessExpired = true;
    const store = setupStore();
    await store.dispatch(authApi.endpoints.getSession.initiate());
    expect(db.calls.refresh).toBe(1);
    expect(store.getState().session.status).toBe('authenticated');
    expect(store.getState().session.user?.email).toBe('rev@example.org');
  });

  it('is signed out when there is no session at all', async () => {
    const store = setupStore();
    await store.dispatch(authApi.endpoints.getSession.initiate());
    expect(db.calls.refresh).toBe(0);
    expect(store.getState().session.status).toBe('anonymous');
  });

  it('asks nothing about a session on a visitor’s page load (no session hint cookie)', async () => {
    const { store } = renderApp('/guidelines');
    expect(store.getState().session.status).toBe('anonymous');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(db.calls.session).toBe(0);
    expect(db.calls.refresh).toBe(0);
  });

  it('does not call refresh on a 401 when there is no session, and stays signed out', async () => {
    const store = setupStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(result.error).toMatchObject({ status: 401 });
    expect(db.calls.refresh).toBe(0);
    expect(store.getState().session.status).toBe('anonymous');
  });
});

describe('a busy journal on refresh (429, 5xx) keeps the session', () => {
  const savedDelays = refreshRetry.delaysMs;
  let busyAnswers = 0;

  beforeEach(() => {
    refreshRetry.delaysMs = [1, 1, 1];
    busyAnswers = 0;
  });

  afterEach(() => {
    refreshRetry.delaysMs = savedDelays;
  });

  /** The refresh endpoint answers `status` this many times, then as usual. */
  function refreshBusy(status: 429 | 503, times: number) {
    server.use(
      http.post('*/api/auth/refresh', () => {
        if (busyAnswers >= times) return undefined;
        busyAnswers += 1;
        return HttpResponse.json(
          { statusCode: status, code: status === 429 ? 'RATE_LIMITED' : 'SERVICE_UNAVAILABLE', message: 'Busy' },
          { status, headers: { 'Retry-After': '0' } },
        );
      }),
    );
  }

  it.each([429, 503] as const)('retries after %i and replays the request, signed in throughout', async (status) => {
    const store = signedInStore();
    db.accessExpired = true;
    refreshBusy(status, 2);
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(result.data).toEqual({ ok: true });
    expect(busyAnswers).toBe(2);
    expect(db.calls.refresh).toBe(1);
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('gives up for now after its retries without signing the user out', async () => {
    const store = signedInStore();
    db.accessExpired = true;
    refreshBusy(503, 100);
    const result = await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(result.error).toMatchObject({ status: 401 });
    expect(busyAnswers).toBe(refreshRetry.delaysMs.length + 1);
    expect(store.getState().session.status).toBe('authenticated');
    expect(store.getState().session.user).not.toBeNull();
  });

  it('keeps the page signed in and says the journal is busy when the proactive refresh is limited', async () => {
    signInAs('user');
    server.use(
      http.get('*/api/auth/session', () => {
        db.calls.session += 1;
        const user = authenticated();
        return user ? HttpResponse.json({ user, accessTokenExpiresAt: new Date(Date.now() + 10_000).toISOString() }) : unauthenticated();
      }),
    );
    refreshBusy(429, 100);
    const { store } = renderApp('/guidelines');
    await waitFor(() => expect(busyAnswers).toBe(refreshRetry.delaysMs.length + 1));
    await expectToast('The journal is busy', 'Your session is kept. We will try again in a moment.');
    expect(store.getState().session.status).toBe('authenticated');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});

describe('session keeper', () => {
  function sessionExpiringIn(ms: number) {
    server.use(
      http.get('*/api/auth/session', () => {
        db.calls.session += 1;
        const user = authenticated();
        if (!user) return unauthenticated();
        return HttpResponse.json({ user, accessTokenExpiresAt: new Date(Date.now() + ms).toISOString() });
      }),
    );
  }

  it('refreshes right away when the access cookie is about to expire', async () => {
    signInAs('user');
    sessionExpiringIn(20_000);
    const { store } = renderApp('/guidelines');
    await waitForSession(store);
    await waitFor(() => expect(db.calls.refresh).toBe(1));
    expect(db.calls.session).toBe(1);
    await waitFor(() =>
      expect(Date.parse(store.getState().session.accessTokenExpiresAt!) - Date.now()).toBeGreaterThan(60_000),
    );
  });

  /** Captures the keeper's 30 s interval so a test can run its check at a chosen moment. */
  function captureCheckInterval(): Array<() => void> {
    const checks: Array<() => void> = [];
    const original = window.setInterval.bind(window);
    vi.spyOn(window, 'setInterval').mockImplementation(((handler: () => void, ms?: number) => {
      if (ms === 30_000) checks.push(handler);
      return original(handler, ms);
    }) as typeof window.setInterval);
    return checks;
  }

  it('checks every 30 s and refreshes shortly before expiry', async () => {
    const checks = captureCheckInterval();
    signInAs('user');
    sessionExpiringIn(85_000);
    const { store } = renderApp('/guidelines');
    await waitForSession(store);
    await waitFor(() => expect(checks.length).toBeGreaterThan(0));
    expect(db.calls.refresh).toBe(0);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 30_000); // 55 s left: inside the 60 s leeway
    checks.at(-1)!();
    await waitFor(() => expect(db.calls.refresh).toBe(1));
  });

  it('does not refresh a fresh session at a check', async () => {
    const checks = captureCheckInterval();
    signInAs('user');
    sessionExpiringIn(15 * 60_000);
    const { store } = renderApp('/guidelines');
    await waitForSession(store);
    await waitFor(() => expect(checks.length).toBeGreaterThan(0));
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 30_000);
    checks.at(-1)!();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(db.calls.refresh).toBe(0);
  });

  it('signs the user out when the proactive refresh is refused', async () => {
    signInAs('user');
    sessionExpiringIn(10_000);
    db.refreshValid = false;
    const { store } = renderApp('/guidelines');
    await waitFor(() => expect(db.calls.refresh).toBe(1));
    await waitFor(() => expect(store.getState().session.status).toBe('anonymous'));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });
});

/** The Web Locks API as browsers give it to every tab of an origin: one holder per name. */
class FakeLockManager {
  private readonly held = new Set<string>();
  private readonly waiting = new Map<string, (() => void)[]>();

  async request<T>(
    name: string,
    optionsOrCallback: { ifAvailable?: boolean } | ((lock: { name: string } | null) => Promise<T>),
    maybeCallback?: (lock: { name: string } | null) => Promise<T>,
  ): Promise<T> {
    const [options, callback] =
      typeof optionsOrCallback === 'function' ? [{}, optionsOrCallback] : [optionsOrCallback, maybeCallback!];
    if (this.held.has(name)) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(name) ?? [];
        queue.push(resolve);
        this.waiting.set(name, queue);
      });
    }
    this.held.add(name);
    try {
      return await callback({ name });
    } finally {
      this.held.delete(name);
      this.waiting.get(name)?.shift()?.();
    }
  }
}

describe('refresh across tabs (they share the cookies)', () => {
  const REFRESH_LOCK = 'journal:session-refresh';
  let locks: FakeLockManager;

  beforeEach(() => {
    locks = new FakeLockManager();
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('waits for another tab’s refresh and uses the cookies it left instead of rotating again', async () => {
    const store = signedInStore();
    db.accessExpired = true;
    let releaseOtherTab!: () => void;
    const otherTab = locks.request(REFRESH_LOCK, async () => {
      await new Promise<void>((resolve) => (releaseOtherTab = resolve));
      // What the other tab's POST /auth/refresh did on the server: one rotation, fresh cookies.
      db.calls.refresh += 1;
      db.accessExpired = false;
    });

    const probe = store.dispatch(probeApi.endpoints.probe.initiate(1));
    await waitFor(() => expect(probeCalls).toBe(1));
    releaseOtherTab();
    await otherTab;
    const result = await probe;

    expect(result.data).toEqual({ ok: true });
    expect(db.calls.refresh).toBe(1);
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('refreshes itself after waiting when the other tab left no fresh cookies', async () => {
    const store = signedInStore();
    db.accessExpired = true;
    let releaseOtherTab!: () => void;
    const otherTab = locks.request(REFRESH_LOCK, () => new Promise<void>((resolve) => (releaseOtherTab = resolve)));

    const probe = store.dispatch(probeApi.endpoints.probe.initiate(1));
    await waitFor(() => expect(probeCalls).toBe(1));
    expect(db.calls.refresh).toBe(0);
    releaseOtherTab();
    await otherTab;

    expect((await probe).data).toEqual({ ok: true });
    expect(db.calls.refresh).toBe(1);
  });

  it('costs nothing extra when no other tab is refreshing', async () => {
    const store = signedInStore();
    db.accessExpired = true;
    const sessionCallsBefore = db.calls.session;
    expect((await store.dispatch(probeApi.endpoints.probe.initiate(1))).data).toEqual({ ok: true });
    expect(db.calls.refresh).toBe(1);
    expect(db.calls.session).toBe(sessionCallsBefore);
  });
});
