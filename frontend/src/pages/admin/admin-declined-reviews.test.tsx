import { screen, within } from '@testing-library/react';
import { addOwnPaper, addReview, addUser, signInAs } from '@/test/msw/db';
import { renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/admin/admin-page');
});

describe('/admin Reviewer Management: a declined assignment', () => {
  it('shows Declined and the reason, with nothing left to change, and the paper is assignable again', async () => {
    signInAs('admin');
    const owner = addUser({ email: `author-${Math.random()}@example.org` });
    const reviewer = addUser({ email: 'dora@example.org', role: 'reviewer', firstName: 'Dora' });
    const paper = addOwnPaper(owner, { title: 'Given Back Paper', category: 'Physics' });
    addReview(paper, reviewer, { status: 'declined', declinedAt: '2026-03-07T10:00:00.000Z', declineReason: 'I supervised one of the authors.' });
    addReview(addOwnPaper(owner, { title: 'Open Paper' }), reviewer);
    const app = renderApp('/admin');
    await waitForSession(app.store);
    await app.user.click(await screen.findByRole('tab', { name: 'Reviewer Management' }));

    const list = await within(screen.getByRole('generic', { name: 'Current Assignments' })).findByRole('list', { name: 'Current assignments' });
    const [open, declined] = ['Open Paper', 'Given Back Paper'].map((title) =>
      within(list)
        .getAllByRole('listitem')
        .find((row) => within(row).queryByRole('link', { name: title }))!,
    );
    expect(declined).toHaveTextContent('Declined');
    expect(within(declined).getByText('Reason: I supervised one of the authors.')).toBeInTheDocument();
    expect(declined).toHaveTextContent('Declined March 7, 2026');
    expect(within(declined).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
    expect(within(declined).queryByRole('form')).not.toBeInTheDocument();
    expect(within(declined).queryByText(/^Due /)).not.toBeInTheDocument();
    expect(within(declined).queryByRole('button', { name: /remind/i })).not.toBeInTheDocument();
    // The open one keeps its actions.
    expect(within(open).getByRole('button', { name: 'Withdraw Open Paper' })).toBeInTheDocument();

    const paperChoice = await screen.findByRole('combobox', { name: 'Paper' });
    expect(within(paperChoice).getAllByRole('option').map((option) => option.textContent)).toContain('Given Back Paper (Physics)');
  });
});
