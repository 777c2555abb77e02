import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '@/features/auth';
import { paths } from '@/shared/config/paths';
import { useToast } from '@/shared/ui';

/** Inside RequireAuth: a signed-in user without the admin role is sent home with 'Access Denied'. */
export function RequireAdmin() {
  const { hasRole } = useSession();
  const { toast } = useToast();
  const denied = !hasRole('admin');

  useEffect(() => {
    if (denied) {
      toast({
        title: 'Access Denied',
        description: "You don't have permission to access the admin panel.",
        variant: 'destructive',
      });
    }
  }, [denied, toast]);

  return denied ? <Navigate to={paths.home.getHref()} replace /> : <Outlet />;
}
