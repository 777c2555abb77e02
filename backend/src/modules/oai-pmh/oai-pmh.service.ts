import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { licenseOf } from '../../config/licenses.js';
import { doiUrl } from '../catalogue/doi-url.js';
import { PAPER_CATEGORIES, SUBMISSION_CATEGORIES } from '../catalogue/paper-category.js';
import { cardSourceOf, toPaperCard } from '../catalogue/paper-card.js';
import { keywordList } from '../catalogue/pages/paper-pages.service.js';
import { OaiRecordsRepository, type RecordFilter, type RecordRow } from './oai-records.repository.js';
import {
  formatDatestamp,
  isDeclarableRepositoryIdentifier,
  type OaiError,
  oaiError,
  type OaiListPosition,
  type OaiListSelection,
  type OaiRequest,
  encodeResumptionToken,
  paperIdOf,
  parseOaiRequest,
  repositoryIdentifierOf,
  setSpecOf,
} from './oai-pmh.protocol.js';
import {
  EPOCH_DATESTAMP,
  errorBody,
  getRecordBody,
  identifyBody,
  listBody,
  listMetadataFormatsBody,
  listSetsBody,
  type OaiJournal,
  type OaiRecord,
  oaiResponse,
  recordHeader,
  recordXml,
} from './oai-pmh.xml.js';

/** Where the repository answers, outside the /api prefix (docs/api.md, "OAI-PMH"). */
export const OAI_PATH = '/oai';

/** Records (or headers) per page of a list; the rest follows by resumption token. */
export const OAI_PAGE_SIZE = 100;
let pageSize = OAI_PAGE_SIZE;

/**
 * For tests: lists split after `size` records, so a handful of papers needs resumption tokens.
 * Returns the function that puts the usual size back.
 */
export function overrideOaiPageSize(size: number): () => void {
  pageSize = size;
  return () => {
    pageSize = OAI_PAGE_SIZE;
  };
}

/** One set per category a paper can be filed under, in the order the journal lists them. */
const SET_CATEGORIES: readonly string[] = [...new Set<string>([...PAPER_CATEGORIES, ...SUBMISSION_CATEGORIES])];
const CATEGORY_OF_SET = new Map(SET_CATEGORIES.map((category) => [setSpecOf(category), category]));


/**
 * The journal's OAI-PMH 2.0 repository: every published paper, in oai_dc, as its page shows it.
 * The protocol's rules are in oai-pmh.protocol.ts and its XML in oai-pmh.xml.ts; this reads
 * the papers, with keyset pagination over (datestamp, id).
 */
@Injectable()
export class OaiPmhService {
  constructor(
    private readonly records: OaiRecordsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get baseUrl(): string {
    return `${this.config.http.publicUrl}${OAI_PATH}`;
  }

  private get repositoryIdentifier(): string {
    return repositoryIdentifierOf(this.config.http.publicUrl);
  }

  private get journal(): OaiJournal {
    return { name: this.config.journal.name, issn: this.config.journal.issn, publicUrl: this.config.http.publicUrl };
  }

  /** The answer to the request's arguments (decoded pairs, repeats kept): always an OAI-PMH document. */
  async respond(pairs: readonly (readonly [string, string])[]): Promise<string> {
    const responseDate = new Date();
    const parsed = parseOaiRequest(pairs);
    if (!parsed.ok) return oaiResponse(responseDate, this.baseUrl, parsed.echo, errorBody([parsed.error]));
    const body = await this.answer(parsed.request);
    return oaiResponse(responseDate, this.baseUrl, parsed.echo, typeof body === 'string' ? body : errorBody([body]));
  }

  private async answer(request: OaiRequest): Promise<string | OaiError> {
    switch (request.verb) {
      case 'Identify':
        return this.identify();
      case 'ListMetadataFormats':
        if (request.identifier !== undefined && !(await this.readRecord(request.identifier))) return this.unknown(request.identifier);
        return listMetadataFormatsBody();
      case 'ListSets':
        return listSetsBody(SET_CATEGORIES.map((category) => ({ setSpec: setSpecOf(category), setName: category })));
      case 'GetRecord': {
        const row = await this.readRecord(request.identifier);
        if (!row) return this.unknown(request.identifier);
        return getRecordBody(recordXml(this.repositoryIdentifier, this.toRecord(row), this.journal));
      }
      case 'ListIdentifiers':
      case 'ListRecords':
        return this.list(request.verb, request.selection, request.position);
    }
  }

  private unknown(identifier: string): OaiError {
    return oaiError('idDoesNotExist', `${identifier} is not the identifier of a published paper of this repository`);
  }

  private async identify(): Promise<string> {
    const earliest = await this.records.earliestDatestamp();
    const host = this.repositoryIdentifier;
    return identifyBody({
      repositoryName: this.config.journal.name,
      baseUrl: this.baseUrl,
      adminEmail: this.config.journal.contactEmail,
      earliestDatestamp: earliest ? formatDatestamp(earliest) : EPOCH_DATESTAMP,
      repositoryIdentifier: isDeclarableRepositoryIdentifier(host) ? host : null,
      sampleId: '00000000-0000-4000-8000-000000000000',
    });
  }

  /** The published paper an identifier names, or null (unknown, not published, another repository's). */
  private async readRecord(identifier: string): Promise<RecordRow | null> {
    const id = paperIdOf(identifier, this.repositoryIdentifier);
    if (!id) return null;
    return this.records.findPublished(id);
  }

  /**
   * One page of a list, oldest datestamp first. `from` and `until` cover whole days or whole
   * seconds, as written: a record shown with datestamp `until` is in, though its instant has a
   * fraction of a second more. The list's size is counted once, on its first page, and carried
   * in the token.
   */
  private async list(verb: 'ListIdentifiers' | 'ListRecords', selection: OaiListSelection, position?: OaiListPosition): Promise<string | OaiError> {
    const filter = this.selectionFilter(selection);
    if (!filter) return oaiError('noRecordsMatch', 'No published paper is in that set');
    const rows = await this.records.page(filter, position, pageSize + 1);
    if (rows.length === 0) return oaiError('noRecordsMatch', 'No published paper matches these arguments');
    const page = rows.slice(0, pageSize);
    const cursor = position?.cursor ?? 0;
    let completeListSize = position?.completeListSize;
    if (completeListSize === undefined) {
      completeListSize = await this.records.count(filter);
    }
    // Papers published during a harvest can make the first count short.
    completeListSize = Math.max(completeListSize, cursor + rows.length);
    const records = page.map((row) => this.toRecord(row));
    const host = this.repositoryIdentifier;
    const items = verb === 'ListRecords' ? records.map((record) => recordXml(host, record, this.journal)) : records.map((record) => recordHeader(host, record));
    const last = page[page.length - 1];
    const more = rows.length > pageSize;
    const next = { datestamp: last.datestamp, id: last.id, cursor: cursor + page.length, completeListSize };
    // The last page of a resumed list carries an empty token; a list that fits one page, none.
    const token = more
      ? { token: encodeResumptionToken(verb, selection, next), completeListSize, cursor }
      : position
        ? { token: '', completeListSize, cursor }
        : null;
    return listBody(verb, items, token);
  }

  /** The selection as a filter of published papers, or null for a set that does not exist. */
  private selectionFilter(selection: OaiListSelection): RecordFilter | null {
    const filter: RecordFilter = { from: selection.from?.start, until: selection.until?.end };
    if (selection.set !== undefined) {
      const category = CATEGORY_OF_SET.get(selection.set);
      if (!category) return null;
      filter.category = category;
    }
    return filter;
  }

  private toRecord(row: RecordRow): OaiRecord {
    const card = toPaperCard(cardSourceOf(row), this.config.papers.arxivDetailPageId);
    // A category outside the journal's lists (an import's) is in no set: its set would not select it.
    const setSpec = CATEGORY_OF_SET.get(setSpecOf(card.category)) === card.category ? [setSpecOf(card.category)] : [];
    return {
      card,
      datestamp: formatDatestamp(row.datestamp),
      setSpecs: setSpec,
      keywords: keywordList(row.keywords),
      license: licenseOf(row.license),
      doi: row.doi,
      doiUrl: row.doi ? doiUrl(row.doi) : null,
    };
  }
}
