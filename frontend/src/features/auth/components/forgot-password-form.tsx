import { type FormEvent, useState } from 'react';
import { toApiError } from '@/shared/api';
import { Button, useToast } from '@/shared/ui';
import { useForgotPasswordMutation } from '../api/auth-api';
import { forgotPasswordErrorToast, toasts } from '../model/auth-messages';
import { EmailField } from './email-field';

interface ForgotPasswordFormProps {
  defaultEmail?: string;
  onSent: (email: string) => void;
  onBack: () => void;
}

export function ForgotPasswordForm({ defaultEmail = '', onSent, onBack }: ForgotPasswordFormProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const { toast } = useToast();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    try {
      await forgotPassword({ email: address }).unwrap();
      toast(toasts.resetEmailSent);
      onSent(address);
    } catch (error) {
      toast(forgotPasswordErrorToast(toApiError(error)));
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} aria-label="Reset password">
      <EmailField value={email} onChange={setEmail} />
      <Button type="submit" isLoading={isLoading} className="w-full">
        Send Reset Link
      </Button>
      <button type="button" className="text-sm text-indigo-700 hover:underline" onClick={onBack}>
        Back to sign in
      </button>
    </form>
  );
}
