import { MailCheck } from 'lucide-react';
import { Button } from '@/shared/ui';

interface EmailSentProps {
  email: string | null;
  onBack: () => void;
}

export function EmailSent({ email, onBack }: EmailSentProps) {
  return (
    <div className="grid gap-4 text-center">
      <MailCheck className="mx-auto h-12 w-12 text-indigo-600" aria-hidden="true" />
      <p className="text-slate-700">
        We sent an email to <strong>{email ?? 'your address'}</strong>. Follow the link in it to continue.
      </p>
      <p className="text-sm text-slate-500">Can&apos;t find it? Check your spam folder.</p>
      <Button variant="outline" onClick={onBack}>
        Back to sign in
      </Button>
    </div>
  );
}
