import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What GET /v1/checkout/sessions/:id answers for a session id, as a test sets it. */
export interface StubSession {
  payment_status?: 'paid' | 'unpaid' | 'no_payment_required';
  status?: 'open' | 'complete' | 'expired';
  amount_total?: number;
  currency?: string;
  client_reference_id?: string | null;
}

/**
 * A local stand-in for Stripe's Checkout Session endpoints, spoken to by the real Stripe SDK
 * (STRIPE_API_URL). It records what it was sent so tests can check the fee went out as 10000 usd.
 */
export class StripeStub {
  readonly created: URLSearchParams[] = [];
  /** The Idempotency-Key of every create request received, replays included. */
  readonly idempotencyKeys: string[] = [];
  readonly sessions = new Map<string, StubSession & { id: string; client_reference_id: string | null }>();
  /** 'down': every request's connection is dropped, as when Stripe cannot be reached. */
  mode: 'up' | 'down' = 'up';
  private server: Server | undefined;
  private counter = 0;
  /** Like Stripe: a create request with a key seen before answers what the first one answered. */
  private readonly replies = new Map<string, Promise<{ status: number; body?: unknown }>>();
  private held: Promise<void> | undefined;
  private releaseHeld: (() => void) | undefined;
  private waitingCount = 0;
  private readonly waitingListeners: (() => void)[] = [];

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(
        ({ status, body }) => {
          if (status === 0) {
            request.socket.destroy();
            return;
          }
          response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.counter}` });
          response.end(JSON.stringify(body));
        },
        () => request.socket.destroy(),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /**
   * Holds every checkout creation until `release()`, as a slow Stripe would (each answers at
   * most 10 s later, under the SDK's timeout, should a test forget to release).
   */
  hold(): void {
    this.held = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 10_000);
      this.releaseHeld = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  release(): void {
    this.releaseHeld?.();
    this.held = undefined;
    this.releaseHeld = undefined;
  }

  /** Resolves once `count` checkout creations are being held. */
  async waitingFor(count: number): Promise<void> {
    while (this.waitingCount < count) await new Promise<void>((resolve) => this.waitingListeners.push(resolve));
  }

  /** Sets what retrieving the session answers (the session must have been created, or not). */
  setSession(id: string, session: StubSession): void {
    const known = this.sessions.get(id);
    this.sessions.set(id, { id, client_reference_id: known?.client_reference_id ?? null, ...known, ...session });
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body?: unknown }> {
    const body = await readBody(request);
    if (this.mode === 'down') return { status: 0 };
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string') return this.createSession(body);
      this.idempotencyKeys.push(key);
      const reply = this.replies.get(key) ?? this.createSession(body);
      this.replies.set(key, reply);
      return reply;
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) {
      const session = this.sessions.get(decodeURIComponent(match[1]));
      if (!session) {
        return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } } };
      }
      return { status: 200, body: { object: 'checkout.session', url: null, metadata: {}, ...session } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method} ${path})` } } };
  }

  private async createSession(body: string): Promise<{ status: number; body?: unknown }> {
    const form = new URLSearchParams(body);
    this.created.push(form);
    if (this.held) {
      this.waitingCount += 1;
      for (const listener of this.waitingListeners.splice(0)) listener();
      await this.held;
      this.waitingCount -= 1;
    }
    // Slow enough that two concurrent checkouts would both get here without the lock.
    await new Promise((resolve) => setTimeout(resolve, 50));
    this.counter += 1;
    const id = `cs_test_stub${this.counter}_${Date.now().toString(36)}`;
    const session = {
      id,
      client_reference_id: form.get('client_reference_id'),
      payment_status: 'unpaid' as const,
      status: 'open' as const,
      amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
      currency: form.get('line_items[0][price_data][currency]') ?? undefined,
    };
    this.sessions.set(id, session);
    return { status: 200, body: { object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}`, metadata: { userId: form.get('metadata[userId]') }, ...session } };
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
