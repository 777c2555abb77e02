import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { type SessionUser } from '@/shared/api';
import { addOwnPaper, addReview, addUser, db, signInAs } from '@/test/msw/db';
import { server } from '@/test/msw/server';
import { currentPath, expectToast, renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/review/review-page');
  await import('@/pages/reviewer-dashboard/reviewer-dashboard-page');
});

function assignedTo(reviewer: SessionUser, overrides: Parameters<typeof addReview>[2] = {}) {
  const owner = addUser({ email: `author-${Math.random()}@example.org` });
  const paper = addOwnPaper(owner, { title: 'Tidal Energy', category: 'Physics' });
  return addReview(paper, reviewer, overrides);
}

async function openReview(id: string) {
  const app = renderApp(`/review/${id}`);
  await waitForSession(app.store);
  await screen.findByRole('heading', { level: 1, name: 'Tidal Energy' });
  return app;
}

const declineDialog = () => screen.getByRole('dialog', { name: 'Decline this review' });
const reason = () => within(declineDialog()).getByRole('textbox', { name: 'Reason for declining' });

describe('/review/{id}: declining', () => {
  it('asks for a reason, sends it, and goes back to the dashboard, where the review is gone', async () => {
    const review = assignedTo(signInAs('reviewer'), { status: 'in_progress', text: 'Half a thought' });
    const { user, router } = await openReview(review.id);

    await user.click(screen.getByRole('button', { name: 'Decline this review' }));
    expect(declineDialog()).toHaveTextContent('The editors will see your reason.');
    // Blank: said here, nothing sent.
    await user.type(reason(), '   ');
    await user.click(within(declineDialog()).getByRole('button', { name: 'Confirm' }));
    expect(await within(declineDialog()).findByText('Please tell the editors why you are declining this review.')).toBeInTheDocument();
    expect(reason()).toHaveAttribute('aria-invalid', 'true');
    expect(db.bodies[`/reviews/${review.id}/decline`]).toBeUndefined();

    await user.clear(reason());
    await user.type(reason(), ' I supervised one of the authors. ');
    await user.click(within(declineDialog()).getByRole('button', { name: 'Confirm' }));

    await expectToast('Review declined', 'You declined the review. The editors have been told.');
    await waitFor(() => expect(currentPath(router)).toBe('/reviewer-dashboard'));
    expect(db.bodies[`/reviews/${review.id}/decline`]).toEqual([{ declineReason: 'I supervised one of the authors.' }]);
    expect(await screen.findByText('No papers assigned for review yet.')).toBeInTheDocument();
    // Not submitted: the review form's own submit did not run.
    expect(db.bodies[`/reviews/${review.id}/submit`]).toBeUndefined();
  });

  it('closes on Cancel without sending anything', async () => {
    const review = assignedTo(signInAs('reviewer'));
    const { user, router } = await openReview(review.id);
    await user.click(screen.getByRole('button', { name: 'Decline this review' }));
    await user.type(reason(), 'Too busy');
    await user.click(within(declineDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.bodies[`/reviews/${review.id}/decline`]).toBeUndefined();
    expect(currentPath(router)).toBe(`/review/${review.id}`);
  });

  it("shows the server's message and stays when declining is refused", async () => {
    server.use(
      http.post('*/api/reviews/:id/decline', () =>
        HttpResponse.json(
          { statusCode: 409, code: 'REVIEW_SUBMITTED', message: 'This review has been submitted, so it can no longer be declined.' },
          { status: 409 },
        ),
      ),
    );
    const review = assignedTo(signInAs('reviewer'));
    const { user, router } = await openReview(review.id);
    await user.click(screen.getByRole('button', { name: 'Decline this review' }));
    await user.type(reason(), 'Too busy');
    await user.click(within(declineDialog()).getByRole('button', { name: 'Confirm' }));
    // The open dialog hides the toasts from screen readers: the form says it too.
    expect(await within(declineDialog()).findByRole('alert')).toHaveTextContent('This review has been submitted, so it can no longer be declined.');
    expect(currentPath(router)).toBe(`/review/${review.id}`);
    await user.click(within(declineDialog()).getByRole('button', { name: 'Cancel' }));
    await expectToast('Error', 'This review has been submitted, so it can no longer be declined.');
  });

  it('offers no decline for a submitted review', async () => {
    const review = assignedTo(signInAs('reviewer'), { status: 'submitted', recommendation: 'accept', text: 'Fine.', submittedAt: '2026-03-05T10:00:00.000Z' });
    await openReview(review.id);
    expect(screen.queryByRole('button', { name: 'Decline this review' })).not.toBeInTheDocument();
  });
});
