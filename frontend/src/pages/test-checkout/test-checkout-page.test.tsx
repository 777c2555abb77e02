import { screen, waitFor } from '@testing-library/react';
import { browser } from '@/shared/lib/browser';
import { db, signInAs } from '@/test/msw/db';
import { renderApp, waitForSession } from '@/test/render';


// The lazy route's first import (transform included) can outlast waitForSession's timeout.
beforeAll(async () => {
  await import('@/pages/test-checkout/test-checkout-page');
});

describe('/payments/test-checkout', () => {
  it('is clearly test mode, shows $100.00 USD and pays, then goes to the success URL', async () => {
    const me = signInAs('user');
    db.checkoutSessions.set('cs_a', { userId: me.id, status: 'open' });
    const go = vi.spyOn(browser, 'reloadTo').mockImplementation(() => {});
    const { store, user } = renderApp('/payments/test-checkout?session_id=cs_a');
    await waitForSession(store);
    expect(await screen.findByRole('heading', { name: 'Test Mode Checkout' })).toBeInTheDocument();
    expect(screen.getByText(/Test mode — no real payment is taken/)).toBeInTheDocument();
    expect(screen.getByText('$100.00 USD')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $100.00 USD (test)' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost:3000/submit?payment=success&session_id=cs_a'));
    expect(db.checkoutSessions.get('cs_a')?.status).toBe('complete');
    expect(db.payments.complete).toBe(1);
  });

  it('cancels and goes to the cancel URL', async () => {
    const me = signInAs('user');
    db.checkoutSessions.set('cs_b', { userId: me.id, status: 'open' });
    const go = vi.spyOn(browser, 'reloadTo').mockImplementation(() => {});
    const { store, user } = renderApp('/payments/test-checkout?session_id=cs_b');
    await waitForSession(store);
    await user.click(await screen.findByRole('button', { name: 'Cancel payment' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://localhost:3000/submit?payment=canceled'));
    expect(db.payments.cancel).toBe(1);
    expect(db.payments.complete).toBe(0);
  });

  it("says so for an unknown session (or someone else's)", async () => {
    signInAs('user');
    const { store } = renderApp('/payments/test-checkout?session_id=cs_nope');
    await waitForSession(store);
    expect(await screen.findByText('This test checkout session was not found or has expired.')).toBeInTheDocument();
  });
});
