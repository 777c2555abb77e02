import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { PasswordField } from './password-field';
import { SectionCard } from './section-card';

describe('SectionCard', () => {
  it('is named by its heading and shows its description, action and content', () => {
    render(
      <SectionCard title="Outgoing email" icon={Mail} description="Retried for a day." action={<a href="/all">View All</a>}>
        <p>Body</p>
      </SectionCard>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Outgoing email' });
    const card = heading.closest('[aria-labelledby]')!;
    expect(card).toHaveAttribute('aria-labelledby', heading.id);
    expect(card).toHaveTextContent('Retried for a day.');
    expect(card).toHaveTextContent('View All');
    expect(card).toHaveTextContent('Body');
    expect(heading.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps a given heading id and has no content area without children', () => {
    const { container } = render(<SectionCard titleId="orcid-card-title" title="ORCID iD" description="Soon." />);
    expect(screen.getByRole('heading', { name: 'ORCID iD' })).toHaveAttribute('id', 'orcid-card-title');
    expect(container.querySelectorAll('.pt-0')).toHaveLength(0);
  });
});

describe('PasswordField', () => {
  function Controlled({ purpose }: { purpose: 'current' | 'new' }) {
    const [value, setValue] = useState('');
    return (
      <>
        <PasswordField purpose={purpose} value={value} onChange={setValue} />
        <output>{value}</output>
      </>
    );
  }

  it.each([
    ['current', 'current-password'],
    ['new', 'new-password'],
  ] as const)('for a %s password is a required password input with autocomplete %s', async (purpose, autocomplete) => {
    render(<Controlled purpose={purpose} />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', autocomplete);
    expect(input).toBeRequired();
    await userEvent.type(input, 'secret1');
    expect(screen.getByRole('status')).toHaveTextContent('secret1');
  });
});
