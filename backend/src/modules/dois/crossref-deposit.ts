/**
 * A published paper's Crossref deposit (issue 17): the XML an editor uploads to Crossref to
 * register the paper's DOI, in Crossref's schema 5.3.1 (www.crossref.org/documentation/schema-library).
 * A pure function of the paper and the journal's settings; nothing is sent from here.
 */
import type { License } from '../../config/licenses.js';
import { authorOf } from '../catalogue/citations/paper-citation.js';
import { escapeMarkup } from '../catalogue/markup.js';

export const CROSSREF_SCHEMA_VERSION = '5.3.1';
const CROSSREF_NAMESPACE = `http://www.crossref.org/schema/${CROSSREF_SCHEMA_VERSION}`;
const CROSSREF_SCHEMA_LOCATION = `https://www.crossref.org/schemas/crossref${CROSSREF_SCHEMA_VERSION}.xsd`;

export interface DepositedPaper {
  id: string;
  doi: string;
  title: string;
  authors: readonly { name: string; school: string | null }[];
  abstract: string;
  /** The publication date the journal displays (ISO 8601). */
  publishedAt: string;
  license: License;
  /** The page's and the PDF's absolute URLs (the PDF's null without a file). */
  pageUrl: string;
  pdfUrl: string | null;
}

export interface DepositingJournal {
  name: string;
  shortName: string;
  issn: string | null;
  depositorName: string;
  depositorEmail: string;
}

/** Crossref's batch timestamp: a number that grows with each deposit of the same DOI (here yyyyMMddHHmmssSSS, UTC). */
export function depositTimestamp(now: Date): string {
  return now.toISOString().replace(/\D/g, '').slice(0, 17);
}

/** An author as Crossref names people: given name and surname; a name the parser cannot split is all surname. */
function personName(name: string, school: string | null, index: number): string {
  const parts = authorOf(name);
  const surname = parts.family ? [parts['non-dropping-particle'], parts.family].filter(Boolean).join(' ') : (parts.literal ?? name).trim();
  return [
    `<person_name sequence="${index === 0 ? 'first' : 'additional'}" contributor_role="author">`,
    ...(parts.given ? [`<given_name>${escapeMarkup(parts.given)}</given_name>`] : []),
    `<surname>${escapeMarkup(surname)}</surname>`,
    ...(school ? [`<affiliations><institution><institution_name>${escapeMarkup(school)}</institution_name></institution></affiliations>`] : []),
    '</person_name>',
  ].join('');
}

/** The deposit: one journal article, its DOI pointing at the paper's page, its licence for the version of record. */
export function crossrefDepositXml(paper: DepositedPaper, journal: DepositingJournal, now: Date): string {
  const published = new Date(paper.publishedAt);
  const two = (value: number) => String(value).padStart(2, '0');
  const timestamp = depositTimestamp(now);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<doi_batch version="${CROSSREF_SCHEMA_VERSION}" xmlns="${CROSSREF_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"` +
      ` xmlns:jats="http://www.ncbi.nlm.nih.gov/JATS1" xmlns:ai="http://www.crossref.org/AccessIndicators.xsd"` +
      ` xsi:schemaLocation="${CROSSREF_NAMESPACE} ${CROSSREF_SCHEMA_LOCATION}">`,
    '  <head>',
    `    <doi_batch_id>${escapeMarkup(`${paper.id}-${timestamp}`)}</doi_batch_id>`,
    `    <timestamp>${timestamp}</timestamp>`,
    `    <depositor><depositor_name>${escapeMarkup(journal.depositorName)}</depositor_name><email_address>${escapeMarkup(journal.depositorEmail)}</email_address></depositor>`,
    `    <registrant>${escapeMarkup(journal.name)}</registrant>`,
    '  </head>',
    '  <body>',
    '    <journal>',
    '      <journal_metadata language="en">',
    `        <full_title>${escapeMarkup(journal.name)}</full_title>`,
    `        <abbrev_title>${escapeMarkup(journal.shortName)}</abbrev_title>`,
    ...(journal.issn ? [`        <issn media_type="electronic">${escapeMarkup(journal.issn)}</issn>`] : []),
    '      </journal_metadata>',
    '      <journal_article publication_type="full_text" language="en">',
    `        <titles><title>${escapeMarkup(paper.title)}</title></titles>`,
    ...(paper.authors.length > 0 ? [`        <contributors>${paper.authors.map((author, index) => personName(author.name, author.school, index)).join('')}</contributors>`] : []),
    `        <jats:abstract><jats:p>${escapeMarkup(paper.abstract)}</jats:p></jats:abstract>`,
    `        <publication_date media_type="online"><month>${two(published.getUTCMonth() + 1)}</month><day>${two(published.getUTCDate())}</day><year>${published.getUTCFullYear()}</year></publication_date>`,
    '        <ai:program name="AccessIndicators">',
    '          <ai:free_to_read/>',
    `          <ai:license_ref applies_to="vor">${escapeMarkup(paper.license.url)}</ai:license_ref>`,
    '        </ai:program>',
    '        <doi_data>',
    `          <doi>${escapeMarkup(paper.doi)}</doi>`,
    `          <resource>${escapeMarkup(paper.pageUrl)}</resource>`,
    ...(paper.pdfUrl
      ? [`          <collection property="text-mining"><item><resource mime_type="application/pdf">${escapeMarkup(paper.pdfUrl)}</resource></item></collection>`]
      : []),
    '        </doi_data>',
    '      </journal_article>',
    '    </journal>',
    '  </body>',
    '</doi_batch>',
    '',
  ].join('\n');
}
