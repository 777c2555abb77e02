// What of the app shell works through the API: loaded on demand (store.ts connectApi, and the
// provider and navbar once there is a session), so that a visitor's landing page needs none of it.
export { SessionKeeper, UserMenu, sessionReducerWithApi } from '@/features/auth';
export { baseApi as api } from '@/shared/api';
export { setupListeners } from '@reduxjs/toolkit/query';
