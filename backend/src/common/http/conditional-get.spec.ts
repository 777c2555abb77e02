import type { FastifyReply } from 'fastify';
import { ifNoneMatchMatches, jsonRepresentation, ReadCaching, sendConditionally } from './conditional-get.js';

describe('jsonRepresentation', () => {
  it('is the JSON bytes with a strong tag that follows the bytes', () => {
    const page = jsonRepresentation({ items: ['é'], nextCursor: null });
    expect(page.body.toString('utf8')).toBe('{"items":["é"],"nextCursor":null}');
    expect(page.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(jsonRepresentation({ items: ['é'], nextCursor: null }).etag).toBe(page.etag);
    expect(jsonRepresentation({ items: ['e'], nextCursor: null }).etag).not.toBe(page.etag);
  });
});

describe('ifNoneMatchMatches', () => {
  const etag = '"abc"';

  it.each([
    ['the tag', '"abc"'],
    ['the tag, weak', 'W/"abc"'],
    ['the tag in a list', '"x", W/"abc" ,"y"'],
    ['any tag', '*'],
  ])('matches %s', (_label, header) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(true);
  });

  it.each([
    ['no header', undefined],
    ['another tag', '"abd"'],
    ['the tag unquoted', 'abc'],
    ['a prefix of the tag', '"ab"'],
    ['an empty header', ''],
  ])('does not match %s', (_label, header) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(false);
  });
});

describe('sendConditionally', () => {
  function fakeReply(ifNoneMatch?: string) {
    const headers = new Map<string, string>();
    const reply = {
      request: { headers: ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch } },
      statusCode: 200,
      header(name: string, value: string) {
        headers.set(name, value);
        return reply;
      },
      type(value: string) {
        headers.set('content-type', value);
        return reply;
      },
      status(code: number) {
        reply.statusCode = code;
        return reply;
      },
    };
    return { reply, headers, asFastify: reply as unknown as FastifyReply };
  }
  const page = jsonRepresentation({ items: [] });

  it('sends the body as JSON with its tag and caching headers', () => {
    const { reply, headers, asFastify } = fakeReply('"something else"');
    expect(sendConditionally(asFastify, page, { caching: ReadCaching.Shared })).toBe(page.body);
    expect(reply.statusCode).toBe(200);
    expect(Object.fromEntries(headers)).toEqual({ etag: page.etag, 'cache-control': 'public, no-cache', 'content-type': 'application/json; charset=utf-8' });
  });

  it('answers 304 without a body, with the same tag and caching headers, when If-None-Match names the tag', () => {
    const { reply, headers, asFastify } = fakeReply(`W/${page.etag}`);
    expect(sendConditionally(asFastify, page, { caching: ReadCaching.Private, vary: 'Authorization, Cookie' })).toBeUndefined();
    expect(reply.statusCode).toBe(304);
    expect(Object.fromEntries(headers)).toEqual({ etag: page.etag, 'cache-control': 'private, no-cache', vary: 'Authorization, Cookie' });
  });
});
