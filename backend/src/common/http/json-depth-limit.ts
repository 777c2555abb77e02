import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { AppException } from './app.exception.js';
import { ErrorCode } from './error-code.js';
import { MAX_INPUT_DEPTH } from './well-formed-input.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

export class JsonTooDeepException extends AppException {
  constructor(maxDepth: number) {
    super(400, ErrorCode.ValidationFailed, `The JSON body is nested more than ${maxDepth} levels deep`);
  }
}

/**
 * Passes a JSON body through unchanged while counting how deep its arrays and objects nest, and
 * fails as soon as they go deeper than `maxDepth`: the parser, the validators and the services
 * never see such a body. Bytes of UTF-8 sequences are all >= 0x80, so looking at single bytes
 * for brackets, quotes and backslashes is exact. Malformed JSON is left to the parser.
 */
export class JsonDepthLimit extends Transform {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly maxDepth = MAX_INPUT_DEPTH) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    for (let index = 0; index < chunk.length; index += 1) {
      const byte = chunk[index];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
      } else if (byte === QUOTE) {
        this.inString = true;
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        this.depth += 1;
        if (this.depth > this.maxDepth) return callback(new JsonTooDeepException(this.maxDepth));
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        this.depth -= 1;
      }
    }
    callback(null, chunk);
  }
}

function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.split(';', 1)[0].trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

/**
 * A Fastify `preParsing` hook putting JsonDepthLimit between the request and the JSON parser.
 * The bytes reach the parser as they came, so `request.rawBody` (Stripe's signature) is intact.
 */
export function jsonDepthLimitHook(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: RequestPayload,
  done: (error: Error | null, payload?: RequestPayload) => void,
): void {
  done(null, isJson(request.headers['content-type']) ? payload.pipe(new JsonDepthLimit()) : payload);
}
