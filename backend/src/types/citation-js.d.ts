// Citation.js (citation-js.org) ships no type declarations. These cover only what
// modules/papers/citations/ uses of it; the plugins are imported for their side effect (they
// register their formats with the core).

declare module '@citation-js/core' {
  /** A CSL-JSON name: parsed into parts, or kept whole as `literal`. */
  export interface CslName {
    family?: string;
    given?: string;
    literal?: string;
    suffix?: string;
    'non-dropping-particle'?: string;
    'dropping-particle'?: string;
  }

  /** A CSL-JSON item (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html). */
  export interface CslItem {
    id: string;
    type: string;
    title?: string;
    author?: CslName[];
    issued?: { 'date-parts': number[][] };
    'container-title'?: string;
    publisher?: string;
    URL?: string;
    ISSN?: string;
    /** Without a resolver: `10.12345/ysj.2026.00042`. */
    DOI?: string;
    /** Comma-separated, as Citation.js reads and writes it. */
    keyword?: string;
  }

  export interface BibliographyOptions {
    format: 'text' | 'html';
    /** A CSL style registered with the @csl plugin (apa is built in). */
    template: string;
    lang?: string;
  }

  export class Cite {
    constructor(data: unknown);
    readonly data: CslItem[];
    format(format: 'bibliography', options: BibliographyOptions): string;
    format(format: 'bibtex' | 'biblatex' | 'ris', options?: { format?: 'text' }): string;
    /** RIS as one object of tags per item (`TY`, `AU`, `TI`…), a list for repeated tags. */
    format(format: 'ris', options: { format: 'object' }): Record<string, string | string[]>[];
    /** BibTeX before it becomes text: the type, the label and each field's value, already escaped for TeX. */
    format(format: 'bibtex', options: { format: 'object' }): { type: string; label: string; properties: Record<string, string> }[];
  }

  export const plugins: {
    config: { get(plugin: '@csl'): { styles: { add(name: string, xml: string): void; has(name: string): boolean } } };
    input: { util: { clean(items: readonly object[]): CslItem[] } };
  };
}

declare module '@citation-js/plugin-csl';
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';

/** Where @citation-js/plugin-csl keeps a built engine per style and locale (read by a test of warmCitationStyles). */
declare module '@citation-js/plugin-csl/lib/engines.js' {
  /** The kept engine of the style and locale, or a new one built from `styleXml` (which throws on an empty one). */
  export function fetchEngine(style: string, locale: string, styleXml: string, retrieveItem: (id: string) => unknown, retrieveLocale: (locale: string) => unknown): unknown;
}
