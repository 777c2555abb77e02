import type { FastifyReply, FastifyRequest } from 'fastify';
import { findIllFormedText, MAX_INPUT_DEPTH, wellFormedInputHook } from './well-formed-input.js';

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

describe('findIllFormedText', () => {
  it.each([
    ['plain text', { title: 'Photosynthesis', authors: [{ name: 'Marie', school: 'Lincoln' }] }],
    ['paired surrogates (an emoji)', { name: 'Ada \u{1F9EA}' }],
    ['right-to-left override and other control characters', { name: '\u202Eevil\u0007\t\n' }],
    ['numbers, booleans, null', { grade: 11, ok: true, none: null, list: [1, 2] }],
    ['the deepest allowed nesting', nested(MAX_INPUT_DEPTH, 'x')],
  ])('passes %s', (_label, value) => {
    expect(findIllFormedText(value)).toBeNull();
  });

  it.each([
    ['U+0000 in a value', { q: 'a\u0000b' }, { path: 'q', reason: 'nul' }],
    ['U+0000 deep in an array', { authors: [{ name: 'ok' }, { school: '\u0000' }] }, { path: 'authors[1].school', reason: 'nul' }],
    ['U+0000 in a key', { ['evil\u0000']: 'x' }, { path: 'evil\u0000', reason: 'nul' }],
    ['a lone high surrogate', { firstName: '\ud800' }, { path: 'firstName', reason: 'surrogate' }],
    ['a lone low surrogate', { list: ['fine', 'x\udc00y'] }, { path: 'list[1]', reason: 'surrogate' }],
    ['surrogates in the wrong order', { name: '\udc00\ud800' }, { path: 'name', reason: 'surrogate' }],
    ['a bare string', '\u0000', { path: '', reason: 'nul' }],
    ['nesting deeper than allowed', nested(MAX_INPUT_DEPTH + 1, 'x'), { path: expect.stringMatching(/^a(\.a)+$/) as unknown, reason: 'depth' }],
  ])('finds %s', (_label, value, expected) => {
    expect(findIllFormedText(value)).toEqual(expected);
  });

  it('leaves bytes (a buffer) alone', () => {
    expect(findIllFormedText({ file: Buffer.from([0, 0xd8]) })).toBeNull();
  });

  it('walks DTO instances too (text a transform decoded, such as a JSON field of a form)', () => {
    class AuthorDto {
      name = 'Ada';
      school = 'x\ud800';
    }
    expect(findIllFormedText({ authors: [new AuthorDto()] })).toEqual({ path: 'authors[0].school', reason: 'surrogate' });
  });
});

describe('wellFormedInputHook', () => {
  const run = (request: Partial<FastifyRequest>) => {
    const answer: { status?: number; body?: unknown; passed: boolean } = { passed: false };
    const reply = {
      status(code: number) {
        answer.status = code;
        return reply;
      },
      header: () => reply,
      send(body: unknown) {
        answer.body = body;
        return reply;
      },
    };
    wellFormedInputHook(request as FastifyRequest, reply as unknown as FastifyReply, () => {
      answer.passed = true;
    });
    return answer;
  };

  it('lets well-formed input through', () => {
    expect(run({ params: { id: 'x' }, query: { q: 'climate' }, body: { name: 'Ada' } })).toEqual({ passed: true });
  });

  it.each([
    [{ params: { id: 'a\u0000' } }, "Path parameter 'id' must not contain the NUL character (U+0000)"],
    [{ query: { q: '\ud800' } }, "Query parameter 'q' is not valid Unicode text (it holds an unpaired surrogate)"],
    [{ body: { authors: [{ school: '\u0000' }] } }, "Field 'authors[0].school' must not contain the NUL character (U+0000)"],
  ])('answers 400 VALIDATION_FAILED for %o, and nothing runs after it', (request, message) => {
    expect(run(request)).toEqual({ passed: false, status: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message } });
  });
});
