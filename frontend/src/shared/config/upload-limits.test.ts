import { formatByteLimit, MAX_PDF_BYTES, MAX_PDF_SIZE, MAX_PDF_SIZE_PROSE } from './upload-limits';

describe('upload limits', () => {
  it('is the spec’s 10 MB, stated as the spec states it', () => {
    expect(MAX_PDF_BYTES).toBe(10 * 1024 * 1024);
    expect(MAX_PDF_SIZE).toBe('10MB');
    expect(MAX_PDF_SIZE_PROSE).toBe('10 MB');
  });

  it.each([
    [2048, '2KB'],
    [5 * 1024 * 1024, '5MB'],
    [1500, '1500 bytes'],
  ])('writes %i bytes as %s, the server’s wording', (bytes, text) => {
    expect(formatByteLimit(bytes)).toBe(text);
  });
});
