import type { PaperDetail } from '@/shared/api';

/** How a paper page names its licence, in the server-rendered page too (backend papers/paper-page-html.ts). */
export const LICENSE_SENTENCE = 'This paper is published open access under the';

/** The licence a published paper may be reused under, linked to its deed (rel="license", which indexers read). */
export function PaperLicense({ license }: { license: PaperDetail['license'] }) {
  return (
    <p className="border-t border-slate-200 pt-4 text-sm text-slate-700">
      {LICENSE_SENTENCE}{' '}
      <a rel="license" href={license.url} className="font-medium text-indigo-700 underline hover:text-indigo-900">
        {license.name} ({license.label})
      </a>
      .
    </p>
  );
}
