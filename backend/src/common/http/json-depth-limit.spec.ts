import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { JsonDepthLimit, JsonTooDeepException } from './json-depth-limit.js';

/** The bytes as the parser would receive them, in chunks of `size` bytes. */
function through(text: string, maxDepth: number, size = 3): Promise<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return buffer(Readable.from(chunks).pipe(new JsonDepthLimit(maxDepth)));
}

describe('JsonDepthLimit', () => {
  it('passes a body as deep as allowed through unchanged, byte for byte', async () => {
    const body = JSON.stringify({ a: [{ b: 'é \u{1F9EA}' }], c: 1 });
    expect((await through(body, 3)).toString('utf8')).toBe(body);
  });

  it('refuses one level more, with a 400 VALIDATION_FAILED', async () => {
    const error = await through('{"a":[{"b":[1]}]}', 3).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(JsonTooDeepException);
    expect((error as JsonTooDeepException).getResponse()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
  });

  it('refuses 5,000 levels as soon as the limit is crossed', async () => {
    await expect(through('['.repeat(5000) + ']'.repeat(5000), 32, 64 * 1024)).rejects.toBeInstanceOf(JsonTooDeepException);
  });

  it('counts siblings once, not as depth', async () => {
    const body = JSON.stringify({ list: Array.from({ length: 100 }, () => ({ a: [1] })) });
    expect((await through(body, 4)).toString('utf8')).toBe(body);
  });

  it('ignores brackets and escaped quotes inside strings, across chunk boundaries', async () => {
    const body = JSON.stringify({ text: '[[[[{{{{ \\" "quoted" ]]]]' + '['.repeat(50) });
    expect((await through(body, 1, 1)).toString('utf8')).toBe(body);
  });
});
