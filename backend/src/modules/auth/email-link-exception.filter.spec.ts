import type { ArgumentsHost } from '@nestjs/common';
import { RateLimitedException } from '../../common/rate-limit/rate-limited.exception.js';
import { AuthRedirect } from './auth-redirects.js';
import { EmailLinkExceptionFilter } from './email-link-exception.filter.js';

function replyRecorder() {
  const sent: { headers: Record<string, unknown>; redirect?: { url: string; code: number } } = { headers: {} };
  const reply = {
    header(name: string, value: unknown) {
      sent.headers[name] = value;
      return reply;
    },
    redirect(url: string, code: number) {
      sent.redirect = { url, code };
      return reply;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => reply, getRequest: () => ({ id: 'req-1' }) }) } as unknown as ArgumentsHost;
  return { sent, host };
}

describe('EmailLinkExceptionFilter', () => {
  it('sends a limited link to the page that says to wait, with Retry-After', () => {
    const { sent, host } = replyRecorder();
    new EmailLinkExceptionFilter().catch(new RateLimitedException(42), host);
    expect(sent).toEqual({ headers: { 'retry-after': 42 }, redirect: { url: AuthRedirect.TooManyAttempts, code: 302 } });
  });

  it('sends a link that failed for any other reason to a journal page, not to a JSON error', () => {
    const { sent, host } = replyRecorder();
    new EmailLinkExceptionFilter().catch(new Error('connection refused'), host);
    expect(sent.redirect).toEqual({ url: AuthRedirect.LinkUnavailable, code: 302 });
  });
});
