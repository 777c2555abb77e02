import { type FormEvent, useState } from 'react';
import { toApiError } from '@/shared/api';
import { Button, PasswordField, SelectField, TextField, useToast } from '@/shared/ui';
import { type GradeLevel, useSignUpMutation } from '../api/auth-api';
import { signUpErrorToast, toasts } from '../model/auth-messages';
import { EmailField } from './email-field';

const GRADE_LEVELS: readonly GradeLevel[] = [9, 10, 11, 12];
const gradeOptions = GRADE_LEVELS.map((grade) => ({ value: String(grade), label: `Grade ${grade}` }));

function toGradeLevel(value: string): GradeLevel | null {
  const grade = Number(value);
  return GRADE_LEVELS.find((level) => level === grade) ?? null;
}

interface SignUpFormProps {
  onSignedUp: (email: string) => void;
  onAccountExists: (email: string) => void;
  onSignIn: () => void;
}

export function SignUpForm({ onSignedUp, onAccountExists, onSignIn }: SignUpFormProps) {
  const [form, setForm] = useState({
    firstName: '',
    lastName: '',
    schoolName: '',
    gradeLevel: '',
    email: '',
    password: '',
  });
  const [signUp, { isLoading }] = useSignUpMutation();
  const { toast } = useToast();

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const gradeLevel = toGradeLevel(form.gradeLevel);
    const email = form.email.trim();
    if (gradeLevel === null) return; // the select is required; the browser says so
    try {
      await signUp({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        schoolName: form.schoolName.trim(),
        gradeLevel,
        email,
        password: form.password,
      }).unwrap();
      toast(toasts.signedUp);
      onSignedUp(email);
    } catch (error) {
      const apiError = toApiError(error);
      toast(signUpErrorToast(apiError));
      if (apiError.code === 'AUTH_ACCOUNT_EXISTS') onAccountExists(email);
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} aria-label="Sign up">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" name="firstName" autoComplete="given-name" required value={form.firstName} onChange={set('firstName')} />
        <TextField label="Last name" name="lastName" autoComplete="family-name" required value={form.lastName} onChange={set('lastName')} />
      </div>
      <TextField label="School name" name="schoolName" autoComplete="organization" required value={form.schoolName} onChange={set('schoolName')} />
      <SelectField
        label="Grade level"
        name="gradeLevel"
        required
        placeholder="Select your grade"
        options={gradeOptions}
        value={form.gradeLevel}
        onChange={set('gradeLevel')}
      />
      <EmailField value={form.email} onChange={(email) => setForm((current) => ({ ...current, email }))} />
      <PasswordField purpose="new" value={form.password} onChange={(password) => setForm((current) => ({ ...current, password }))} />
      <Button type="submit" isLoading={isLoading} className="w-full">
        Create Account
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <button type="button" className="font-medium text-indigo-700 hover:underline" onClick={onSignIn}>
          Sign in instead
        </button>
      </p>
    </form>
  );
}
