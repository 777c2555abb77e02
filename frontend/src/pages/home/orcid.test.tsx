import { screen, waitFor, within } from '@testing-library/react';
import { SERVER_CONFIG_ELEMENT_ID } from '@/shared/config/server-config';
import { signInAs } from '@/test/msw/db';
import { expectToast, renderApp, waitForSession } from '@/test/render';

// The ORCID card, the /auth button and the results the API sends the browser back with (spec
// section 8, "ORCID linking"; docs/api.md, ORCID). The flows themselves run in e2e/.

beforeAll(async () => {
  await import('@/pages/home/author-home');
  await import('@/pages/reviewer-dashboard/reviewer-dashboard-page');
});

/** The server's settings block, as the API writes it into index.html. */
function serveSettings(orcid: { enabled: boolean; testMode: boolean }) {
  const block = document.createElement('script');
  block.id = SERVER_CONFIG_ELEMENT_ID;
  block.type = 'application/json';
  block.textContent = JSON.stringify({ orcid });
  document.head.append(block);
}

afterEach(() => document.getElementById(SERVER_CONFIG_ELEMENT_ID)?.remove());

async function open(path: string) {
  const app = renderApp(path);
  await waitForSession(app.store);
  return app;
}

const orcidCard = async () => (await screen.findByRole('heading', { name: 'ORCID iD' })).closest('div.rounded-xl') as HTMLElement;

describe('the ORCID card', () => {
  it('offers Connect ORCID iD with its benefits when none is linked, in test mode as such', async () => {
    serveSettings({ enabled: true, testMode: true });
    signInAs('user');
    const { user } = await open('/');

    const card = await orcidCard();
    expect(within(card).getByText('Not Linked')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    expect(within(card).getByRole('note')).toHaveTextContent(/Test mode/);
    const connect = within(card).getByRole('link', { name: 'Connect ORCID iD' });
    expect(connect).toHaveAttribute('href', '/api/orcid/link/start');
    // Leaving for ORCID: jsdom does not follow the link, so the busy label stays to be seen.
    connect.addEventListener('click', (event) => event.preventDefault());
    await user.click(connect);
    expect(within(card).getByRole('link', { name: 'Connecting...' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows a linked iD: name, iD, date and View Profile in a new tab; no test-mode note with the real registry', async () => {
    serveSettings({ enabled: true, testMode: false });
    const me = signInAs('user');
    Object.assign(me, { orcidId: '0000-0002-1825-0097', orcidName: 'Josiah Carberry', orcidLinkedAt: '2026-11-20T10:00:00.000Z' });
    await open('/');

    const card = await orcidCard();
    expect(within(card).getByText('Linked', { selector: 'p' })).toBeInTheDocument();
    expect(card).toHaveTextContent(/NameJosiah Carberry.*ORCID iD0000-0002-1825-0097.*Linked onNovember 20, 2026/);
    const profile = within(card).getByRole('link', { name: /View Profile/ });
    expect(profile).toHaveAttribute('href', 'https://orcid.org/0000-0002-1825-0097');
    expect(profile).toHaveAttribute('target', '_blank');
    expect(within(card).queryByRole('note')).not.toBeInTheDocument();
  });

  it('unlinks only after a confirmation, then offers Connect again', async () => {
    serveSettings({ enabled: true, testMode: false });
    const me = signInAs('user');
    Object.assign(me, { orcidId: '0000-0002-1825-0097', orcidName: null, orcidLinkedAt: '2026-11-20T10:00:00.000Z' });
    const { user } = await open('/');

    const card = await orcidCard();
    await user.click(within(card).getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink your ORCID iD?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it linked' }));
    expect(me.orcidId).toBe('0000-0002-1825-0097');

    await user.click(within(card).getByRole('button', { name: 'Unlink' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink ORCID iD' }));
    await expectToast('ORCID iD unlinked', 'Your ORCID iD is no longer linked to your account.');
    expect(me.orcidId).toBeNull();
    expect(await within(card).findByRole('link', { name: 'Connect ORCID iD' })).toBeInTheDocument();
  });

  it('is on the reviewer dashboard too', async () => {
    serveSettings({ enabled: true, testMode: false });
    signInAs('reviewer');
    await open('/reviewer-dashboard');
    expect(within(await orcidCard()).getByRole('link', { name: 'Connect ORCID iD' })).toBeInTheDocument();
  });

  it('is hidden, with the /auth button, while the journal has no ORCID client', async () => {
    serveSettings({ enabled: false, testMode: false });
    signInAs('user');
    await open('/');
    expect(await screen.findByRole('heading', { name: 'Recent Submissions' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'ORCID iD' })).not.toBeInTheDocument();
  });
});

describe('/auth', () => {
  it("offers 'Sign in with ORCID' under the form when ORCID is on", async () => {
    serveSettings({ enabled: true, testMode: true });
    await open('/auth');
    const button = await screen.findByRole('link', { name: 'Sign in with ORCID' });
    expect(button).toHaveAttribute('href', '/api/orcid/sign-in/start');
    expect(screen.getByRole('note')).toHaveTextContent(/Test mode/);
  });

  it('asks ORCID sign-in to come back to the page /auth was asked to return to, and to no other site', async () => {
    serveSettings({ enabled: true, testMode: true });
    await open(`/auth?next=${encodeURIComponent('/review/42?tab=scores')}`);
    expect(await screen.findByRole('link', { name: 'Sign in with ORCID' })).toHaveAttribute('href', `/api/orcid/sign-in/start?next=${encodeURIComponent('/review/42?tab=scores')}`);
  });

  it('ignores a return page of another site', async () => {
    serveSettings({ enabled: true, testMode: true });
    await open(`/auth?next=${encodeURIComponent('//evil.example/')}`);
    expect(await screen.findByRole('link', { name: 'Sign in with ORCID' })).toHaveAttribute('href', '/api/orcid/sign-in/start');
  });

  it('has no ORCID button when ORCID is off', async () => {
    await open('/auth');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with ORCID' })).not.toBeInTheDocument();
  });
});

describe('the result of an ORCID flow', () => {
  it("says 'ORCID iD linked successfully!' and clears the parameters", async () => {
    signInAs('user');
    const { router } = await open('/?orcid=linked');
    await expectToast('ORCID iD linked successfully!');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it.each([
    ['authentication_required', 'Authentication required. Please sign in and try again.'],
    ['user_not_found', 'User not found. Please sign in and try again.'],
    ['link_failed', 'Failed to link ORCID iD. Please try again.'],
    ['already_linked', 'This ORCID iD is already linked to another account.'],
    ['invalid_token', 'Invalid authentication token. Please sign in again.'],
    ['invalid_state', 'Invalid linking session. Please try again.'],
    ['start_failed', 'Failed to start ORCID linking process.'],
    ['something_new', 'An error occurred while linking ORCID iD.'],
  ])('says what a failed link (%s) means', async (code, description) => {
    signInAs('user');
    const { router } = await open(`/?orcid=error&message=${code}`);
    await expectToast('Error', description);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("welcomes a sign-in with ORCID: 'Welcome!' / 'Successfully signed in with ORCID.'", async () => {
    signInAs('reviewer');
    await open('/reviewer-dashboard?orcid=signed_in');
    await expectToast('Welcome!', 'Successfully signed in with ORCID.');
  });

  it('tells someone whose iD is linked to no account to sign in by e-mail and link it from the dashboard', async () => {
    const { router } = await open('/auth?orcid=error&message=not_linked');
    await expectToast(
      'Authentication Error',
      'No account is linked to this ORCID iD. Sign in with your email and password, then link your ORCID iD from your dashboard.',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("says 'Authentication Error' for any other failed sign-in", async () => {
    await open('/auth?orcid=error&message=invalid_state');
    await expectToast('Authentication Error', 'Failed to complete authentication. Please try again.');
  });
});
