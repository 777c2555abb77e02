import { type FormEvent, useState } from 'react';
import { useDispatch } from 'react-redux';
import { sessionCleared, toApiError } from '@/shared/api';
import { MIN_PASSWORD_LENGTH } from '@/shared/config/password-rules';
import { Button, PasswordField, useToast } from '@/shared/ui';
import { useResetPasswordMutation } from '../api/auth-api';
import { resetPasswordErrorToast, toasts } from '../model/auth-messages';

interface RecoveryFormProps {
  /** The one-time token from the reset e-mail's link; null when the link carried none. */
  token: string | null;
  onUpdated: () => void;
}

export function RecoveryForm({ token, onUpdated }: RecoveryFormProps) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const { toast } = useToast();
  const dispatch = useDispatch();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmPassword) {
      toast(toasts.passwordsDontMatch);
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      toast(toasts.passwordTooShort);
      return;
    }
    if (!token) {
      toast(toasts.resetSessionExpired);
      return;
    }
    try {
      await resetPassword({ token, password }).unwrap();
      // The server revoked every session of the user; forget ours too.
      dispatch(sessionCleared());
      toast(toasts.passwordUpdated);
      onUpdated();
    } catch (error) {
      toast(resetPasswordErrorToast(toApiError(error)));
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} aria-label="Set new password">
      <PasswordField
        purpose="new"
        label="New password"
        value={password}
        onChange={setPassword}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <PasswordField
        purpose="new"
        label="Confirm new password"
        name="confirmPassword"
        value={confirmPassword}
        onChange={setConfirmPassword}
      />
      <Button type="submit" isLoading={isLoading} className="w-full">
        Update Password
      </Button>
    </form>
  );
}
