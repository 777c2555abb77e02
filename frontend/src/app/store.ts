import { type Dispatch, type WithSlice, combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { sessionSlice } from '@/features/auth';
import { type baseApi } from '@/shared/api';
import { toastSlice } from '@/shared/ui';
import type * as ApiParts from './api-parts';

// The API (RTK Query, every feature's endpoints) joins the store when a page or a session first
// needs it (connectApi), so a visitor's landing page loads none of it.
const rootReducer = combineSlices(sessionSlice, toastSlice).withLazyLoadedSlices<WithSlice<typeof baseApi>>();
const dynamicMiddleware = createDynamicMiddleware();

export type RootState = ReturnType<typeof rootReducer>;

export function setupStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(dynamicMiddleware.middleware),
  });
  listenForRefetch(store.dispatch);
  return store;
}

let parts: typeof ApiParts | undefined;
let connecting: Promise<void> | undefined;
const awaitingListeners: Dispatch[] = [];

/** RTK Query's focus and reconnect listeners (refetchOnFocus), set up once the API is there. */
function listenForRefetch(dispatch: Dispatch) {
  if (parts) parts.setupListeners(dispatch);
  else awaitingListeners.push(dispatch);
}

/**
 * Loads the API and plugs it into every store (its reducer and middleware, and the session
 * reducer that reads its answers), once; resolves when hooks of any endpoint may run.
 */
export function connectApi(): Promise<void> {
  connecting ??= import('./api-parts').then((loaded) => {
    const { api, sessionReducerWithApi, setupListeners } = loaded;
    rootReducer.inject(api);
    rootReducer.inject({ reducerPath: sessionSlice.reducerPath, reducer: sessionReducerWithApi }, { overrideExisting: true });
    dynamicMiddleware.addMiddleware(api.middleware);
    parts = loaded;
    awaitingListeners.splice(0).forEach((dispatch) => setupListeners(dispatch));
  });
  return connecting;
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
