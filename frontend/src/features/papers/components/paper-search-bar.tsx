import { Search } from 'lucide-react';
import { useId } from 'react';
import { ALL_CATEGORIES, paperCategories } from '@/shared/lib/paper-categories';

interface PaperSearchBarProps {
  draft: string;
  onDraftChange: (value: string) => void;
  category: string;
  onCategoryChange: (value: string) => void;
}

const controlClasses =
  'block w-full rounded-md border border-slate-300 bg-white py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40';

export function PaperSearchBar({ draft, onDraftChange, category, onCategoryChange }: PaperSearchBarProps) {
  const searchId = useId();
  const categoryId = useId();
  return (
    <form role="search" className="flex flex-col gap-3 sm:flex-row" onSubmit={(event) => event.preventDefault()}>
      <div className="relative flex-1">
        <label htmlFor={searchId} className="sr-only">
          Search papers
        </label>
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <input
          id={searchId}
          type="search"
          value={draft}
          onChange={(event) => onDraftChange(event.target.value)}
          placeholder="Search papers, authors, or keywords..."
          className={`${controlClasses} pl-9 pr-3`}
        />
      </div>
      <div className="sm:w-60">
        <label htmlFor={categoryId} className="sr-only">
          Category
        </label>
        <select
          id={categoryId}
          value={category || ALL_CATEGORIES}
          onChange={(event) => onCategoryChange(event.target.value)}
          className={`${controlClasses} px-3`}
        >
          <option value={ALL_CATEGORIES}>{ALL_CATEGORIES}</option>
          {paperCategories.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
