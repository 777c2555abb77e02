import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppException } from './app.exception.js';
import { ErrorCode } from './error-code.js';

/**
 * How deep a JSON body may nest. The deepest body the API takes (a paper's authors) is three
 * levels; Stripe's events go to about eight. The JSON depth limit (json-depth-limit.ts) refuses
 * deeper bodies while they are read, and the walk below never goes deeper either.
 */
export const MAX_INPUT_DEPTH = 32;

/** ES2024's String.prototype.isWellFormed, which the compiler's ES2023 library does not declare. */
interface WellFormedString {
  isWellFormed(): boolean;
}

export type IllFormedReason = 'nul' | 'surrogate' | 'depth';

export interface IllFormedText {
  /** Where it is, as `authors[0].school`. */
  path: string;
  reason: IllFormedReason;
}

function reasonOf(text: string): IllFormedReason | null {
  // PostgreSQL cannot store U+0000 in text or jsonb, and an unpaired surrogate has no UTF-8
  // form (the driver, the mailer and the browser would each do something else with it).
  if (text.includes('\u0000')) return 'nul';
  if (!(text as unknown as WellFormedString).isWellFormed()) return 'surrogate';
  return null;
}

function join(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/**
 * The first string (value or key) of a parsed input that holds U+0000 or is not well-formed
 * UTF-16, or the first place nested deeper than MAX_INPUT_DEPTH; null when there is none. One
 * pass that stops at the first finding, copying nothing: it runs on every request.
 */
export function findIllFormedText(value: unknown, path = '', depth = 0): IllFormedText | null {
  if (typeof value === 'string') {
    const reason = reasonOf(value);
    return reason ? { path, reason } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_INPUT_DEPTH) return { path, reason: 'depth' };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findIllFormedText(value[index], join(path, index), depth + 1);
      if (found) return found;
    }
    return null;
  }
  // Bytes (a raw body, a file) are not text.
  if (ArrayBuffer.isView(value)) return null;
  for (const key in value) {
    const keyReason = reasonOf(key);
    if (keyReason) return { path: join(path, key), reason: keyReason };
    const found = findIllFormedText((value as Record<string, unknown>)[key], join(path, key), depth + 1);
    if (found) return found;
  }
  return null;
}

const MESSAGES: Record<IllFormedReason, (where: string) => string> = {
  nul: (where) => `${where} must not contain the NUL character (U+0000)`,
  surrogate: (where) => `${where} is not valid Unicode text (it holds an unpaired surrogate)`,
  depth: (where) => `${where} is nested more than ${MAX_INPUT_DEPTH} levels deep`,
};

/** Where a finding is, in words: "Query parameter 'q'", "Field 'authors[0].school'". */
const PLACES = {
  params: { field: 'Path parameter', whole: 'The path' },
  query: { field: 'Query parameter', whole: 'The query string' },
  body: { field: 'Field', whole: 'The body' },
} as const;

export type InputPlace = keyof typeof PLACES;

export function illFormedTextException(found: IllFormedText, place: InputPlace): AppException {
  const where = found.path ? `${PLACES[place].field} '${found.path}'` : PLACES[place].whole;
  return new AppException(400, ErrorCode.ValidationFailed, MESSAGES[found.reason](where));
}

/** Throws the API's 400 when `findIllFormedText` finds something in the input. */
export function assertWellFormedText(value: unknown, place: InputPlace): void {
  const found = findIllFormedText(value);
  if (found) throw illFormedTextException(found, place);
}

const HOOK_PLACES: readonly InputPlace[] = ['params', 'query', 'body'];

/**
 * A Fastify `preValidation` hook: every string of the path parameters, the query and the parsed
 * body is checked once, here, before authentication and before any handler, pipe or query sees
 * it. Multipart bodies are read by their handlers, which check each text field the same way
 * (storage/upload/incoming-upload.ts, validation-errors.ts). It answers by itself, as the CSRF hook does,
 * because plugins with error handlers of their own (Bull Board) would make a 500 of an error.
 */
export function wellFormedInputHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  for (const place of HOOK_PLACES) {
    const found = findIllFormedText(request[place]);
    if (found) {
      void reply.status(400).header('content-type', 'application/json; charset=utf-8').send(illFormedTextException(found, place).getResponse());
      return;
    }
  }
  done();
}
