import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toApiError } from '@/shared/api';
import { Button, PasswordField, useToast } from '@/shared/ui';
import { useResendConfirmationMutation, useSignInMutation } from '../api/auth-api';
import { GENERIC_ERROR_TOAST, signInErrorToast, toasts } from '../model/auth-messages';
import { destinationAfterSignIn } from '../model/return-path';
import { EmailField } from './email-field';

interface SignInFormProps {
  defaultEmail?: string;
  /** The page asked for before signing in (/auth's `next`); checked before it is followed. */
  returnTo?: string | null;
  onForgotPassword: () => void;
  onSignUp: () => void;
}

export function SignInForm({ defaultEmail = '', returnTo = null, onForgotPassword, onSignUp }: SignInFormProps) {
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [signIn, { isLoading }] = useSignInMutation();
  const [resendConfirmation, { isLoading: isResending }] = useResendConfirmationMutation();
  // Offered only once the API said the password is right but the address is not confirmed.
  const [awaitingConfirmation, setAwaitingConfirmation] = useState(false);
  const { toast } = useToast();
  const navigate = useNavigate();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const session = await signIn({ email: email.trim(), password }).unwrap();
      toast(toasts.signedIn);
      await navigate(destinationAfterSignIn(session.user.role, returnTo), { replace: true });
    } catch (error) {
      const apiError = toApiError(error);
      setAwaitingConfirmation(apiError.code === 'AUTH_EMAIL_NOT_CONFIRMED');
      toast(signInErrorToast(apiError));
    }
  };

  const onResendConfirmation = async () => {
    try {
      await resendConfirmation({ email: email.trim() }).unwrap();
      toast(toasts.confirmationResent);
    } catch {
      toast(GENERIC_ERROR_TOAST);
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} aria-label="Sign in">
      <EmailField value={email} onChange={setEmail} />
      <PasswordField purpose="current" value={password} onChange={setPassword} />
      <Button type="submit" isLoading={isLoading} className="w-full">
        Sign In
      </Button>
      {awaitingConfirmation && (
        <Button
          variant="outline"
          isLoading={isResending}
          className="w-full"
          onClick={() => void onResendConfirmation()}
        >
          Resend confirmation email
        </Button>
      )}
      <div className="flex flex-col items-center gap-2 text-sm">
        <button type="button" className="text-indigo-700 hover:underline" onClick={onForgotPassword}>
          Forgot your password?
        </button>
        <p className="text-slate-600">
          Don&apos;t have an account?{' '}
          <button type="button" className="font-medium text-indigo-700 hover:underline" onClick={onSignUp}>
            Create an account
          </button>
        </p>
      </div>
    </form>
  );
}
