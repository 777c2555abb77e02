import type { License } from '../../config/licenses.js';
import type { PaperCardDto } from '../catalogue/dtos/paper.dto.js';
import { escapeMarkup } from '../catalogue/markup.js';
import { OAI_DC_PREFIX, type OaiError, oaiIdentifier } from './oai-pmh.protocol.js';

/**
 * The XML of OAI-PMH 2.0 answers, valid against OAI-PMH.xsd and oai_dc.xsd. Written as text like
 * the sitemap and the feed: every value from the database or the request goes through
 * `escapeMarkup`, which also drops the characters XML 1.0 forbids, so no title can break the document.
 */

export const OAI_NAMESPACE = 'http://www.openarchives.org/OAI/2.0/';
const OAI_SCHEMA = 'http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd';
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
export const OAI_DC_NAMESPACE = 'http://www.openarchives.org/OAI/2.0/oai_dc/';
export const OAI_DC_SCHEMA = 'http://www.openarchives.org/OAI/2.0/oai_dc.xsd';
const DC_NAMESPACE = 'http://purl.org/dc/elements/1.1/';
const OAI_IDENTIFIER_NAMESPACE = 'http://www.openarchives.org/OAI/2.0/oai-identifier';
const OAI_IDENTIFIER_SCHEMA = 'http://www.openarchives.org/OAI/2.0/oai-identifier.xsd';

/** The first datestamp Identify names when nothing is published yet: any instant before the first paper is true. */
export const EPOCH_DATESTAMP = '1970-01-01T00:00:00Z';

/** The COAR/eu-repo vocabulary OpenAIRE and BASE read from dc:type and dc:rights. */
const EU_REPO_ARTICLE = 'info:eu-repo/semantics/article';
const EU_REPO_OPEN_ACCESS = 'info:eu-repo/semantics/openAccess';

const text = escapeMarkup;
const element = (name: string, value: string) => `<${name}>${text(value)}</${name}>`;

/** The journal as the records name it. */
export interface OaiJournal {
  name: string;
  issn: string | null;
  publicUrl: string;
}

/** One published paper, as the journal shows it (the card, after the display rules) and with its header's datestamp. */
export interface OaiRecord {
  card: PaperCardDto;
  /** At seconds granularity (formatDatestamp). */
  datestamp: string;
  setSpecs: readonly string[];
  keywords: readonly string[];
  license: License;
  doi: string | null;
  doiUrl: string | null;
}

/**
 * The whole answer. `echo` is the `<request>` element's attributes: the request's arguments
 * (none after badVerb or badArgument). Attribute names come from the protocol's list of
 * arguments (oai-pmh.protocol.ts); anything else is left out all the same.
 */
export function oaiResponse(responseDate: Date, baseUrl: string, echo: Record<string, string>, body: string): string {
  const attributes = Object.entries(echo)
    .filter(([name]) => /^[A-Za-z]+$/.test(name))
    .map(([name, value]) => ` ${name}="${text(value)}"`)
    .join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<OAI-PMH xmlns="${OAI_NAMESPACE}" xmlns:xsi="${XSI_NAMESPACE}" xsi:schemaLocation="${OAI_NAMESPACE} ${OAI_SCHEMA}">`,
    `<responseDate>${responseDate.toISOString().slice(0, 19)}Z</responseDate>`,
    `<request${attributes}>${text(baseUrl)}</request>`,
    body,
    '</OAI-PMH>',
    '',
  ].join('\n');
}

export const errorBody = (errors: readonly OaiError[]): string => errors.map((error) => `<error code="${error.code}">${text(error.message)}</error>`).join('\n');

export interface IdentifyFacts {
  repositoryName: string;
  baseUrl: string;
  adminEmail: string;
  earliestDatestamp: string;
  /** The oai-identifier description's repository identifier, or null when the host cannot be one. */
  repositoryIdentifier: string | null;
  sampleId: string;
}

/**
 * Identify. deletedRecord `no`: the journal keeps no tombstones (a withdrawn paper's row says
 * only its present status), so it never reports a deletion; a harvester re-harvests in full to
 * notice one. Seconds granularity: the datestamps are timestamps.
 */
export function identifyBody(facts: IdentifyFacts): string {
  const description = facts.repositoryIdentifier
    ? [
        '<description>',
        `<oai-identifier xmlns="${OAI_IDENTIFIER_NAMESPACE}" xmlns:xsi="${XSI_NAMESPACE}" xsi:schemaLocation="${OAI_IDENTIFIER_NAMESPACE} ${OAI_IDENTIFIER_SCHEMA}">`,
        '<scheme>oai</scheme>',
        element('repositoryIdentifier', facts.repositoryIdentifier),
        '<delimiter>:</delimiter>',
        element('sampleIdentifier', oaiIdentifier(facts.repositoryIdentifier, facts.sampleId)),
        '</oai-identifier>',
        '</description>',
      ]
    : [];
  return [
    '<Identify>',
    element('repositoryName', facts.repositoryName),
    element('baseURL', facts.baseUrl),
    '<protocolVersion>2.0</protocolVersion>',
    element('adminEmail', facts.adminEmail),
    element('earliestDatestamp', facts.earliestDatestamp),
    '<deletedRecord>no</deletedRecord>',
    '<granularity>YYYY-MM-DDThh:mm:ssZ</granularity>',
    ...description,
    '</Identify>',
  ].join('\n');
}

export function listMetadataFormatsBody(): string {
  return [
    '<ListMetadataFormats>',
    '<metadataFormat>',
    `<metadataPrefix>${OAI_DC_PREFIX}</metadataPrefix>`,
    `<schema>${OAI_DC_SCHEMA}</schema>`,
    `<metadataNamespace>${OAI_DC_NAMESPACE}</metadataNamespace>`,
    '</metadataFormat>',
    '</ListMetadataFormats>',
  ].join('\n');
}

export function listSetsBody(sets: readonly { setSpec: string; setName: string }[]): string {
  return ['<ListSets>', ...sets.map((set) => `<set>${element('setSpec', set.setSpec)}${element('setName', set.setName)}</set>`), '</ListSets>'].join('\n');
}

export function recordHeader(repositoryIdentifier: string, record: OaiRecord): string {
  return [
    '<header>',
    element('identifier', oaiIdentifier(repositoryIdentifier, record.card.id)),
    element('datestamp', record.datestamp),
    ...record.setSpecs.map((setSpec) => element('setSpec', setSpec)),
    '</header>',
  ].join('');
}

/**
 * The paper in unqualified Dublin Core: what its page's DC.* tags say (paper-pages.service.ts),
 * and its licence and DOI. dc:rights holds the licence's URL, its name, and the eu-repo access
 * level OpenAIRE asks for; dc:type the DCMI type and the eu-repo one. No dc:language: a paper
 * records none.
 */
export function oaiDcMetadata(record: OaiRecord, journal: OaiJournal): string {
  const { card } = record;
  const fields: [string, string][] = [['title', card.title]];
  for (const author of card.authors) fields.push(['creator', author.name]);
  fields.push(['subject', card.category]);
  for (const keyword of record.keywords) fields.push(['subject', keyword]);
  fields.push(['description', card.abstract], ['publisher', journal.name]);
  if (card.publishedAt) fields.push(['date', card.publishedAt.slice(0, 10)]);
  fields.push(['type', 'Text'], ['type', EU_REPO_ARTICLE]);
  if (card.pdfUrl) fields.push(['format', 'application/pdf']);
  fields.push(['identifier', `${journal.publicUrl}/papers/${card.id}`]);
  if (record.doiUrl) fields.push(['identifier', record.doiUrl]);
  if (journal.issn) fields.push(['source', `${journal.name}, ISSN ${journal.issn}`]);
  fields.push(['rights', record.license.url], ['rights', record.license.name], ['rights', EU_REPO_OPEN_ACCESS]);
  return [
    '<metadata>',
    `<oai_dc:dc xmlns:oai_dc="${OAI_DC_NAMESPACE}" xmlns:dc="${DC_NAMESPACE}" xmlns:xsi="${XSI_NAMESPACE}" xsi:schemaLocation="${OAI_DC_NAMESPACE} ${OAI_DC_SCHEMA}">`,
    ...fields.map(([name, value]) => element(`dc:${name}`, value)),
    '</oai_dc:dc>',
    '</metadata>',
  ].join('\n');
}

export const recordXml = (repositoryIdentifier: string, record: OaiRecord, journal: OaiJournal): string =>
  `<record>\n${recordHeader(repositoryIdentifier, record)}\n${oaiDcMetadata(record, journal)}\n</record>`;

/** The token element of a list's page: the next page's token, or empty on a resumed list's last page. */
export interface OaiTokenElement {
  token: string;
  completeListSize: number;
  cursor: number;
}

export function resumptionTokenXml(element: OaiTokenElement): string {
  return `<resumptionToken completeListSize="${element.completeListSize}" cursor="${element.cursor}">${text(element.token)}</resumptionToken>`;
}

/** ListIdentifiers (headers) or ListRecords (records), with the token element when the list is split. */
export function listBody(verb: 'ListIdentifiers' | 'ListRecords', items: readonly string[], token: OaiTokenElement | null): string {
  return [`<${verb}>`, ...items, ...(token ? [resumptionTokenXml(token)] : []), `</${verb}>`].join('\n');
}

export const getRecordBody = (record: string): string => `<GetRecord>\n${record}\n</GetRecord>`;
