import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { renderApp, waitForSession } from '@/test/render';

// The lazy route's first import (transform included) can outlast waitForSession's timeout.
beforeAll(async () => {
  await import('@/pages/admin/admin-page');
});

async function openDashboard() {
  signInAs('admin');
  const app = renderApp('/admin');
  await waitForSession(app.store);
  return screen.findByRole('heading', { level: 2, name: 'Outgoing email' });
}

const card = (heading: HTMLElement) => heading.closest('div.rounded-xl') as HTMLElement;

function countOf(region: HTMLElement, label: string): string | null {
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

describe('the admin dashboard’s e-mail card', () => {
  it('shows what is waiting, retrying (with the next attempt), failed for good and sent today', async () => {
    server.use(
      http.get('*/api/admin/email-outbox/summary', () =>
        HttpResponse.json({ waiting: 12, retrying: 3, nextRetryAt: '2026-11-23T14:05:00.000Z', failed: 1, sentLastDay: 1538 }),
      ),
    );
    const region = card(await openDashboard());
    expect(await within(region).findByText('12')).toBeInTheDocument();
    expect(countOf(region, 'Waiting to send')).toBe('12');
    expect(countOf(region, 'Retrying')).toBe('3');
    expect(within(region).getByText('next attempt November 23, 2026 at 2:05 PM UTC')).toBeInTheDocument();
    expect(countOf(region, 'Failed permanently')).toBe('1');
    expect(countOf(region, 'Sent in the last 24 hours')).toBe('1538');
    const board = within(region).getByRole('link', { name: 'Each job in the email queue' });
    expect(board).toHaveAttribute('href', '/admin/queues');
  });

  it('says so when the counts cannot be loaded, rather than showing zeros', async () => {
    server.use(
      http.get('*/api/admin/email-outbox/summary', () =>
        HttpResponse.json({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'Down' }, { status: 503 }),
      ),
    );
    const region = card(await openDashboard());
    expect(await within(region).findByText('The email counts could not be loaded.')).toBeInTheDocument();
    expect(countOf(region, 'Waiting to send')).toBe('unavailable');
  });
});
