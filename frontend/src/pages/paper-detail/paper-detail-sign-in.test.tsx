import { screen, waitFor } from '@testing-library/react';
import { addPaper, addUser, db, signInAs } from '@/test/msw/db';
import { currentPath, renderApp, waitForSession } from '@/test/render';

// The lazy route's first import (transform included) can outlast waitForSession's timeout.
beforeAll(async () => {
  await import('@/pages/paper-detail/paper-detail-page');
});

describe("/papers/:id not found, for a visitor", () => {
  it('offers to sign in and comes back to the paper, which its author then sees', async () => {
    const paper = addPaper({ title: 'Unpublished Work', status: 'under_review' });
    const author = addUser({ email: 'author@example.org' });
    db.paperOwners[paper.id] = author.id;
    const { router, store, user } = renderApp(`/papers/${paper.id}`);
    await waitForSession(store);
    expect(await screen.findByText('Error loading paper or paper not found.')).toBeInTheDocument();
    expect(screen.getByText(/If this paper is yours or you were sent here by an e-mail,/)).toHaveTextContent(
      'If this paper is yours or you were sent here by an e-mail, sign in to see it.',
    );

    await user.click(screen.getByRole('link', { name: 'sign in' }));
    await waitFor(() => expect(currentPath(router)).toBe('/auth'));
    await user.type(await screen.findByLabelText('Email'), author.email);
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Unpublished Work' })).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/papers/${paper.id}`);
  });

  it('is not offered to a signed-in user, for whom not found means not theirs', async () => {
    const paper = addPaper({ title: 'Someone Else’s', status: 'under_review' });
    signInAs('user');
    const { store } = renderApp(`/papers/${paper.id}`);
    await waitForSession(store);
    expect(await screen.findByText('Error loading paper or paper not found.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'sign in' })).not.toBeInTheDocument();
  });
});
