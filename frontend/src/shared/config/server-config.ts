// What the server decided and wrote into the page it served (backend common/web/web-app-shell.ts):
// read once, before the first render. Under `npm run dev` Vite serves the page without it, and in
// unit tests there is no server: then every setting is the spec's default.

import { type DateStyle, DEFAULT_DATE_STYLE, isKnownTimeZone, isSupportedLocale } from '@journal/web-shared/journal-dates';
import { journal } from '@/shared/content/journal';

export const SERVER_CONFIG_ELEMENT_ID = 'journal-config';

export interface UploadLimits {
  maxPdfBytes: number;
  maxImageBytes: number;
  maxImages: number;
}

/** The spec's numbers: 10 MB papers; 5 MB images, at most 5 a message. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxPdfBytes: 10 * 1024 * 1024, maxImageBytes: 5 * 1024 * 1024, maxImages: 5 };

/** The block as written, each setting still unchecked; a missing or unreadable block is empty. */
interface ServerConfigBlock {
  uploads?: Partial<Record<keyof UploadLimits, unknown>>;
  orcid?: Partial<Record<keyof OrcidSettings, unknown>>;
  journal?: { name?: unknown; issn?: unknown; dateStyle?: { locale?: unknown; timeZone?: unknown } };
  publicUrl?: unknown;
}

function readBlock(doc: Document | undefined): ServerConfigBlock {
  try {
    const text = doc?.getElementById(SERVER_CONFIG_ELEMENT_ID)?.textContent;
    const block: unknown = text ? JSON.parse(text) : null;
    return typeof block === 'object' && block !== null ? block : {};
  } catch {
    // A page without a readable block behaves as one without a block.
    return {};
  }
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The limits in the page's config block, each one checked; a missing or malformed value keeps its default. */
export function readUploadLimits(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): UploadLimits {
  const uploads = readBlock(doc).uploads ?? {};
  return {
    maxPdfBytes: isCount(uploads.maxPdfBytes) ? uploads.maxPdfBytes : DEFAULT_UPLOAD_LIMITS.maxPdfBytes,
    maxImageBytes: isCount(uploads.maxImageBytes) ? uploads.maxImageBytes : DEFAULT_UPLOAD_LIMITS.maxImageBytes,
    maxImages: isCount(uploads.maxImages) ? uploads.maxImages : DEFAULT_UPLOAD_LIMITS.maxImages,
  };
}

/** Whether the journal offers ORCID, and whether it is a test registry (the sandbox or the local stand-in). */
export interface OrcidSettings {
  enabled: boolean;
  testMode: boolean;
}

/** ORCID as the server configured it; without a block (npm run dev, unit tests) ORCID is off and its buttons hidden. */
export function readOrcidSettings(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): OrcidSettings {
  const orcid = readBlock(doc).orcid ?? {};
  return { enabled: orcid.enabled === true, testMode: orcid.testMode === true };
}

/** The journal's ISSN as the server configured it (JOURNAL_ISSN, checked there); null when none is (npm run dev, unit tests). */
export function readJournalIssn(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): string | null {
  const issn = readBlock(doc).journal?.issn;
  return typeof issn === 'string' && /^\d{4}-\d{3}[\dX]$/.test(issn) ? issn : null;
}

/**
 * How the journal writes dates (JOURNAL_LOCALE, JOURNAL_TIME_ZONE), so screens read as its e-mails
 * do; each value checked, a missing or unusable one is the default (en-US, UTC), as under npm run dev.
 */
export function readDateStyle(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): DateStyle {
  const style = readBlock(doc).journal?.dateStyle ?? {};
  return {
    locale: typeof style.locale === 'string' && isSupportedLocale(style.locale) ? style.locale : DEFAULT_DATE_STYLE.locale,
    timeZone: typeof style.timeZone === 'string' && isKnownTimeZone(style.timeZone) ? style.timeZone : DEFAULT_DATE_STYLE.timeZone,
  };
}

/** The journal's name as the server configured it (JOURNAL_NAME), which ends every page's title; the content's name without one (npm run dev, unit tests). */
export function readJournalName(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): string {
  const name = readBlock(doc).journal?.name;
  return typeof name === 'string' && name.trim() !== '' ? name : journal.name;
}

/**
 * PUBLIC_URL, where the pages' canonical links point (no trailing slash); without it (npm run
 * dev, unit tests), or with a value that is no http(s) address, this page's own origin.
 */
export function readPublicUrl(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): string {
  const url = readBlock(doc).publicUrl;
  if (typeof url === 'string' && /^https?:\/\/[^\s"'<>\\]+$/.test(url)) return url.replace(/\/+$/, '');
  return doc?.location?.origin ?? '';
}
