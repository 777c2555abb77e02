import { screen, within } from '@testing-library/react';
import { signInAs } from '@/test/msw/db';
import { renderApp, waitForSession } from '@/test/render';

const ALL_LABELS = [
  'Home',
  'Guidelines',
  'Staff',
  'Published Papers',
  'Sign In',
  'Submit Paper',
  'My Submissions',
  'Reviewer Dashboard',
  'Admin',
];

async function navLinkNames(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent.trim())
    .filter((name) => ALL_LABELS.includes(name));
}

describe('navigation bar', () => {
  it('shows a visitor Home, Guidelines, Staff, Published Papers and Sign In', async () => {
    const { store } = renderApp('/guidelines');
    await waitForSession(store);
    expect(await navLinkNames()).toEqual(['Home', 'Guidelines', 'Staff', 'Published Papers', 'Sign In']);
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('shows an ordinary user Submit Paper and My Submissions, their e-mail and Sign Out', async () => {
    signInAs('user', 'author@example.org');
    const { store } = renderApp('/guidelines');
    await waitForSession(store);
    expect(await navLinkNames()).toEqual(['Home', 'Guidelines', 'Staff', 'Submit Paper', 'My Submissions']);
    // The user menu loads with the API parts, a moment after the session.
    expect(await screen.findByText('author@example.org')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('shows a reviewer Reviewer Dashboard only', async () => {
    signInAs('reviewer');
    const { store } = renderApp('/guidelines');
    await waitForSession(store);
    expect(await navLinkNames()).toEqual(['Home', 'Guidelines', 'Staff', 'Reviewer Dashboard']);
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('shows an admin Admin only', async () => {
    signInAs('admin');
    const { store } = renderApp('/guidelines');
    await waitForSession(store);
    expect(await navLinkNames()).toEqual(['Home', 'Guidelines', 'Staff', 'Admin']);
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('collapses into a menu button that reports whether it is open', async () => {
    const { store, user } = renderApp('/guidelines');
    await waitForSession(store);
    const toggle = screen.getByRole('button', { name: 'Toggle navigation menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('link', { name: 'Sign In' })).toHaveLength(1);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(panel).not.toBeNull();
    expect(within(panel!).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows a spinner while the session loads', () => {
    signInAs('user');
    renderApp('/guidelines');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});
