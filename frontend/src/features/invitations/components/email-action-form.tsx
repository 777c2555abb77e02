import { type FormEvent, useState } from 'react';
import { Button, TextField } from '@/shared/ui';

interface EmailActionFormProps {
  /** The form's accessible name. */
  name: string;
  label: string;
  action: string;
  variant?: 'destructive';
  required?: boolean;
  isLoading: boolean;
  /** Called with the trimmed address (an empty one is ignored, as the spec says); true clears the field. */
  onSubmit: (email: string) => Promise<boolean>;
}

/** One e-mail field and one button: inviting a reviewer, removing an address's invitations. */
export function EmailActionForm({ name, label, action, variant, required, isLoading, onSubmit }: EmailActionFormProps) {
  const [email, setEmail] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    if (await onSubmit(address)) setEmail('');
  };

  return (
    <form className="flex flex-wrap items-end gap-3" aria-label={name} onSubmit={(event) => void submit(event)}>
      <TextField
        label={label}
        type="email"
        name="email"
        autoComplete="off"
        required={required}
        containerClassName="min-w-64 flex-1"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" variant={variant} isLoading={isLoading}>
        {action}
      </Button>
    </form>
  );
}
