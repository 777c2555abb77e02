import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_RUBRIC, addOwnPaper, addReview, addUser, db, signInAs } from '@/test/msw/db';
import { expectToast, renderApp, waitForSession } from '@/test/render';

beforeAll(async () => {
  await import('@/pages/admin/admin-page');
  await import('@/pages/paper-detail/paper-detail-page');
});

async function openRubric() {
  signInAs('admin');
  const app = renderApp('/admin');
  await waitForSession(app.store);
  await app.user.click(await screen.findByRole('tab', { name: 'Review Rubric' }));
  await screen.findByRole('form', { name: 'Review rubric' });
  return app;
}

const form = () => screen.getByRole('form', { name: 'Review rubric' });
const names = () => within(form()).getAllByRole('textbox', { name: /^Criterion \d+ name$/ }).map((field) => (field as HTMLInputElement).value);
const save = () => within(form()).getByRole('button', { name: 'Save Rubric' });

describe('/admin Review Rubric', () => {
  it('lists the criteria with their hints and says that submitted reviews keep theirs', async () => {
    await openRubric();
    expect(names()).toEqual(DEFAULT_RUBRIC.map((criterion) => criterion.name));
    expect(within(form()).getByRole('textbox', { name: 'Criterion 1 hint' })).toHaveValue(DEFAULT_RUBRIC[0].hint);
    expect(screen.getByText(/a submitted review keeps the criteria it was written against/)).toBeInTheDocument();
  });

  it('renames, edits a hint, adds, removes and reorders, then saves the whole list', async () => {
    const { user } = await openRubric();
    const first = within(form()).getByRole('textbox', { name: 'Criterion 1 name' });
    await user.clear(first);
    await user.type(first, 'Question');
    const hint = within(form()).getByRole('textbox', { name: 'Criterion 2 hint' });
    await user.clear(hint);
    await user.type(hint, 'Could a classmate repeat it?');
    await user.click(within(form()).getByRole('button', { name: 'Remove Ethics' }));
    await user.click(within(form()).getByRole('button', { name: 'Add criterion' }));
    await user.type(within(form()).getByRole('textbox', { name: 'Criterion 6 name' }), 'Originality');
    await user.click(within(form()).getByRole('button', { name: 'Move Originality up' }));
    await user.click(within(form()).getByRole('button', { name: 'Move Question down' }));
    expect(names()).toEqual(['Method', 'Question', 'Use of evidence', 'Clarity of writing', 'Originality', 'Sources']);
    expect(within(form()).getByRole('button', { name: 'Move Method up' })).toBeDisabled();
    expect(within(form()).getByRole('button', { name: 'Move Sources down' })).toBeDisabled();

    await user.click(save());
    await expectToast('Rubric saved');
    expect(db.bodies['/admin/rubric']).toEqual([
      {
        criteria: [
          { name: 'Method', hint: 'Could a classmate repeat it?' },
          { name: 'Question', hint: DEFAULT_RUBRIC[0].hint },
          { name: 'Use of evidence', hint: DEFAULT_RUBRIC[2].hint },
          { name: 'Clarity of writing', hint: DEFAULT_RUBRIC[3].hint },
          { name: 'Originality', hint: '' },
          { name: 'Sources', hint: DEFAULT_RUBRIC[4].hint },
        ],
      },
    ]);
    expect(db.rubric.map((criterion) => criterion.name)).toEqual(['Method', 'Question', 'Use of evidence', 'Clarity of writing', 'Originality', 'Sources']);
  });

  it('will not save a blank or repeated name, more than 12 criteria, or none', async () => {
    const { user } = await openRubric();
    const second = within(form()).getByRole('textbox', { name: 'Criterion 2 name' });
    await user.clear(second);
    expect(save()).toBeDisabled();
    expect(within(form()).getByRole('status')).toHaveTextContent('Every criterion needs a name.');
    await user.type(second, 'research QUESTION');
    expect(save()).toBeDisabled();
    expect(within(form()).getByRole('status')).toHaveTextContent('Two criteria are named "research QUESTION": names must differ.');
    await user.clear(second);
    await user.type(second, 'Method');
    expect(save()).toBeEnabled();

    for (let count = 6; count < 12; count += 1) {
      await user.click(within(form()).getByRole('button', { name: 'Add criterion' }));
      await user.type(within(form()).getByRole('textbox', { name: `Criterion ${count + 1} name` }), `Extra ${count}`);
    }
    expect(within(form()).getByRole('button', { name: 'Add criterion' })).toBeDisabled();
    for (const name of names().slice(1)) await user.click(within(form()).getByRole('button', { name: `Remove ${name}` }));
    expect(names()).toEqual(['Research question']);
    expect(within(form()).getByRole('button', { name: 'Remove Research question' })).toBeDisabled();
    expect(db.bodies['/admin/rubric']).toBeUndefined();
  });

  it("shows a submitted review's scores to the editors on the paper's page", async () => {
    const owner = addUser({ email: 'author@example.org' });
    const paper = addOwnPaper(owner, { title: 'Tidal Energy' });
    addReview(paper, addUser({ email: 'rita@example.org', role: 'reviewer', firstName: 'Rita' }), {
      status: 'submitted',
      recommendation: 'accept',
      text: 'Good.',
      submittedAt: '2026-03-01T12:00:00.000Z',
      criteria: [{ name: 'Method', hint: 'Could a classmate repeat it?', score: 5, comment: 'Clear steps.' }],
    });
    signInAs('admin');
    const app = renderApp(`/papers/${paper.id}`);
    await waitForSession(app.store);
    const feedback = await screen.findByRole('region', { name: 'Scores from the review' });
    await waitFor(() => expect(within(feedback).getByRole('listitem')).toHaveTextContent('Method5 out of 5 (excellent)Could a classmate repeat it?Clear steps.'));
  });
});
