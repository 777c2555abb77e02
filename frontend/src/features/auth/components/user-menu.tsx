import { ChevronDown, LogOut } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/shared/ui';
import { useSession } from '../model/use-session';
import { useSignOut } from '../model/use-sign-out';

/** The signed-in user's e-mail, Sign Out, and a small menu with "Sign out everywhere". */
export function UserMenu() {
  const { user } = useSession();
  const { signOut, isSigningOut } = useSignOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  if (!user) return null;

  return (
    <div ref={containerRef} className="relative flex flex-wrap items-center gap-2">
      {/* Shown whole: an address too long for the line breaks rather than being cut off. */}
      <span className="min-w-0 break-all text-sm text-slate-600">{user.email}</span>
      <Button variant="outline" size="sm" isLoading={isSigningOut} onClick={() => void signOut('device')}>
        {!isSigningOut && <LogOut className="h-4 w-4" aria-hidden="true" />}
        Sign Out
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Account options"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={isSigningOut}
        onClick={() => setOpen((value) => !value)}
        className="px-2"
      >
        <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </Button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 top-full z-40 mt-2 w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <button
            type="button"
            className="w-full rounded px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            onClick={() => {
              setOpen(false);
              void signOut('everywhere');
            }}
          >
            Sign out everywhere
          </button>
        </div>
      )}
    </div>
  );
}
