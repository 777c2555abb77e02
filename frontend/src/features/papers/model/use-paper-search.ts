import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ALL_CATEGORIES, paperCategories } from '@/shared/lib/paper-categories';

/** How long typing pauses before the search runs (and the URL changes). */
export const SEARCH_DEBOUNCE_MS = 300;

function readCategory(value: string | null): string {
  return value !== null && (paperCategories as readonly string[]).includes(value) ? value : '';
}

/**
 * The /papers search lives in the URL (`?q=...&category=...`) so it can be shared and the back
 * button restores it. The text box has its own draft that reaches the URL after a pause.
 */
export function usePaperSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const category = readCategory(searchParams.get('category'));

  const [draft, setDraft] = useState(q);
  // Queries this hook itself put in the URL and has not seen arrive yet: their arrival must not
  // overwrite what the user typed meanwhile. Any other URL change (back button, a link) does.
  const [committing, setCommitting] = useState<readonly string[]>([]);
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    const ownCommit = committing.indexOf(q);
    if (ownCommit >= 0) {
      setCommitting(committing.slice(ownCommit + 1));
    } else {
      setDraft(q);
      setCommitting([]);
    }
  }

  useEffect(() => {
    if (draft.trim() === q) return;
    const timer = setTimeout(() => {
      setCommitting((pending) => [...pending, draft.trim()]);
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        if (draft.trim()) next.set('q', draft.trim());
        else next.delete('q');
        return next;
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, q, setSearchParams]);

  const setCategory = (value: string) => {
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value && value !== ALL_CATEGORIES) next.set('category', value);
      else next.delete('category');
      return next;
    });
  };

  return { q, category, draft, setDraft, setCategory };
}
