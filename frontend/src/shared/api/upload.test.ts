import { uploadWithProgress } from './upload';

// A stand-in XMLHttpRequest that records what is sent and lets the test drive the events.
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadWithProgress', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('POSTs the FormData same-origin with credentials and reports progress', async () => {
    const progress: number[] = [];
    const body = new FormData();
    body.append('title', 'x');
    const pending = uploadWithProgress<{ id: string }>({ path: '/papers', body, onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/papers');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.body).toBe(body);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    xhr.respond(201, { id: 'p1' });
    await expect(pending).resolves.toEqual({ data: { id: 'p1' } });
    expect(progress).toEqual([25, 50, 100]);
  });

  it("answers an error in fetchBaseQuery's shape, with the API's error body", async () => {
    const pending = uploadWithProgress({ path: '/papers', body: new FormData() });
    FakeXhr.last!.respond(503, { statusCode: 503, code: 'STORAGE_UNAVAILABLE', message: 'Storage bucket not found. Please contact administrator.' });
    await expect(pending).resolves.toEqual({
      error: { status: 503, data: { statusCode: 503, code: 'STORAGE_UNAVAILABLE', message: 'Storage bucket not found. Please contact administrator.' } },
    });
  });

  it('reports a network failure as FETCH_ERROR', async () => {
    const pending = uploadWithProgress({ path: '/papers', body: new FormData() });
    FakeXhr.last!.onerror?.();
    await expect(pending).resolves.toMatchObject({ error: { status: 'FETCH_ERROR' } });
  });
});
