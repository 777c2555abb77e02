import { BookOpen, Menu, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { UserMenu, useSession } from '@/features/auth';
import { type Role } from '@/shared/api';
import { journal } from '@/shared/content/journal';
import { paths } from '@/shared/config/paths';
import { cn } from '@/shared/lib/cn';

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
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
    isActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

export function Navbar() {
  const { status, role } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  const audience: Audience = status === 'loading' ? 'loading' : (role ?? 'visitor');
  const items = navItemsFor(audience);
  const signedIn = status === 'authenticated';

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home.getHref()} className="flex items-center gap-2 font-semibold text-slate-900" aria-label={journal.name}>
          <BookOpen className="h-6 w-6 text-indigo-600" aria-hidden="true" />
          <span className="hidden sm:inline">{journal.name}</span>
          <span className="sm:hidden">{journal.shortName}</span>
        </Link>

        <ul className="hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className={linkClasses}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="hidden md:block">{signedIn && <UserMenu />}</div>

        <button
          type="button"
          className="inline-flex items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 md:hidden"
          aria-label="Toggle navigation menu"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
        </button>
      </nav>

      {menuOpen && (
        <div id={menuId} className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 md:hidden">
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
              <UserMenu />
            </div>
          )}
        </div>
      )}
    </header>
  );
}
