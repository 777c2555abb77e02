import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config.js';

/** The id of the JSON block the web app reads its server-decided settings from (shared/config/server-config.ts). */
export const CLIENT_CONFIG_ELEMENT_ID = 'journal-config';

/** What the web app must know of the server's configuration before it renders: the limits it checks and states, and what it offers. */
export interface ClientConfig {
  uploads: { maxPdfBytes: number; maxImageBytes: number; maxImages: number };
  /**
   * `enabled`: ORCID sign-in and linking work (ORCID_* configured); without it the buttons are
   * hidden. `testMode`: not the production registry (the sandbox, or the local stand-in that
   * `npm start` runs), labelled as such like the test payment provider.
   */
  orcid: { enabled: boolean; testMode: boolean };
}

export function clientConfigOf(config: AppConfig): ClientConfig {
  const { maxPdfBytes, maxImageBytes, maxImages } = config.uploads;
  return {
    uploads: { maxPdfBytes, maxImageBytes, maxImages },
    orcid: { enabled: config.orcid !== null, testMode: config.orcid?.testMode ?? false },
  };
}

/**
 * A data block, not a script: the browser never runs it, so the Content-Security-Policy has nothing
 * to allow. `<` is escaped so no value can close the element.
 */
export function clientConfigElement(clientConfig: ClientConfig): string {
  const json = JSON.stringify(clientConfig).replace(/</g, '\\u003c');
  return `<script id="${CLIENT_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/**
 * The built web app's index.html with the server's settings in its head, so the limits the
 * browser checks and the texts that state them are the configured ones (UPLOAD_MAX_*), and the
 * ORCID buttons show only when ORCID_* is configured, written once on the server. Null when the
 * web app is not built.
 */
export function readWebAppShell(config: AppConfig): string | null {
  const file = join(config.web.distDir, 'index.html');
  if (!existsSync(file)) return null;
  const html = readFileSync(file, 'utf8');
  const headEnd = html.search(/<\/head>/i);
  const element = clientConfigElement(clientConfigOf(config));
  return headEnd < 0 ? `${element}${html}` : `${html.slice(0, headEnd)}  ${element}\n  ${html.slice(headEnd)}`;
}
