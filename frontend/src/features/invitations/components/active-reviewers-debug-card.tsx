import { Bug } from 'lucide-react';
import { type ReviewerOverview } from '@/shared/api';
import { formatDate } from '@/shared/lib/format-date';
import { personName } from '@/shared/lib/person-name';
import { Button, SectionCard, Spinner, useToast } from '@/shared/ui';
import { useCreateMissingRolesMutation, useGetReviewerOverviewQuery } from '../api/invitations-api';
import { invitationToasts } from '../model/invitation-messages';

const countLabels: ReadonlyArray<{ key: keyof ReviewerOverview['counts']; label: string }> = [
  { key: 'acceptedInvitations', label: 'Accepted invitations' },
  { key: 'activeReviewers', label: 'Active reviewers' },
  { key: 'withProfiles', label: 'With profiles' },
  { key: 'withoutProfiles', label: 'Without profiles' },
  { key: 'missingRoles', label: 'Missing roles' },
];

/** Why an invited reviewer is not yet assignable: no account, or an account without the role. */
export function ActiveReviewersDebugCard() {
  const { data, isLoading, isError } = useGetReviewerOverviewQuery();
  const [createMissingRoles, { isLoading: isCreating }] = useCreateMissingRolesMutation();
  const { toast } = useToast();

  const onCreateMissingRoles = async () => {
    try {
      await createMissingRoles().unwrap();
      toast(invitationToasts.rolesCreated);
    } catch {
      toast(invitationToasts.rolesFailed);
    }
  };

  return (
    <SectionCard
      title="Active Reviewers Debug"
      icon={Bug}
      description="Reviewers who accepted an invitation, and what keeps any of them from being assigned papers."
      contentClassName="grid gap-6"
    >
      {isLoading ? (
        <Spinner label="Loading reviewers" />
      ) : isError || !data ? (
        <p className="text-sm text-red-800">The reviewer counts could not be loaded.</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {countLabels.map(({ key, label }) => (
              <div key={key} className="rounded-lg border border-slate-200 p-3">
                <dt className="text-sm font-medium text-slate-600">{label}</dt>
                <dd className="mt-1 text-2xl font-bold text-slate-900">{data.counts[key]}</dd>
              </div>
            ))}
          </dl>

          <section aria-labelledby="without-accounts-title" className="grid gap-2">
            <h3 id="without-accounts-title" className="text-sm font-semibold text-slate-800">
              Reviewers without accounts
            </h3>
            {data.acceptedWithoutAccount.length === 0 ? (
              <p className="text-sm text-slate-600">Every accepted invitation has an account.</p>
            ) : (
              <ul aria-labelledby="without-accounts-title" className="grid gap-1 text-sm">
                {data.acceptedWithoutAccount.map((row) => (
                  <li key={row.email} className="flex flex-wrap justify-between gap-2">
                    <span className="break-all text-slate-900">{row.email}</span>
                    <span className="text-slate-600">Accepted {formatDate(row.acceptedAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" isLoading={isCreating} onClick={() => void onCreateMissingRoles()}>
              Create Missing Roles
            </Button>
            <p className="text-sm text-slate-600">
              Gives the reviewer role to every account whose email has an accepted invitation.
            </p>
          </div>

          <section aria-labelledby="ready-reviewers-title" className="grid gap-2">
            <h3 id="ready-reviewers-title" className="text-sm font-semibold text-slate-800">
              Ready reviewers
            </h3>
            {data.readyReviewers.length === 0 ? (
              <p className="text-sm text-slate-600">No reviewer is ready for assignments yet.</p>
            ) : (
              <ul aria-labelledby="ready-reviewers-title" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {data.readyReviewers.map((reviewer) => (
                  <li key={reviewer.userId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span>
                      <span className="font-medium text-slate-900">{personName(reviewer)}</span>{' '}
                      <span className="break-all text-slate-600">{reviewer.email}</span>
                    </span>
                    <span className="text-slate-600">Accepted {formatDate(reviewer.acceptedAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </SectionCard>
  );
}
