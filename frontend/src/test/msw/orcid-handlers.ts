import { HttpResponse, http } from 'msw';
import { type ApiErrorBody } from '@/shared/api';
import { db, sessionUser } from './db';

// docs/api.md "ORCID": only unlinking is a request; the flows are navigations the browser makes.
export const orcidHandlers = [
  http.delete('*/api/orcid/link', () => {
    const user = db.accessExpired ? null : sessionUser();
    if (!user) {
      return HttpResponse.json<ApiErrorBody>({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Authentication required' }, { status: 401 });
    }
    Object.assign(user, { orcidId: null, orcidName: null, orcidLinkedAt: null });
    return new HttpResponse(null, { status: 204 });
  }),
];
