/** A DOI as a link (doi.org, the form Crossref asks journals to display). */
export const doiUrl = (doi: string): string => `https://doi.org/${doi}`;
