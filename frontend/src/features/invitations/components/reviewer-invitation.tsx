import { skipToken } from '@reduxjs/toolkit/query';
import { AlertTriangle, CheckCircle2, MailQuestion, ShieldAlert, UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { toApiError } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { journal } from '@/shared/content/journal';
import { Button, Spinner, useToast } from '@/shared/ui';
import { useAcceptInvitationMutation, useVerifyInvitationQuery } from '../api/invitations-api';
import { type InvitationCheck, type VerifyOutcome, invitationCheck } from '../model/invitation-check';
import { acceptErrorToast, createAccountErrorToast, invitationPageText } from '../model/invitation-messages';
import { AcceptInvitationForm, type ReviewerSignUp } from './accept-invitation-form';
import { InvitationCard, LinkButton, ReturnHome } from './invitation-cards';

/** Who is looking at the page, as the session says (the page reads it from the auth feature). */
export interface InvitationViewer {
  status: 'loading' | 'authenticated' | 'anonymous';
  email: string | null;
}

interface ReviewerInvitationProps {
  token: string | null;
  viewer: InvitationViewer;
}

/** What happened on this page since it opened, over what the verification said. */
type Outcome = 'none' | 'account-created' | 'role-added' | 'account-exists' | 'not-found';

function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** /reviewer-invitation?token=…: verify the link, then create the reviewer's account or add the role. */
export function ReviewerInvitation({ token, viewer }: ReviewerInvitationProps) {
  const verification = useVerifyInvitationQuery(token ?? skipToken, { refetchOnMountOrArgChange: true });
  const [accept, { isLoading: isAccepting }] = useAcceptInvitationMutation();
  const [outcome, setOutcome] = useState<Outcome>('none');
  const { toast } = useToast();

  const verifyOutcome: VerifyOutcome = verification.isError
    ? { status: 'failed', error: toApiError(verification.error) }
    : verification.isSuccess
      ? { status: 'answered', body: verification.data }
      : { status: 'pending' };
  const check = invitationCheck(token, verifyOutcome);

  if (check.state === 'verifying' || (check.state === 'valid' && viewer.status === 'loading')) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-16 text-slate-700">
        <Spinner size="lg" label={null} />
        <p>{invitationPageText.verifying}</p>
      </div>
    );
  }
  if (check.state === 'error') {
    return (
      <InvitationCard title={invitationPageText.errorTitle} icon={AlertTriangle} iconClassName="text-red-600" description={check.message}>
        <ReturnHome />
      </InvitationCard>
    );
  }
  if (check.state === 'not-found' || outcome === 'not-found') return <NotFound />;

  const invited = check.email;
  const run = async (body: Partial<ReviewerSignUp>, onError: typeof createAccountErrorToast, done: Outcome) => {
    if (!token) return;
    try {
      await accept({ token, ...body }).unwrap();
      setOutcome(done);
    } catch (error) {
      const apiError = toApiError(error);
      toast(onError(apiError));
      if (apiError.code === 'INVITATION_NOT_FOUND') setOutcome('not-found');
      if (apiError.code === 'INVITATION_ACCOUNT_EXISTS') setOutcome('account-exists');
    }
  };

  if (outcome === 'account-created') {
    return (
      <InvitationCard title="Welcome, reviewer" icon={CheckCircle2} iconClassName="text-green-600" description={invitationPageText.created}>
        <p className="text-center text-sm text-slate-700">Sign in with {invited} and the password you chose.</p>
        <LinkButton to={paths.auth.getHref()}>Sign In</LinkButton>
      </InvitationCard>
    );
  }
  if (outcome === 'role-added') {
    return (
      <InvitationCard
        title="Invitation accepted"
        icon={CheckCircle2}
        iconClassName="text-green-600"
        description={`You are now a reviewer for ${journal.name}.`}
      >
        <LinkButton to={paths.reviewerDashboard.getHref()}>Go to Reviewer Dashboard</LinkButton>
      </InvitationCard>
    );
  }
  return (
    <ValidInvitation
      check={check}
      viewer={viewer}
      accountExists={check.accountExists || outcome === 'account-exists'}
      isAccepting={isAccepting}
      onCreateAccount={(values) => void run(values, createAccountErrorToast, 'account-created')}
      onAddRole={() => void run({}, acceptErrorToast, 'role-added')}
    />
  );
}

interface ValidInvitationProps {
  check: Extract<InvitationCheck, { state: 'valid' }>;
  viewer: InvitationViewer;
  accountExists: boolean;
  isAccepting: boolean;
  onCreateAccount: (values: ReviewerSignUp) => void;
  onAddRole: () => void;
}

function ValidInvitation({ check, viewer, accountExists, isAccepting, onCreateAccount, onAddRole }: ValidInvitationProps) {
  // Sign-in comes back to this invitation (its token in the address), where the signed-in invitee accepts it.
  const location = useLocation();
  const signInAndReturn = paths.auth.getHref(`${location.pathname}${location.search}${location.hash}`);
  const invited = check.email;
  if (viewer.status === 'authenticated' && viewer.email !== null && !sameAddress(viewer.email, invited)) {
    return (
      <InvitationCard
        title="Invitation for another account"
        icon={ShieldAlert}
        iconClassName="text-amber-600"
        description={`This invitation is for ${invited}, but you are signed in as ${viewer.email}.`}
      >
        <p className="text-center text-sm text-slate-700">
          Sign out, then open this invitation link again to accept it as {invited}.
        </p>
        <ReturnHome />
      </InvitationCard>
    );
  }
  if (viewer.status === 'authenticated') {
    return (
      <InvitationCard
        title="Reviewer Invitation"
        icon={UserCheck}
        description={`You are signed in as ${invited}. Accept the invitation to review for ${journal.name}.`}
      >
        <Button isLoading={isAccepting} className="w-full" onClick={onAddRole}>
          Accept Invitation
        </Button>
      </InvitationCard>
    );
  }
  if (accountExists) {
    return (
      <InvitationCard
        title="You already have an account"
        icon={UserCheck}
        description={`An account for ${invited} already exists.`}
      >
        <p className="text-center text-sm text-slate-700">Sign in with it: you come back to this invitation to accept it.</p>
        <LinkButton to={signInAndReturn}>Sign In</LinkButton>
      </InvitationCard>
    );
  }
  return (
    <InvitationCard
      title="Reviewer Invitation"
      icon={UserPlus}
      description={`You have been invited to review for ${journal.name}. Create your account to accept.`}
    >
      <AcceptInvitationForm email={invited} isSubmitting={isAccepting} onSubmit={onCreateAccount} />
    </InvitationCard>
  );
}

function NotFound() {
  return (
    <InvitationCard
      title={invitationPageText.notFoundTitle}
      icon={MailQuestion}
      iconClassName="text-slate-500"
      description={invitationPageText.notFoundDescription}
    >
      <ReturnHome />
    </InvitationCard>
  );
}
