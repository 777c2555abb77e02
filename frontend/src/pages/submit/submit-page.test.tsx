import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CHECKOUT_POLL_MS } from '@/features/payments';
import { HttpResponse, delay, http } from 'msw';
import { db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { currentPath, expectToast, renderApp, waitForSession } from '@/test/render';

function pdf(name = 'paper.pdf', size = 1024, type = 'application/pdf') {
  const file = new File(['%PDF-1.7'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function openSubmit(path = '/submit') {
  const app = renderApp(path);
  await waitForSession(app.store);
  await screen.findByRole('heading', { name: 'Submit Your Research Paper' });
  return app;
}

type User = ReturnType<typeof renderApp>['user'];

async function fillForm(user: User) {
  await user.type(screen.getByLabelText('Title'), 'Microplastics After Rain');
  const author1 = screen.getByRole('group', { name: 'Author 1' });
  await user.type(within(author1).getByLabelText('Name'), 'Maya Chen');
  await user.type(within(author1).getByLabelText('Email'), 'maya@example.org');
  await user.type(within(author1).getByLabelText('School'), 'Lincoln High School');
  await user.selectOptions(screen.getByLabelText('Category'), 'Environmental Science');
  await user.type(screen.getByLabelText('Keywords (optional)'), 'water, plastics');
  await user.type(screen.getByLabelText('Abstract'), 'We measured microplastics after storms.');
  await user.upload(screen.getByLabelText('Paper PDF'), pdf());
}


// The lazy route's first import (transform included) can outlast waitForSession's timeout.
beforeAll(async () => {
  await import('@/pages/submit/submit-page');
});

describe('/submit payment step', () => {
  beforeEach(() => {
    signInAs('user');
  });

  it('says the fee is paid for each paper, never that it is paid once', async () => {
    await openSubmit();
    expect(await screen.findByText(/is required for each paper you submit; pay it before submitting this one\./)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/one[- ]time/i);
  });

  it('says test mode plainly and opens one checkout in a new tab on a double click', async () => {
    const tab = { opener: window as Window | null, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    // The provider takes a moment: the second click lands while the first request is pending.
    server.use(
      http.post('*/api/payments/checkout', async () => {
        db.payments.checkout += 1;
        await delay(150);
        return HttpResponse.json({ url: '/payments/test-checkout?session_id=cs_test_1', sessionId: 'cs_test_1' }, { status: 201 });
      }),
    );
    const { user } = await openSubmit();
    expect(await screen.findByText('Test mode — no real payment is taken')).toBeInTheDocument();
    const pay = await screen.findByRole('button', { name: 'Pay $100 Submission Fee' });
    await user.dblClick(pay);
    await expectToast('Payment Window Opened', 'Complete your payment in the new tab to enable paper submission.');
    expect(db.payments.checkout).toBe(1);
    // One tab, opened during the click and then pointed at the one checkout session.
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]?.[1]).toBe('_blank');
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toMatch(/\/payments\/test-checkout\?session_id=cs_test_/);
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('does not say test mode with the real provider', async () => {
    db.fee.provider = 'stripe';
    await openSubmit();
    await screen.findByRole('button', { name: 'Pay $100 Submission Fee' });
    expect(screen.queryByText('Test mode — no real payment is taken')).not.toBeInTheDocument();
  });

  it('shows Payment Error when the checkout cannot start, and closes the tab it opened', async () => {
    const tab = { opener: window as Window | null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    server.use(
      http.post('*/api/payments/checkout', () =>
        HttpResponse.json({ statusCode: 503, code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'down' }, { status: 503 }),
      ),
    );
    const { user } = await openSubmit();
    await user.click(await screen.findByRole('button', { name: 'Pay $100 Submission Fee' }));
    await expectToast('Payment Error', 'Unable to initiate payment. Please try again.');
    expect(tab.close).toHaveBeenCalledTimes(1);
    expect(tab.location.href).toBe('');
  });

  it('verifies the session on return, shows Payment Verified! and clears the URL', async () => {
    const me = signInAs('user', 'payer@example.org');
    db.checkoutSessions.set('cs_paid', { userId: me.id, status: 'complete' });
    server.use(
      http.post('*/api/payments/verify', async ({ request }) => {
        (db.bodies['/payments/verify'] ??= []).push(await request.json());
        await delay(150);
        db.fee.status = 'paid';
        return HttpResponse.json({ verified: true });
      }),
    );
    const { router } = await openSubmit('/submit?payment=success&session_id=cs_paid');
    expect(await screen.findByText('Verifying payment...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay $100 Submission Fee' })).not.toBeInTheDocument();
    await expectToast('Payment Verified!', 'You can now submit your paper for review.');
    expect(db.bodies['/payments/verify']).toEqual([{ sessionId: 'cs_paid' }]);
    expect(await screen.findByText('Payment complete. You can now submit your paper.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(currentPath(router)).toBe('/submit');
    expect(screen.getByRole('button', { name: 'Submit Paper' })).not.toHaveAttribute('aria-disabled');
  });

  it('says Payment Verification Failed when the server does not verify it', async () => {
    const { router } = await openSubmit('/submit?payment=success&session_id=cs_unknown');
    await expectToast('Payment Verification Failed', 'Please try the payment process again.');
    expect(await screen.findByRole('button', { name: 'Pay $100 Submission Fee' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says Payment Verification Failed for a session id the server refuses (400)', async () => {
    server.use(
      http.post('*/api/payments/verify', () =>
        HttpResponse.json({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'sessionId must be a checkout session id' }, { status: 400 }),
      ),
    );
    await openSubmit('/submit?payment=success&session_id=not-a-session');
    await expectToast('Payment Verification Failed', 'Please try the payment process again.');
  });

  it('says Payment Verification Error when verification fails', async () => {
    server.use(
      http.post('*/api/payments/verify', () =>
        HttpResponse.json({ statusCode: 503, code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'down' }, { status: 503 }),
      ),
    );
    await openSubmit('/submit?payment=success&session_id=cs_1');
    await expectToast('Payment Verification Error', 'Unable to verify payment. Please contact support.');
  });

  it('says Payment Canceled on payment=canceled and stays unpaid', async () => {
    const { router } = await openSubmit('/submit?payment=canceled');
    await expectToast('Payment Canceled', 'Payment was canceled. You need to complete payment to submit your paper.');
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('button', { name: 'Pay $100 Submission Fee' })).toBeInTheDocument();
    expect(db.payments.verify).toBe(0);
  });

  it('treats PAYMENT_ALREADY_PAID from checkout as paid (Payment Successful!)', async () => {
    const tab = { opener: window as Window | null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = await openSubmit();
    const pay = await screen.findByRole('button', { name: 'Pay $100 Submission Fee' });
    db.fee.status = 'paid'; // paid in another tab meanwhile
    await user.click(pay);
    await expectToast('Payment Successful!', 'You can now submit your paper for review.');
    expect(await screen.findByText('Payment complete. You can now submit your paper.')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalledTimes(1);
  });

  it('shows paid when the fee is already paid', async () => {
    db.fee.status = 'paid';
    await openSubmit();
    expect(await screen.findByText('Payment complete. You can now submit your paper.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay $100 Submission Fee' })).not.toBeInTheDocument();
  });
});

describe('/submit notices a payment made in another tab, without a reload', () => {
  beforeEach(() => {
    signInAs('user');
  });

  async function openUnpaid() {
    const app = await openSubmit();
    await screen.findByRole('button', { name: 'Pay $100 Submission Fee' });
    return app;
  }

  async function expectNoticedPaid() {
    expect(await screen.findByText('Payment complete. You can now submit your paper.')).toBeInTheDocument();
    await expectToast('Payment Successful!', 'You can now submit your paper for review.');
    expect(screen.getByRole('button', { name: 'Submit Paper' })).not.toHaveAttribute('aria-disabled');
  }

  it('when the checkout tab says it verified the payment', async () => {
    await openUnpaid();
    db.fee.status = 'paid';
    // What the checkout tab's /submit?payment=success… does once the server verified it.
    const checkoutTab = new BroadcastChannel('journal-payments');
    checkoutTab.postMessage({ type: 'paid' });
    checkoutTab.close();
    await expectNoticedPaid();
  });

  it('announces its own verification to the other tabs', async () => {
    const me = signInAs('user', 'payer@example.org');
    db.checkoutSessions.set('cs_paid', { userId: me.id, status: 'complete' });
    const otherTab = new BroadcastChannel('journal-payments');
    const heard: unknown[] = [];
    otherTab.onmessage = (event: MessageEvent<unknown>) => heard.push(event.data);
    try {
      await openSubmit('/submit?payment=success&session_id=cs_paid');
      await expectToast('Payment Verified!', 'You can now submit your paper for review.');
      await waitFor(() => expect(heard).toEqual([{ type: 'paid' }]));
    } finally {
      otherTab.close();
    }
  });

  it('when the window gets the focus back', async () => {
    await openUnpaid();
    db.fee.status = 'paid';
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await expectNoticedPaid();
  });

  it('by re-reading the fee every few seconds while the checkout it opened is unpaid', async () => {
    const tab = { opener: window as Window | null, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = await openUnpaid();
    // Fake timers that also follow the clock, installed before the poll starts so it uses them.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await user.click(screen.getByRole('button', { name: 'Pay $100 Submission Fee' }));
      await expectToast('Payment Window Opened', 'Complete your payment in the new tab to enable paper submission.');
      db.fee.status = 'paid'; // a webhook, say: no tab verified it
      await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS));
      await expectNoticedPaid();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not poll without an open checkout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await openUnpaid();
      db.fee.status = 'paid';
      await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS * 3));
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByRole('button', { name: 'Pay $100 Submission Fee' })).toBeInTheDocument();
  });
});

describe('/submit form', () => {
  beforeEach(() => {
    signInAs('user');
  });

  it('keeps submission disabled until paid and says Payment Required when tried anyway', async () => {
    const { user } = await openSubmit();
    await screen.findByRole('button', { name: 'Pay $100 Submission Fee' });
    await fillForm(user);
    const submit = screen.getByRole('button', { name: 'Submit Paper' });
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.click(submit);
    await expectToast('Payment Required', 'Please complete the $100 submission fee before submitting your paper.');
    expect(db.submissions).toHaveLength(0);
  });

  it('submits the multipart form, says Success! and goes to /papers', async () => {
    db.fee.status = 'paid';
    const { user, router } = await openSubmit();
    await screen.findByText('Payment complete. You can now submit your paper.');
    await user.click(screen.getByRole('button', { name: 'Add Author' }));
    const author2 = screen.getByRole('group', { name: 'Author 2' });
    await user.type(within(author2).getByLabelText('Name'), 'Jordan Alvarez');
    await user.type(within(author2).getByLabelText('Email'), 'jordan@example.org');
    await user.type(within(author2).getByLabelText('School'), 'Lincoln High School');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Paper' }));
    await expectToast('Success!', 'Your paper has been submitted successfully and is now under review.');
    await waitFor(() => expect(currentPath(router)).toBe('/papers'));
    expect(db.submissions).toHaveLength(1);
    const { fields, file } = db.submissions[0];
    expect(fields).toEqual({
      title: 'Microplastics After Rain',
      authors: JSON.stringify([
        { name: 'Maya Chen', email: 'maya@example.org', school: 'Lincoln High School' },
        { name: 'Jordan Alvarez', email: 'jordan@example.org', school: 'Lincoln High School' },
      ]),
      category: 'Environmental Science',
      keywords: 'water, plastics',
      abstract: 'We measured microplastics after storms.',
    });
    // jsdom's File does not survive into undici's multipart body with its name; a part is enough here.
    expect(file).not.toBeNull();
  });

  it('shows inline errors for required fields and a bad e-mail, and sends nothing', async () => {
    db.fee.status = 'paid';
    const { user } = await openSubmit();
    await screen.findByText('Payment complete. You can now submit your paper.');
    await user.type(within(screen.getByRole('group', { name: 'Author 1' })).getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Submit Paper' }));
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title is required.');
    const author1 = screen.getByRole('group', { name: 'Author 1' });
    expect(within(author1).getByLabelText('Name')).toHaveAccessibleDescription('Name is required.');
    expect(within(author1).getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(within(author1).getByLabelText('School')).toHaveAccessibleDescription('School is required.');
    expect(screen.getByLabelText('Category')).toHaveAccessibleDescription('Please choose a category.');
    expect(screen.getByLabelText('Abstract')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Paper PDF')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Keywords (optional)')).not.toHaveAttribute('aria-invalid');
    expect(db.submissions).toHaveLength(0);
  });

  it('refuses a file that is not a PDF and one above 10 MB', async () => {
    const { user } = await openSubmit();
    const input = screen.getByLabelText('Paper PDF');
    await user.upload(input, pdf('big.pdf', 10 * 1024 * 1024 + 1));
    await expectToast('File Too Large', 'Please upload a file smaller than 10MB.');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Please upload a file smaller than 10MB.'));
    // A non-PDF (the picker's .pdf filter can be bypassed, e.g. by drag and drop).
    fireEvent.change(input, { target: { files: [pdf('notes.txt', 100, 'text/plain')] } });
    await expectToast('Invalid File Type', 'Please upload a PDF file only.');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Please upload a PDF file only.'));
    expect(input).toHaveAttribute('accept', '.pdf,application/pdf');
  });

  it('accepts a PDF of exactly 10 MB', async () => {
    db.fee.status = 'paid';
    const { user } = await openSubmit();
    await screen.findByText('Payment complete. You can now submit your paper.');
    await fillForm(user);
    await user.upload(screen.getByLabelText('Paper PDF'), pdf('exact.pdf', 10 * 1024 * 1024));
    expect(screen.getByLabelText('Paper PDF')).not.toHaveAttribute('aria-invalid');
  });

  it('adds author rows and removes any row while more than one remains', async () => {
    const { user } = await openSubmit();
    expect(screen.queryByRole('button', { name: /Remove author/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Author' }));
    await user.click(screen.getByRole('button', { name: 'Add Author' }));
    expect(screen.getAllByRole('group', { name: /Author \d/ })).toHaveLength(3);
    await user.type(within(screen.getByRole('group', { name: 'Author 2' })).getByLabelText('Name'), 'Second');
    await user.click(screen.getByRole('button', { name: 'Remove author 1' }));
    expect(screen.getAllByRole('group', { name: /Author \d/ })).toHaveLength(2);
    expect(within(screen.getByRole('group', { name: 'Author 1' })).getByLabelText('Name')).toHaveValue('Second');
    await user.click(screen.getByRole('button', { name: 'Remove author 2' }));
    expect(screen.getAllByRole('group', { name: /Author \d/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Remove author/ })).not.toBeInTheDocument();
  });

  it('offers the nine categories, a 6-row abstract with the 250-500 words hint and a live word count', async () => {
    const { user } = await openSubmit();
    const options = within(screen.getByLabelText('Category'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Select a category',
      'Biology',
      'Chemistry',
      'Physics',
      'Environmental Science',
      'Computer Science',
      'Mathematics',
      'Engineering',
      'Computational Neuroscience',
      'Other',
    ]);
    const abstract = screen.getByLabelText('Abstract');
    expect(abstract).toHaveAttribute('rows', '6');
    expect(abstract.getAttribute('placeholder')).toContain('250-500 words');
    expect(screen.getByText(/^0 words/)).toBeInTheDocument();
    await user.type(abstract, 'three short words');
    expect(screen.getByText(/^3 words/)).toBeInTheDocument();
  });

  it('refreshes an expired access cookie once and sends the upload again', async () => {
    db.fee.status = 'paid';
    let calls = 0;
    server.use(
      http.post('*/api/papers', () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'expired' }, { status: 401 });
        return HttpResponse.json({ id: 'p1' }, { status: 201 });
      }),
    );
    const { user, router } = await openSubmit();
    await screen.findByText('Payment complete. You can now submit your paper.');
    await fillForm(user);
    const refreshesBefore = db.calls.refresh;
    await user.click(screen.getByRole('button', { name: 'Submit Paper' }));
    await expectToast('Success!', 'Your paper has been submitted successfully and is now under review.');
    expect(calls).toBe(2);
    expect(db.calls.refresh).toBe(refreshesBefore + 1);
    await waitFor(() => expect(currentPath(router)).toBe('/papers'));
  });

  it('maps a 402 from the server to Payment Required', async () => {
    db.fee.status = 'paid';
    server.use(
      http.post('*/api/papers', () =>
        HttpResponse.json({ statusCode: 402, code: 'PAYMENT_REQUIRED', message: 'pay first' }, { status: 402 }),
      ),
    );
    const { user } = await openSubmit();
    await screen.findByText('Payment complete. You can now submit your paper.');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Paper' }));
    await expectToast('Payment Required', 'Please complete the $100 submission fee before submitting your paper.');
  });

  it.each([
    [503, 'STORAGE_UNAVAILABLE', 'Storage bucket not found. Please contact administrator.', 'Storage bucket not found. Please contact administrator.'],
    [503, 'STORAGE_UNAVAILABLE', 'Storage directory is read-only. Please contact administrator.', 'Storage directory is read-only. Please contact administrator.'],
    [400, 'VALIDATION_FAILED', 'title must be at most 300 characters', 'title must be at most 300 characters'],
    [500, 'INTERNAL_ERROR', 'boom', 'An error occurred while submitting your paper.'],
  ])('says Submission failed on %i %s', async (status, code, message, shown) => {
    db.fee.status = 'paid';
    server.use(http.post('*/api/papers', () => HttpResponse.json({ statusCode: status, code, message }, { status })));
    const { user, router } = await openSubmit();
    await screen.findByText('Payment complete. You can now submit your paper.');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Paper' }));
    await expectToast('Submission failed', shown);
    expect(currentPath(router)).toBe('/submit');
  });
});
