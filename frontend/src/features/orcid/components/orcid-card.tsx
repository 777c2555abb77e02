import { CheckCircle2, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { type SessionUser, errorToast, toApiError } from '@/shared/api';
import { formatDate } from '@/shared/lib/format-date';
import { Button, Dialog, SectionCard, buttonClasses, useToast } from '@/shared/ui';
import { ORCID_START_PATHS, useUnlinkOrcidMutation } from '../api/orcid-api';
import { orcidProfileUrl, orcidToasts } from '../model/orcid-messages';
import { useOrcidSettings } from '../model/use-orcid-settings';
import { OrcidIcon } from './orcid-icon';
import { OrcidTestModeNote } from './orcid-test-mode-note';

const BENEFITS = [
  'Your work is credited to you, whatever name or school you publish under',
  'Editors and readers can tell you apart from other researchers with your name',
  'Your ORCID iD stays yours through school, university and beyond',
  'Sign in to the journal with ORCID instead of a password',
] as const;

type OrcidLink = Pick<SessionUser, 'orcidId' | 'orcidName' | 'orcidLinkedAt'>;

/** The dashboard's ORCID card: Linked (name, iD, date, View Profile, Unlink) or Not Linked (Connect ORCID iD and why). */
export function OrcidCard({ user }: { user: OrcidLink }) {
  const settings = useOrcidSettings();
  // Nothing to offer without ORCID; a linked iD is still shown, so the person knows it is there.
  if (!settings.enabled && !user.orcidId) return null;
  return (
    <SectionCard titleId="orcid-card-title" title="ORCID iD" icon={CheckCircle2} iconClassName="text-green-700" contentClassName="grid gap-4">
      {settings.testMode && <OrcidTestModeNote />}
      {user.orcidId ? <Linked orcidId={user.orcidId} name={user.orcidName} linkedAt={user.orcidLinkedAt} /> : <NotLinked />}
    </SectionCard>
  );
}

function Linked({ orcidId, name, linkedAt }: { orcidId: string; name: string | null; linkedAt: string | null }) {
  const [confirming, setConfirming] = useState(false);
  const [unlink, { isLoading }] = useUnlinkOrcidMutation();
  const { toast } = useToast();

  const onUnlink = async () => {
    try {
      await unlink().unwrap();
      setConfirming(false);
      toast(orcidToasts.unlinked);
    } catch (error) {
      toast(errorToast(toApiError(error), { title: 'Error', fallback: orcidToasts.unlinkFailed }));
    }
  };

  return (
    <>
      <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-800">
        <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
        Linked
      </p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {name && (
          <>
            <dt className="font-medium text-slate-600">Name</dt>
            <dd className="text-slate-900">{name}</dd>
          </>
        )}
        <dt className="font-medium text-slate-600">ORCID iD</dt>
        <dd className="font-mono text-slate-900">{orcidId}</dd>
        {linkedAt && (
          <>
            <dt className="font-medium text-slate-600">Linked on</dt>
            <dd className="text-slate-900">{formatDate(linkedAt)}</dd>
          </>
        )}
      </dl>
      <div className="flex flex-wrap gap-3">
        <a href={orcidProfileUrl(orcidId)} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'sm')}>
          View Profile
          <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          Unlink
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Unlink your ORCID iD?"
        description={`${orcidId} will no longer be linked to your account, and you will not be able to sign in with ORCID until you link it again.`}
      >
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Keep it linked
          </Button>
          <Button variant="destructive" isLoading={isLoading} onClick={() => void onUnlink()}>
            Unlink ORCID iD
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function NotLinked() {
  const [connecting, setConnecting] = useState(false);
  return (
    <>
      <p className="inline-flex w-fit rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700">Not Linked</p>
      <p className="text-sm text-slate-700">Link your ORCID iD, the free persistent identifier for researchers:</p>
      <ul className="grid list-disc gap-1 pl-5 text-sm text-slate-700">
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      {/* A full page load: the API keeps the flow's state and sends the browser on to ORCID. */}
      <a
        href={ORCID_START_PATHS.link}
        onClick={() => setConnecting(true)}
        aria-disabled={connecting || undefined}
        className={buttonClasses('primary', 'md', 'w-fit')}
      >
        <OrcidIcon />
        {connecting ? 'Connecting...' : 'Connect ORCID iD'}
      </a>
    </>
  );
}
