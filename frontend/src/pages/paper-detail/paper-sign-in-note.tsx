import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/shared/config/paths';

/** Under a visitor's 'paper not found': signing in from here comes back to this address, query and anchor too. */
export function PaperSignInNote() {
  const { pathname, search, hash } = useLocation();
  return (
    <p className="mt-3 text-sm">
      If this paper is yours or you were sent here by an e-mail,{' '}
      <Link to={paths.auth.getHref(`${pathname}${search}${hash}`)} className="font-medium underline hover:text-red-950">
        sign in
      </Link>{' '}
      to see it.
    </p>
  );
}
