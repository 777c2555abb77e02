import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useToast } from '@/shared/ui';

/**
 * Says how an ORCID flow ended when the API sends the browser back with `?orcid=…`, then clears
 * the parameters so a reload or a shared link does not say it again. Mounted once, in the layout:
 * the result may arrive on any landing page.
 */
export function OrcidResultNotice() {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const { toast } = useToast();

  useEffect(() => {
    // Almost no page carries a result: the words (with the API's error texts) load for one that does.
    if (!params.has('orcid')) return;
    let active = true;
    void import('../model/orcid-messages').then(({ ORCID_RESULT_PARAMS, orcidResultToast, readOrcidResult }) => {
      const result = active ? readOrcidResult(params, pathname) : null;
      if (!result) return;
      toast(orcidResultToast(result));
      setParams(
        (current) => {
          const cleaned = new URLSearchParams(current);
          for (const key of ORCID_RESULT_PARAMS) cleaned.delete(key);
          return cleaned;
        },
        { replace: true },
      );
    });
    return () => {
      active = false;
    };
  }, [params, pathname, toast, setParams]);

  return null;
}
