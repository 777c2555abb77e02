import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { connectApi } from '@/app/store';
import { server } from './msw/server';
import { resetDb } from './msw/db';

// fetchBaseQuery builds `new Request('/api/...')`; browsers resolve that against the page,
// Node's fetch does not. Resolve same-origin paths against jsdom's location, as a browser would.
const NativeRequest = globalThis.Request;
class SameOriginRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.origin) : input, init);
  }
}
globalThis.Request = SameOriginRequest;

// findBy*/waitFor allow 3 s instead of 1 s: lazy routes are transformed on first import, and on a
// busy machine (the whole suite in parallel on two cores) that alone can take more than a second.
configure({ asyncUtilTimeout: 3000 });

// The app loads the API with the first page or session that needs it; tests that render a
// component or dispatch an endpoint alone need it from the start.
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await connectApi();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetDb();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());
