import { type FormEvent, useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '@/shared/config/password-rules';
import { Button, PasswordField, TextField } from '@/shared/ui';
import { invitationPageText } from '../model/invitation-messages';

export interface ReviewerSignUp {
  firstName: string;
  lastName: string;
  password: string;
}

interface AcceptInvitationFormProps {
  /** The invited address: the account is made for it, so it is shown, not asked. */
  email: string;
  isSubmitting: boolean;
  onSubmit: (values: ReviewerSignUp) => void;
}

type Errors = Partial<Record<keyof ReviewerSignUp, string>>;

function validate(values: ReviewerSignUp): Errors {
  const errors: Errors = {};
  if (!values.firstName.trim()) errors.firstName = 'First name is required.';
  if (!values.lastName.trim()) errors.lastName = 'Last name is required.';
  if (values.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  }
  return errors;
}

/** The reviewer's sign-up: first name, last name and password for the invited e-mail. */
export function AcceptInvitationForm({ email, isSubmitting, onSubmit }: AcceptInvitationFormProps) {
  const [values, setValues] = useState<ReviewerSignUp>({ firstName: '', lastName: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});

  const set = (field: keyof ReviewerSignUp) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), password: values.password });
  };

  return (
    <form className="grid gap-4" aria-label="Create your reviewer account" noValidate onSubmit={submit}>
      <TextField label="Email" type="email" name="email" autoComplete="email" value={email} readOnly />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          value={values.firstName}
          error={errors.firstName}
          onChange={(event) => set('firstName')(event.target.value)}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          value={values.lastName}
          error={errors.lastName}
          onChange={(event) => set('lastName')(event.target.value)}
        />
      </div>
      <PasswordField
        purpose="new"
        value={values.password}
        onChange={set('password')}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.password}
      />
      <Button type="submit" isLoading={isSubmitting} className="w-full">
        {isSubmitting ? invitationPageText.accepting : invitationPageText.accept}
      </Button>
    </form>
  );
}
