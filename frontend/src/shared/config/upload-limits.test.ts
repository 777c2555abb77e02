import { DEFAULT_UPLOAD_LIMITS, readUploadLimits } from './server-config';
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

describe('the server’s limits in the page', () => {
  const page = (block: string) => {
    const doc = document.implementation.createHTMLDocument('journal');
    doc.head.innerHTML = block;
    return doc;
  };
  const json = (value: unknown) => `<script id="journal-config" type="application/json">${JSON.stringify(value)}</script>`;

  it('takes the limits the server wrote', () => {
    expect(readUploadLimits(page(json({ uploads: { maxPdfBytes: 2048, maxImageBytes: 4096, maxImages: 3 } }))))
      .toEqual({ maxPdfBytes: 2048, maxImageBytes: 4096, maxImages: 3 });
  });

  it('keeps the spec’s default for what is missing, malformed or absent', () => {
    expect(readUploadLimits(page(json({ uploads: { maxPdfBytes: 2048, maxImageBytes: -1, maxImages: '3' } }))))
      .toEqual({ ...DEFAULT_UPLOAD_LIMITS, maxPdfBytes: 2048 });
    expect(readUploadLimits(page('<script id="journal-config" type="application/json">{not json</script>'))).toEqual(DEFAULT_UPLOAD_LIMITS);
    expect(readUploadLimits(page(''))).toEqual(DEFAULT_UPLOAD_LIMITS);
    expect(readUploadLimits(undefined)).toEqual(DEFAULT_UPLOAD_LIMITS);
  });
});
