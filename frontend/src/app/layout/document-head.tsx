import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { canonicalUrl, descriptionOf, notFoundHead, pageHeads, pageTitle } from '@journal/web-shared/page-heads';
import { canonicalPath, routeMatcher } from '@journal/web-shared/route-patterns';
import { readJournalName, readPublicUrl } from '@/shared/config/server-config';
import { applyDocumentHead, type DocumentHeadTags } from '@/shared/lib/document-head';
import { OwnPageHeadContext, type OwnPageHeadAt } from '@/shared/lib/own-page-head';

/**
 * The head of the page at `pathname`, from the table the server serves pages with (page-heads.ts),
 * matched the way it matches them, so a page reached by a link is named as it would be if opened
 * directly. A page's own head (a loaded paper's) replaces its route's title and description.
 */
export function documentHeadOf(pathname: string, own: OwnPageHeadAt | null, journalName: string, publicUrl: string): DocumentHeadTags {
  const heads = pageHeads(journalName);
  const pattern = routeMatcher(heads.keys())(pathname);
  const head = (pattern === undefined ? undefined : heads.get(pattern)) ?? notFoundHead(journalName);
  const canonical = pattern !== undefined && head.indexable ? canonicalUrl(publicUrl, canonicalPath(pattern, pathname)) : null;
  if (own?.pathname === pathname) return { title: pageTitle(own.name, journalName), description: descriptionOf(own.description), canonical };
  return { title: head.title, description: head.description, canonical };
}

/** Keeps the document's title, description and canonical link those of the page shown, whatever the page. */
export function DocumentHead({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [own, setOwn] = useState<OwnPageHeadAt | null>(null);
  const [site] = useState(() => ({ journalName: readJournalName(), publicUrl: readPublicUrl() }));
  useEffect(() => {
    applyDocumentHead(documentHeadOf(pathname, own, site.journalName, site.publicUrl));
  }, [pathname, own, site]);
  return <OwnPageHeadContext value={setOwn}>{children}</OwnPageHeadContext>;
}
