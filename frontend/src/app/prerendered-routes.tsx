import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { Landing } from '@/pages/home/landing';
import { paths } from '@/shared/config/paths';

/**
 * Hints React's server renderer writes before the markup for the images it meets (the issue
 * covers): inside #root they would fetch the covers ahead of the app's own scripts.
 */
const LEADING_RESOURCE_HINTS = /^(?:<link rel="preload"[^>]*\/?>)+/;

/**
 * What the server puts inside #root for the pages that need no API to show themselves (backend
 * common/web/web-app-shell.ts), run at build time (build/prerendered-routes.ts): for readers and
 * crawlers that run no JavaScript. The app renders with createRoot (main.tsx), which replaces
 * it. The landing page as a visitor sees it, under the content's journal name, as the app
 * shows it; its dates in the journal's default style, since the build knows no JOURNAL_LOCALE.
 */
export function prerenderedRoutes(): Record<string, string> {
  const landing = renderToStaticMarkup(
    <MemoryRouter>
      <main>
        <Landing signedIn={false} />
      </main>
    </MemoryRouter>,
  );
  return { [paths.home.path]: landing.replace(LEADING_RESOURCE_HINTS, '') };
}
