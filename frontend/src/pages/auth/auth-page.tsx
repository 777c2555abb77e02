import { AuthScreen } from '@/features/auth';
import { OrcidSignInButton } from '@/features/orcid';

export function AuthPage() {
  return <AuthScreen signInAlternatives={<OrcidSignInButton />} />;
}
