import { isUuid } from '../../common/http/uuid-param.pipe.js';
import { isRealTimestamp } from '../catalogue/list/paper-cursor.js';

/**
 * OAI-PMH 2.0 (https://www.openarchives.org/OAI/openarchivesprotocol.html) as pure functions:
 * what a request asks for, or which of the protocol's errors it earns; dates and their
 * granularities; identifiers; and the resumption token. No I/O here: oai-pmh.service.ts reads the
 * papers, oai-pmh.xml.ts writes the answer.
 */

export const OAI_VERBS = ['Identify', 'ListMetadataFormats', 'ListSets', 'ListIdentifiers', 'ListRecords', 'GetRecord'] as const;
export type OaiVerb = (typeof OAI_VERBS)[number];

/** The only metadata format: unqualified Dublin Core, which every OAI-PMH repository must offer. */
export const OAI_DC_PREFIX = 'oai_dc';

export type OaiErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noRecordsMatch'
  | 'noMetadataFormats'
  | 'noSetHierarchy';

export interface OaiError {
  code: OaiErrorCode;
  message: string;
}

export const oaiError = (code: OaiErrorCode, message: string): OaiError => ({ code, message });

/** A `from` or `until` as given: the instant it names and the granularity it was written in. */
export interface OaiDate {
  /** As the harvester wrote it, for the token (which must replay the request as it came). */
  text: string;
  granularity: 'day' | 'second';
  /** The first instant the date covers: midnight UTC of the day, or the second itself. */
  start: Date;
  /** The first instant after it: the next midnight, or the next second. */
  end: Date;
}

/** What a list request selects: the arguments of ListIdentifiers and ListRecords, once checked. */
export interface OaiListSelection {
  metadataPrefix: string;
  from?: OaiDate;
  until?: OaiDate;
  set?: string;
}

/** Where a list goes on from: after the record with this datestamp (PostgreSQL's microseconds, UTC) and id. */
export interface OaiListPosition {
  datestamp: string;
  id: string;
  /** How many records came before (the `cursor` attribute of the next token). */
  cursor: number;
  /** The size of the whole list, counted once, at its first page. */
  completeListSize: number;
}

export type OaiRequest =
  | { verb: 'Identify' }
  | { verb: 'ListMetadataFormats'; identifier?: string }
  | { verb: 'ListSets' }
  | { verb: 'GetRecord'; identifier: string; metadataPrefix: string }
  | { verb: 'ListIdentifiers' | 'ListRecords'; selection: OaiListSelection; position?: OaiListPosition };

/**
 * The outcome of reading the arguments: the request, or an error with what the `<request>`
 * element may echo (nothing but the base URL after badVerb and badArgument, as the protocol says).
 */
export type ParsedOaiRequest =
  | { ok: true; request: OaiRequest; echo: Record<string, string> }
  | { ok: false; error: OaiError; echo: Record<string, string> };

/** Each verb's arguments: required ones, optional ones; `resumptionToken` is exclusive wherever it is allowed. */
const VERB_ARGUMENTS: Record<OaiVerb, { required: readonly string[]; optional: readonly string[] }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: ['resumptionToken'] },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set', 'resumptionToken'] },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set', 'resumptionToken'] },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
};

const isVerb = (value: string): value is OaiVerb => (OAI_VERBS as readonly string[]).includes(value);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SECOND = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/**
 * A `from` or `until` in either granularity the repository supports (YYYY-MM-DD and
 * YYYY-MM-DDThh:mm:ssZ), or null: another form (fractions of a second, an offset) or a day that
 * does not exist.
 */
export function parseOaiDate(text: string): OaiDate | null {
  if (DAY.test(text)) {
    if (!isRealTimestamp(`${text}T00:00:00Z`)) return null;
    const start = new Date(`${text}T00:00:00Z`);
    return { text, granularity: 'day', start, end: new Date(start.getTime() + 86_400_000) };
  }
  if (SECOND.test(text)) {
    if (!isRealTimestamp(text)) return null;
    const start = new Date(text);
    return { text, granularity: 'second', start, end: new Date(start.getTime() + 1000) };
  }
  return null;
}

/** A datestamp as the repository writes it (seconds granularity, UTC): fractions of a second are cut, never rounded up. */
export function formatDatestamp(instant: Date | string): string {
  const iso = typeof instant === 'string' ? instant : instant.toISOString();
  return `${iso.slice(0, 19)}Z`;
}

/**
 * The list arguments, checked: the dates' syntax, one granularity for both, `from` not after
 * `until` (badArgument), then the format (cannotDisseminateFormat).
 */
export function parseListSelection(args: { metadataPrefix: string; from?: string; until?: string; set?: string }): OaiListSelection | OaiError {
  const from = args.from === undefined ? undefined : parseOaiDate(args.from);
  const until = args.until === undefined ? undefined : parseOaiDate(args.until);
  if (from === null) return oaiError('badArgument', 'from is not a date of the form YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ');
  if (until === null) return oaiError('badArgument', 'until is not a date of the form YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ');
  if (from && until && from.granularity !== until.granularity) return oaiError('badArgument', 'from and until must have the same granularity');
  if (from && until && from.start > until.start) return oaiError('badArgument', 'from is later than until');
  if (args.metadataPrefix !== OAI_DC_PREFIX) return oaiError('cannotDisseminateFormat', `Only ${OAI_DC_PREFIX} is disseminated`);
  return {
    metadataPrefix: args.metadataPrefix,
    ...(from ? { from } : {}),
    ...(until ? { until } : {}),
    ...(args.set !== undefined ? { set: args.set } : {}),
  };
}

const isOaiError = (value: object): value is OaiError => 'code' in value && 'message' in value;

/**
 * Reads the arguments of a request (query string or form body, as decoded pairs, repeats kept).
 * The checks run in the protocol's order: the verb (missing, repeated, unknown: badVerb), then
 * every argument (repeated, not the verb's, missing, a resumption token with company:
 * badArgument), then the values (dates, token, format).
 */
export function parseOaiRequest(pairs: readonly (readonly [string, string])[]): ParsedOaiRequest {
  const none = {};
  const verbs = pairs.filter(([name]) => name === 'verb').map(([, value]) => value);
  if (verbs.length === 0) return { ok: false, error: oaiError('badVerb', 'The verb argument is missing'), echo: none };
  if (verbs.length > 1) return { ok: false, error: oaiError('badVerb', 'The verb argument is repeated'), echo: none };
  const verb = verbs[0];
  if (!isVerb(verb)) return { ok: false, error: oaiError('badVerb', 'The verb is not an OAI-PMH verb'), echo: none };

  const args = new Map<string, string>();
  for (const [name, value] of pairs) {
    if (name === 'verb') continue;
    if (args.has(name)) return { ok: false, error: oaiError('badArgument', `The argument ${name} is repeated`), echo: none };
    args.set(name, value);
  }
  const allowed = VERB_ARGUMENTS[verb];
  for (const name of args.keys()) {
    if (!allowed.required.includes(name) && !allowed.optional.includes(name)) {
      return { ok: false, error: oaiError('badArgument', `${verb} takes no argument ${name}`), echo: none };
    }
  }
  const token = args.get('resumptionToken');
  if (token !== undefined && args.size > 1) {
    return { ok: false, error: oaiError('badArgument', 'resumptionToken is an exclusive argument'), echo: none };
  }
  if (token === undefined) {
    const missing = allowed.required.find((name) => !args.has(name));
    if (missing) return { ok: false, error: oaiError('badArgument', `${verb} requires the argument ${missing}`), echo: none };
  }
  const echo = { verb, ...Object.fromEntries(args) };
  const request = requestOf(verb, args);
  if (!isOaiError(request)) return { ok: true, request, echo };
  return { ok: false, error: request, echo: request.code === 'badArgument' ? none : echo };
}

function requestOf(verb: OaiVerb, args: ReadonlyMap<string, string>): OaiRequest | OaiError {
  switch (verb) {
    case 'Identify':
      return { verb };
    case 'ListMetadataFormats': {
      const identifier = args.get('identifier');
      return identifier === undefined ? { verb } : { verb, identifier };
    }
    case 'ListSets':
      // The sets fit in one answer: no list of them is ever resumed.
      if (args.has('resumptionToken')) return oaiError('badResumptionToken', 'The list of sets is never split');
      return { verb };
    case 'GetRecord': {
      const metadataPrefix = args.get('metadataPrefix')!;
      if (metadataPrefix !== OAI_DC_PREFIX) return oaiError('cannotDisseminateFormat', `Only ${OAI_DC_PREFIX} is disseminated`);
      return { verb, identifier: args.get('identifier')!, metadataPrefix };
    }
    case 'ListIdentifiers':
    case 'ListRecords': {
      const token = args.get('resumptionToken');
      if (token !== undefined) {
        const resumed = decodeResumptionToken(token);
        // A token continues the list it came with: ListIdentifiers' does not resume ListRecords.
        if (!resumed || resumed.verb !== verb) return oaiError('badResumptionToken', `The resumption token is not one this repository gave for ${verb}`);
        return resumed;
      }
      const selection = parseListSelection({
        metadataPrefix: args.get('metadataPrefix')!,
        from: args.get('from'),
        until: args.get('until'),
        set: args.get('set'),
      });
      return isOaiError(selection) ? selection : { verb, selection };
    }
  }
}

/** The pairs of a query string or an x-www-form-urlencoded body, in order, repeats kept. */
export function argumentPairs(encoded: string): [string, string][] {
  return [...new URLSearchParams(encoded)];
}

// --- Identifiers -------------------------------------------------------------------------------

/**
 * The repository identifier of oai-identifier.xsd: a domain name with at least one dot, so a
 * public URL on `localhost` or an IP address has none to declare (the identifiers still work).
 */
const REPOSITORY_IDENTIFIER = /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/;

/** The namespace of the journal's identifiers: the public URL's host name (no port). */
export function repositoryIdentifierOf(publicUrl: string): string {
  return new URL(publicUrl).hostname.toLowerCase();
}

export const isDeclarableRepositoryIdentifier = (host: string): boolean => REPOSITORY_IDENTIFIER.test(host);

/** `oai:<host>:<paper id>`. */
export const oaiIdentifier = (host: string, paperId: string): string => `oai:${host}:${paperId}`;

/** The paper's id in an identifier of this repository, or null (another repository's, or malformed). */
export function paperIdOf(identifier: string, host: string): string | null {
  const prefix = `oai:${host}:`;
  if (!identifier.startsWith(prefix)) return null;
  const id = identifier.slice(prefix.length);
  return isUuid(id) ? id.toLowerCase() : null;
}

// --- Sets --------------------------------------------------------------------------------------

/** A category's setSpec: lower case, words joined by hyphens (`Computer Science` is `computer-science`). */
export function setSpecOf(category: string): string {
  return category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

// --- Resumption tokens -------------------------------------------------------------------------

/** Version 1 of the token's contents; a token of another shape is refused, so the format can change. */
interface TokenContents {
  v: 1;
  verb: 'ListIdentifiers' | 'ListRecords';
  p: string;
  f?: string;
  u?: string;
  s?: string;
  /** The last record's datestamp (with microseconds) and id. */
  d: string;
  i: string;
  c: number;
  n: number;
}

const PRECISE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';

/**
 * The token for the rest of a list: base64url of JSON with the original arguments and the keyset
 * position (the last record's datestamp and id). Not signed: it holds nothing a harvester could
 * not ask for with the arguments themselves, and every field is checked again when it returns.
 * It never expires: keyset pagination needs no state on the server.
 */
export function encodeResumptionToken(verb: 'ListIdentifiers' | 'ListRecords', selection: OaiListSelection, position: OaiListPosition): string {
  const contents: TokenContents = {
    v: 1,
    verb,
    p: selection.metadataPrefix,
    ...(selection.from ? { f: selection.from.text } : {}),
    ...(selection.until ? { u: selection.until.text } : {}),
    ...(selection.set !== undefined ? { s: selection.set } : {}),
    d: position.datestamp,
    i: position.id,
    c: position.cursor,
    n: position.completeListSize,
  };
  return Buffer.from(JSON.stringify(contents), 'utf8').toString('base64url');
}

/** The request a token continues, or null for anything this repository did not give out. */
export function decodeResumptionToken(token: string): Extract<OaiRequest, { verb: 'ListIdentifiers' | 'ListRecords' }> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  let contents: Partial<TokenContents>;
  try {
    contents = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<TokenContents>;
  } catch {
    return null;
  }
  if (typeof contents !== 'object' || contents === null || contents.v !== 1) return null;
  if (contents.verb !== 'ListIdentifiers' && contents.verb !== 'ListRecords') return null;
  if (typeof contents.p !== 'string' || !isOptionalString(contents.f) || !isOptionalString(contents.u) || !isOptionalString(contents.s)) return null;
  if (typeof contents.d !== 'string' || !PRECISE_TIMESTAMP.test(contents.d) || !isRealTimestamp(contents.d)) return null;
  if (typeof contents.i !== 'string' || !isUuid(contents.i) || !isCount(contents.c) || !isCount(contents.n)) return null;
  const selection = parseListSelection({ metadataPrefix: contents.p, from: contents.f, until: contents.u, set: contents.s });
  if (isOaiError(selection)) return null;
  return { verb: contents.verb, selection, position: { datestamp: contents.d, id: contents.i, cursor: contents.c, completeListSize: contents.n } };
}
