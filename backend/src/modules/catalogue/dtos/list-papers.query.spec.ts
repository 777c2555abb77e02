import { ValidationPipe } from '@nestjs/common';
import { validationPipe, validationPipeOptions } from '../../../app.factory.js';
import { ListPapersQueryDto } from './list-papers.query.js';

const metadata = { type: 'query', metatype: ListPapersQueryDto } as const;
// The same options without the quick parser: class-transformer and class-validator only.
const decoratorsOnly = new ValidationPipe(validationPipeOptions);

async function outcome(pipe: ValidationPipe, query: Record<string, unknown>): Promise<unknown> {
  try {
    const value = await pipe.transform({ ...query }, metadata);
    return { ok: value instanceof ListPapersQueryDto, value: { ...(value as object) } };
  } catch (error) {
    return { error: (error as { message?: string }).message };
  }
}

describe('ListPapersQueryDto.quickParse', () => {
  const cursor = 'MjAyNi0xMS0yMVQwMDowMDowMC4wMDAwMDBafDAwMDAwMDAwLTAwMDAtNDAwMC04MDAwLTAwMDAwMDAwMDAwMA';
  const queries: Record<string, unknown>[] = [
    {},
    { q: 'climate' },
    { q: '  neural network!  ' },
    { q: '' },
    { q: 'x'.repeat(200) },
    { q: ` ${'x'.repeat(200)} ` },
    { q: 'x'.repeat(201) },
    { q: ['a', 'b'] },
    { category: 'Physics' },
    { category: 'all' },
    { category: 'physics' },
    { category: '' },
    { cursor },
    { cursor: 'not a cursor' },
    { cursor: '' },
    { cursor: 'a'.repeat(201) },
    { limit: '1' },
    { limit: '50' },
    { limit: ' 12 ' },
    { limit: '1e1' },
    { limit: '0' },
    { limit: '51' },
    { limit: '2.5' },
    { limit: 'abc' },
    { limit: '' },
    { foo: '1' },
    { q: 'climate', category: 'Physics', cursor, limit: '20' },
    { q: 'climate', limit: '51', cursor: '***' },
  ];

  it.each(queries.map((query) => [JSON.stringify(query), query] as const))('agrees with the decorators for %s', async (_name, query) => {
    expect(await outcome(validationPipe, query)).toEqual(await outcome(decoratorsOnly, query));
  });

  it('accepts the common valid queries itself and declines the rest', () => {
    expect(ListPapersQueryDto.quickParse({ q: ' climate ', limit: '20' })).toEqual(Object.assign(new ListPapersQueryDto(), { q: 'climate', limit: 20 }));
    expect(ListPapersQueryDto.quickParse({ limit: '51' })).toBeUndefined();
    expect(ListPapersQueryDto.quickParse({ unknown: 'x' })).toBeUndefined();
    expect(ListPapersQueryDto.quickParse({ q: ['a', 'b'] })).toBeUndefined();
  });
});
