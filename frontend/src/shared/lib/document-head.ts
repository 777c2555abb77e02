// The head tags search engines and browsers name a page by. The server writes them into the page
// it serves (backend common/web/web-app-shell.ts); after a client-side navigation the same
// elements are rewritten here, not added beside, so a page never carries two titles,
// descriptions or canonical links, one of them the last page's.

export interface DocumentHeadTags {
  title: string;
  description: string;
  /** The page's canonical address, or null for a page crawlers do not index (its link is removed). */
  canonical: string | null;
}

export function applyDocumentHead(tags: DocumentHeadTags, doc: Document = document): void {
  doc.title = tags.title;
  const description = doc.head.querySelector<HTMLMetaElement>('meta[name="description"]') ?? doc.head.appendChild(doc.createElement('meta'));
  description.name = 'description';
  description.content = tags.description;
  const canonical = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (tags.canonical === null) {
    canonical?.remove();
  } else {
    const link = canonical ?? doc.head.appendChild(doc.createElement('link'));
    link.rel = 'canonical';
    link.href = tags.canonical;
  }
}
