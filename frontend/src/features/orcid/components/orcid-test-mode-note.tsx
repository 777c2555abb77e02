import { FlaskConical } from 'lucide-react';

/** Said wherever ORCID is offered while it is not the real registry (the sandbox or the local stand-in). */
export function OrcidTestModeNote() {
  return (
    <p role="note" className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
      <FlaskConical className="h-4 w-4 shrink-0" aria-hidden="true" />
      Test mode: ORCID here is a test registry; no real ORCID record is read or changed.
    </p>
  );
}
