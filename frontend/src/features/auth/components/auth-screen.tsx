import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { journal } from '@/shared/content/journal';
import { paths } from '@/shared/config/paths';
import { AUTHENTICATION_ERROR_TOAST } from '@/shared/api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, PageSpinner, useToast } from '@/shared/ui';
import { GENERIC_ERROR_TOAST, authRedirectToast } from '../model/auth-messages';
import { RETURN_PATH_PARAM, destinationAfterSignIn } from '../model/return-path';
import { useSession } from '../model/use-session';
import { EmailSent } from './email-sent';
import { ForgotPasswordForm } from './forgot-password-form';
import { RecoveryForm } from './recovery-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export type AuthView = 'sign-in' | 'sign-up' | 'forgot-password' | 'email-sent' | 'recovery';

const REDIRECT_PARAMS = ['success', 'error', 'error_code', 'error_description'] as const;

const headings: Record<AuthView, { title: string; description: string }> = {
  'sign-in': { title: 'Sign In', description: `Welcome back to ${journal.name}.` },
  'sign-up': { title: 'Create an account', description: 'Join the journal to submit your research.' },
  'forgot-password': { title: 'Reset your password', description: 'We will e-mail you a link to set a new password.' },
  'email-sent': { title: 'Check your inbox', description: 'An e-mail is on its way.' },
  recovery: { title: 'Set a new password', description: 'Choose a new password for your account.' },
};

/** Reads `#recovery_token=...` (the API's reset link lands here); anything else is ignored. */
function readRecoveryToken(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('recovery_token');
  return token && token.trim() !== '' ? token : null;
}

/** Tokens other than a recovery token never travel in URLs here (auth is cookie-only). */
function hasUnexpectedHashCredentials(hash: string): boolean {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  return params.has('access_token') || params.has('refresh_token') || params.has('error');
}

interface AuthScreenProps {
  /** Other ways to sign in, under the sign-in form (the orcid feature's button; the page composes it). */
  signInAlternatives?: ReactNode;
}

export function AuthScreen({ signInAlternatives }: AuthScreenProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { status, role } = useSession();
  const { toast } = useToast();

  const isRecovery = searchParams.get('type') === 'recovery';
  const returnTo = searchParams.get(RETURN_PATH_PARAM);
  const [view, setView] = useState<AuthView>(isRecovery ? 'recovery' : 'sign-in');
  const [email, setEmail] = useState<string | null>(null);
  // Read the secret once, before the address bar forgets it.
  const [recoveryToken] = useState(() => readRecoveryToken(location.hash));
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    try {
      if (location.hash !== '') {
        if (hasUnexpectedHashCredentials(location.hash)) toast(AUTHENTICATION_ERROR_TOAST);
        // Drop the hash (and the token in it) from the address bar and the history entry.
        void navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });
      }
      const redirectToast = authRedirectToast({
        success: searchParams.get('success'),
        error: searchParams.get('error'),
        errorCode: searchParams.get('error_code'),
        errorDescription: searchParams.get('error_description'),
      });
      if (!redirectToast) return;
      toast(redirectToast);
      if (searchParams.get('success') === 'email_confirmed') {
        void navigate(paths.home.getHref(), { replace: true });
        return;
      }
      const cleaned = new URLSearchParams(searchParams);
      for (const key of REDIRECT_PARAMS) cleaned.delete(key);
      setSearchParams(cleaned, { replace: true });
    } catch {
      toast(GENERIC_ERROR_TOAST);
    }
    // Runs once on arrival: the parameters describe how the user got here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (status === 'loading') return <PageSpinner />;
  if (status === 'authenticated' && role !== null && view !== 'recovery') {
    return <Navigate to={destinationAfterSignIn(role, returnTo)} replace />;
  }

  const showSignIn = (address?: string | null) => {
    if (address !== undefined) setEmail(address);
    setView('sign-in');
  };

  const heading = headings[view];
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader className="text-center">
          <CardTitle as="h1">
            <span className="sr-only">{journal.name}: </span>
            {heading.title}
          </CardTitle>
          <CardDescription>{heading.description}</CardDescription>
        </CardHeader>
        <CardContent>
          {view === 'sign-in' && (
            <SignInForm
              key={email ?? ''}
              defaultEmail={email ?? ''}
              returnTo={returnTo}
              onForgotPassword={() => setView('forgot-password')}
              onSignUp={() => setView('sign-up')}
            />
          )}
          {view === 'sign-in' && signInAlternatives}
          {view === 'sign-up' && (
            <SignUpForm
              onSignedUp={(address) => {
                setEmail(address);
                setView('email-sent');
              }}
              onAccountExists={(address) => showSignIn(address)}
              onSignIn={() => showSignIn()}
            />
          )}
          {view === 'forgot-password' && (
            <ForgotPasswordForm
              defaultEmail={email ?? ''}
              onSent={(address) => {
                setEmail(address);
                setView('email-sent');
              }}
              onBack={() => showSignIn()}
            />
          )}
          {view === 'email-sent' && <EmailSent email={email} onBack={() => showSignIn()} />}
          {view === 'recovery' && (
            <RecoveryForm
              token={recoveryToken}
              onUpdated={() => {
                setSearchParams({}, { replace: true });
                showSignIn();
              }}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
