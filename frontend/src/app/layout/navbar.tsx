import { BookOpen, Menu, X } from 'lucide-react';
import { Suspense, lazy, useId, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useSession } from '@/features/auth';
import { type Role } from '@/shared/api';
import { journal } from '@/shared/content/journal';
import { paths } from '@/shared/config/paths';
import { cn } from '@/shared/lib/cn';

// Signed in only, and it signs out through the API: loaded with the API, off a visitor's page.
const UserMenu = lazy(() => import('../api-parts').then((parts) => ({ default: parts.UserMenu })));

export interface NavItem {
  label: string;
  to: string;
}

type Audience = Role | 'visitor' | 'loading';

/** The spec's navigation bar, by who is looking. */
export function navItemsFor(audience: Audience): NavItem[] {
  const always: NavItem[] = [
    { label: 'Home', to: paths.home.getHref() },
    { label: 'Guidelines', to: paths.guidelines.getHref() },
    { label: 'Staff', to: paths.staff.getHref() },
  ];
  switch (audience) {
    case 'loading':
      return always;
    case 'visitor':
      return [
        ...always,
        { label: 'Published Papers', to: paths.papers.getHref() },
        { label: 'Sign In', to: paths.auth.getHref() },
      ];
    case 'user':
      return [
        ...always,
        { label: 'Submit Paper', to: paths.submit.getHref() },
        { label: 'My Submissions', to: paths.mySubmissions.getHref() },
      ];
    case 'reviewer':
      return [...always, { label: 'Reviewer Dashboard', to: paths.reviewerDashboard.getHref() }];
    case 'admin':
      return [...always, { label: 'Admin', to: paths.admin.getHref() }];
  }
}

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

export function Navbar() {
  const { status, role } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  const audience: Audience = status === 'loading' ? 'loading' : (role ?? 'visitor');
  const items = navItemsFor(audience);
  const signedIn = status === 'authenticated';
  // A visitor's bar fits in one line from 768px. Signed in, it also holds the e-mail (shown whole)
  // and Sign Out, so it is laid out in the bar from 1280px, with the journal's short name until
  // 1536px, and in the menu below that.
  const layout = signedIn
    ? { bar: 'hidden xl:flex', account: 'hidden min-w-0 xl:block', toggle: 'xl:hidden', name: 'hidden 2xl:inline', shortName: '2xl:hidden' }
    : { bar: 'hidden md:flex', account: 'hidden md:block', toggle: 'md:hidden', name: 'hidden sm:inline', shortName: 'sm:hidden' };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home.getHref()} className="flex shrink-0 items-center gap-2 font-semibold text-slate-900">
          <BookOpen className="h-6 w-6 text-indigo-600" aria-hidden="true" />
          <span className={layout.name}>{journal.name}</span>
          {/* The short name is what shows; the full one follows for screen readers, so the link's
              name starts with its visible words. */}
          <span className={layout.shortName}>
            <abbr title={journal.name} className="no-underline">
              {journal.shortName}
            </abbr>
            <span className="sr-only"> {journal.name}</span>
          </span>
        </Link>

        <ul className={cn('shrink-0 items-center gap-1', layout.bar)}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className={linkClasses}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className={layout.account}>
          {signedIn && (
            <Suspense fallback={null}>
              <UserMenu />
            </Suspense>
          )}
        </div>

        <button
          type="button"
          className={cn(
            'inline-flex items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
            layout.toggle,
          )}
          aria-label="Toggle navigation menu"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
        </button>
      </nav>

      {menuOpen && (
        <div id={menuId} className={cn('border-t border-slate-200 bg-white px-4 pb-4 pt-2', layout.toggle)}>
          <ul className="grid gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  className={(state) => cn(linkClasses(state), 'block')}
                  onClick={() => setMenuOpen(false)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {signedIn && (
            <div className="mt-3 border-t border-slate-200 pt-3">
              <Suspense fallback={null}>
                <UserMenu />
              </Suspense>
            </div>
          )}
        </div>
      )}
    </header>
  );
}
