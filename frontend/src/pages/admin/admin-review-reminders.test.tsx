import { screen, waitFor, within } from '@testing-library/react';
import { addOwnPaper, addReview, addUser, db, signInAs } from '@/test/msw/db';
import { formatDate, formatDateTime } from '@/shared/lib/format-date';
import { expectToast, renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/admin/admin-page');
});

async function openReviewerManagement() {
  signInAs('admin');
  const app = renderApp('/admin');
  await waitForSession(app.store);
  await app.user.click(await screen.findByRole('tab', { name: 'Reviewer Management' }));
  return app;
}

const assignments = () => within(screen.getByRole('generic', { name: 'Current Assignments' })).findByRole('list', { name: 'Current assignments' });
const rowOf = async (title: string) => (await within(await assignments()).findByText(title)).closest('li')!;

function reviewOf(title: string, overrides: Parameters<typeof addReview>[2] = {}) {
  const owner = addUser({ email: `author-${Math.random()}@example.org` });
  const rita = addUser({ email: `rita-${Math.random()}@example.org`, role: 'reviewer', firstName: 'Rita' });
  return addReview(addOwnPaper(owner, { title }), rita, overrides);
}

describe('/admin Reviewer Management: reminding reviewers', () => {
  it("offers 'Send reminder' on pending assignments only, and says 'Reminder sent' and when the reviewer was last reminded", async () => {
    const pending = reviewOf('Pending Paper', { status: 'in_progress' });
    reviewOf('Done Paper', { status: 'submitted', recommendation: 'accept', text: 'Good.', submittedAt: '2026-03-10T09:00:00.000Z' });
    reviewOf('Given Back Paper', { status: 'declined', declinedAt: '2026-03-11T09:00:00.000Z', declineReason: 'No time' });
    const { user } = await openReviewerManagement();

    expect(within(await rowOf('Done Paper')).queryByRole('button', { name: /send reminder/i })).not.toBeInTheDocument();
    expect(within(await rowOf('Given Back Paper')).queryByRole('button', { name: /send reminder/i })).not.toBeInTheDocument();
    expect(within(await rowOf('Pending Paper')).queryByText(/Last reminded/)).not.toBeInTheDocument();

    await user.click(within(await rowOf('Pending Paper')).getByRole('button', { name: 'Send reminder for Pending Paper' }));
    await expectToast('Reminder sent', 'The reviewer has been e-mailed a reminder of the due date.');
    expect(pending.lastReminderAt).toEqual(expect.any(String));
    await waitFor(async () => expect(within(await rowOf('Pending Paper')).getByText(`Last reminded ${formatDate(pending.lastReminderAt!)}`)).toBeInTheDocument());
  });

  it("shows the server's message when a reminder was sent less than a day ago", async () => {
    const sentAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const review = reviewOf('Pending Paper', { lastReminderAt: sentAt, manualReminderAt: sentAt });
    const { user } = await openReviewerManagement();

    expect(within(await rowOf('Pending Paper')).getByText(`Last reminded ${formatDate(sentAt)}`)).toBeInTheDocument();
    await user.click(within(await rowOf('Pending Paper')).getByRole('button', { name: 'Send reminder for Pending Paper' }));
    const next = formatDateTime(new Date(Date.parse(sentAt) + 86_400_000).toISOString());
    expect(next).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC$/);
    await expectToast('Error', `The reviewer was reminded less than a day ago. The next reminder can be sent after ${next}.`);
    expect(review.lastReminderAt).toBe(sentAt);
    expect(db.reviews).toHaveLength(1);
  });
});
