import { render, screen } from '@testing-library/react';
import { paperProgress } from '@/shared/lib/paper-status';
import { PaperStatusBadge } from './paper-status-badge';
import { ProgressBar } from './progress-bar';

describe('paperProgress (spec section 4)', () => {
  it.each([
    ['submitted', 25],
    ['under_review', 50],
    ['accepted', 75],
    ['published', 100],
    ['rejected', 0],
    ['in_review', 0],
    ['anything', 0],
  ])('%s is %i', (status, progress) => {
    expect(paperProgress(status)).toBe(progress);
  });
});

describe('PaperStatusBadge colours (spec section 4)', () => {
  it.each([
    ['submitted', 'yellow', 'Submitted'],
    ['under_review', 'blue', 'Under Review'],
    ['accepted', 'green', 'Accepted'],
    ['published', 'green', 'Published'],
    ['rejected', 'red', 'Rejected'],
    ['in_review', 'gray', 'In Review'],
  ])('%s is %s', (status, colour, label) => {
    render(<PaperStatusBadge status={status} />);
    const badge = screen.getByText('Status:').parentElement!;
    expect(badge).toHaveTextContent(`Status: ${label}`);
    expect(badge.className).toContain(`bg-${colour}-100`);
    for (const other of ['yellow', 'blue', 'green', 'red', 'gray'].filter((c) => c !== colour)) {
      expect(badge.className).not.toContain(`bg-${other}-`);
    }
  });
});

describe('ProgressBar', () => {
  it('is an accessible progressbar with its value', () => {
    render(<ProgressBar value={75} label="Review progress" />);
    const bar = screen.getByRole('progressbar', { name: 'Review progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '75');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
  });

  it('clamps and rounds', () => {
    render(<ProgressBar value={140.2} label="Upload progress" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });
});
