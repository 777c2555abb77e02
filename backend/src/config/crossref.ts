/**
 * A Crossref DOI prefix: `10.` and the registrant code Crossref assigned, four to nine digits
 * (possibly with dotted sub-parts), e.g. `10.12345`.
 */
export const DOI_PREFIX_PATTERN = /^10\.\d{4,9}(\.\d+)*$/;
