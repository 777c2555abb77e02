/**
 * The licences a paper can be published under: the Creative Commons 4.0 family and CC0, by their
 * SPDX identifiers (spdx.org/licenses), which is also how a paper row records its licence. The
 * journal's default is CC BY 4.0, the licence open-access journals and funders expect; an
 * operator may choose another for new papers (JOURNAL_LICENSE). A published paper keeps the
 * licence it was published under, whatever the setting says later: a licence once granted to
 * readers cannot be taken back.
 */
export const LICENSES = {
  'CC-BY-4.0': { label: 'CC BY 4.0', name: 'Creative Commons Attribution 4.0 International', url: 'https://creativecommons.org/licenses/by/4.0/' },
  'CC-BY-SA-4.0': { label: 'CC BY-SA 4.0', name: 'Creative Commons Attribution-ShareAlike 4.0 International', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
  'CC-BY-NC-4.0': { label: 'CC BY-NC 4.0', name: 'Creative Commons Attribution-NonCommercial 4.0 International', url: 'https://creativecommons.org/licenses/by-nc/4.0/' },
  'CC-BY-NC-SA-4.0': {
    label: 'CC BY-NC-SA 4.0',
    name: 'Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International',
    url: 'https://creativecommons.org/licenses/by-nc-sa/4.0/',
  },
  'CC-BY-ND-4.0': { label: 'CC BY-ND 4.0', name: 'Creative Commons Attribution-NoDerivatives 4.0 International', url: 'https://creativecommons.org/licenses/by-nd/4.0/' },
  'CC-BY-NC-ND-4.0': {
    label: 'CC BY-NC-ND 4.0',
    name: 'Creative Commons Attribution-NonCommercial-NoDerivatives 4.0 International',
    url: 'https://creativecommons.org/licenses/by-nc-nd/4.0/',
  },
  'CC0-1.0': { label: 'CC0 1.0', name: 'Creative Commons Zero 1.0 Universal (public domain dedication)', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
} as const satisfies Record<string, { label: string; name: string; url: string }>;

export type LicenseId = keyof typeof LICENSES;
export const LICENSE_IDS = Object.keys(LICENSES) as [LicenseId, ...LicenseId[]];
export const DEFAULT_LICENSE: LicenseId = 'CC-BY-4.0';

/** A licence as pages, metadata and harvesters show it. */
export interface License {
  id: LicenseId;
  label: string;
  name: string;
  url: string;
}

export const licenseOf = (id: LicenseId): License => ({ id, ...LICENSES[id] });

export const isLicenseId = (value: string): value is LicenseId => Object.hasOwn(LICENSES, value);
