import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider';
import { routes } from './routes';
import { setupStore } from './store';

export function App() {
  const [store] = useState(() => setupStore());
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
