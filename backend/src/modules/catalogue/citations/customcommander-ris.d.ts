// @customcommander/ris ships no type declarations. These cover only what paper-citation.spec.ts
// reads with it: records as its README describes them.

declare module '@customcommander/ris' {
  /** An AU (or A1–A4) line, split as "Last, First, Suffix". */
  export interface RisName {
    last_name: string;
    first_name: string;
    suffix: string;
    initials: string;
  }

  /** A DA line, split as the specification's YYYY/MM/DD/other; each part as written, empty when left out. */
  export interface RisDate {
    year: string;
    month: string;
    day: string;
    info: string;
  }

  /** One reference: each tag's values in file order, as text but for the tags split above. */
  export interface RisRecord {
    [tag: string]: unknown[] | undefined;
    AU?: RisName[];
    DA?: RisDate[];
  }

  /** The references of a RIS file, or null when it does not follow the grammar. */
  export function read(text: string): RisRecord[] | null;
}
