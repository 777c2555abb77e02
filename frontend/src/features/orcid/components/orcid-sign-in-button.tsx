import { RETURN_PATH_PARAM, safeReturnPath } from '@journal/web-shared/return-path';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { buttonClasses } from '@/shared/ui';
import { ORCID_START_PATHS } from '../api/orcid-api';
import { useOrcidSettings } from '../model/use-orcid-settings';
import { OrcidIcon } from './orcid-icon';
import { OrcidTestModeNote } from './orcid-test-mode-note';

/**
 * /auth's 'Sign in with ORCID': a full page load to the API, which sends the browser on to ORCID
 * and, signed in, back to the page /auth was asked to return to (`next`). Hidden while ORCID is off.
 */
export function OrcidSignInButton() {
  const settings = useOrcidSettings();
  const [leaving, setLeaving] = useState(false);
  const returnTo = safeReturnPath(useSearchParams()[0].get(RETURN_PATH_PARAM));
  const href = returnTo ? `${ORCID_START_PATHS.signIn}?${RETURN_PATH_PARAM}=${encodeURIComponent(returnTo)}` : ORCID_START_PATHS.signIn;
  if (!settings.enabled) return null;
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <a
        href={href}
        onClick={() => setLeaving(true)}
        aria-disabled={leaving || undefined}
        className={buttonClasses('outline', 'md', 'w-full')}
      >
        <OrcidIcon />
        {leaving ? 'Connecting...' : 'Sign in with ORCID'}
      </a>
      {settings.testMode && <OrcidTestModeNote />}
    </div>
  );
}
