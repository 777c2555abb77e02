import { AuthScreen } from '@/features/auth';

export function AuthPage() {
  return <AuthScreen />;
}
