import { createContext, useContext, useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * What a page says of itself once it has loaded it (a paper: its title and abstract), in place of
 * its route's general head (backend common/web-shared/page-heads.ts). `name` comes before the
 * journal's in the title; `description` is cut to a description's length.
 */
export interface OwnPageHead {
  name: string;
  description: string;
}

/** An own head with the address it belongs to, so that it never outlives its page. */
export interface OwnPageHeadAt extends OwnPageHead {
  pathname: string;
}

/** Set by the page showing its own head (useOwnPageHead), read by the layout that writes the head (app/layout/document-head.tsx). */
export const OwnPageHeadContext = createContext<(head: OwnPageHeadAt | null) => void>(() => undefined);

/** Names the page by `head` while it is shown; null (still loading, not found) leaves the route's head. */
export function useOwnPageHead(head: OwnPageHead | null): void {
  const setOwnHead = useContext(OwnPageHeadContext);
  const { pathname } = useLocation();
  const name = head?.name;
  const description = head?.description;
  useEffect(() => {
    if (name === undefined || description === undefined) return;
    setOwnHead({ pathname, name, description });
    return () => setOwnHead(null);
  }, [setOwnHead, pathname, name, description]);
}
