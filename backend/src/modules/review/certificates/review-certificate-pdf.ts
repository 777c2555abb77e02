import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { type DateStyle, journalDates } from '../../../common/web-shared/journal-dates.js';

/** What a certificate says: never the paper, its category or its authors, so it can be shown to anyone. */
export interface ReviewCertificateContent {
  reviewerName: string;
  journalName: string;
  submittedAt: Date;
  /** How the journal writes the day (JOURNAL_LOCALE, JOURNAL_TIME_ZONE). */
  dateStyle: DateStyle;
  /** The reviewer's linked ORCID iD (`0000-0002-1825-0097`), or null. */
  orcidId: string | null;
}

/** A4 landscape, in points. */
const PAGE = { width: 841.89, height: 595.28 };
const INK = rgb(0.12, 0.16, 0.22);
const MUTED = rgb(0.4, 0.43, 0.48);
const ACCENT = rgb(0.16, 0.33, 0.55);

/** Letters that NFKD does not take apart into a WinAnsi letter and an accent. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  Ŋ: 'N',
  ŋ: 'n',
  ĸ: 'k',
  Ə: 'E',
  ə: 'e',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
};

/**
 * The text as the standard fonts can draw it: they only encode WinAnsi, and no font with wider
 * coverage can be embedded (that needs fontkit, which the backend does not ship). Accented letters
 * lose their accent where WinAnsi lacks them (Ł → L, ș → s), and anything else (李) becomes '?', so
 * an unusual name never makes the download fail. The document's metadata keeps the exact text.
 */
export function drawableText(text: string, font: PDFFont): string {
  const encodable = new Set(font.getCharacterSet());
  const fits = (part: string) => [...part].every((char) => encodable.has(char.codePointAt(0)!));
  let drawable = '';
  for (const char of text.replace(/\s+/g, ' ')) {
    if (fits(char)) {
      drawable += char;
      continue;
    }
    const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
    const replacement = bare !== '' && fits(bare) ? bare : LOOKALIKES[char];
    drawable += replacement ?? '?';
  }
  return drawable.trim();
}

/** Centred lines, shrunk to fit the page's width (a very long name or journal still fits on one line). */
function drawCentred(page: PDFPage, text: string, options: { font: PDFFont; size: number; y: number; color?: ReturnType<typeof rgb>; maxWidth?: number }) {
  const { font, y, color = INK, maxWidth = PAGE.width - 160 } = options;
  const drawable = drawableText(text, font);
  const size = Math.min(options.size, (options.size * maxWidth) / Math.max(font.widthOfTextAtSize(drawable, options.size), 1));
  const width = font.widthOfTextAtSize(drawable, size);
  page.drawText(drawable, { x: (PAGE.width - width) / 2, y, size, font, color });
}

/** The reviewer's certificate: one landscape A4 page. */
export async function renderReviewCertificate(content: ReviewCertificateContent): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const day = journalDates(content.dateStyle).day(content.submittedAt);
  // Metadata is UTF-16 text: the exact name, whatever the page's fonts could draw.
  document.setTitle('Certificate of Peer Review');
  document.setSubject(`Peer review by ${content.reviewerName} for ${content.journalName}, ${day}`);
  document.setAuthor(content.journalName);
  document.setCreator(content.journalName);
  document.setProducer(`${content.journalName} (pdf-lib)`);
  document.setKeywords(['peer review', 'certificate']);
  document.setCreationDate(content.submittedAt);
  document.setModificationDate(content.submittedAt);

  const page = document.addPage([PAGE.width, PAGE.height]);
  const serif = await document.embedFont(StandardFonts.TimesRoman);
  const serifBold = await document.embedFont(StandardFonts.TimesRomanBold);
  const serifItalic = await document.embedFont(StandardFonts.TimesRomanItalic);
  const sans = await document.embedFont(StandardFonts.Helvetica);

  page.drawRectangle({ x: 28, y: 28, width: PAGE.width - 56, height: PAGE.height - 56, borderColor: ACCENT, borderWidth: 2.5 });
  page.drawRectangle({ x: 38, y: 38, width: PAGE.width - 76, height: PAGE.height - 76, borderColor: ACCENT, borderWidth: 0.75 });

  drawCentred(page, content.journalName.toUpperCase(), { font: sans, size: 13, y: 482, color: MUTED });
  drawCentred(page, 'Certificate of Peer Review', { font: serifBold, size: 38, y: 420, color: ACCENT });
  page.drawLine({ start: { x: PAGE.width / 2 - 90, y: 402 }, end: { x: PAGE.width / 2 + 90, y: 402 }, thickness: 1, color: ACCENT });
  drawCentred(page, 'This certifies that', { font: serifItalic, size: 17, y: 352 });
  drawCentred(page, content.reviewerName, { font: serifBold, size: 32, y: 306 });
  drawCentred(page, `reviewed a manuscript for ${content.journalName},`, { font: serif, size: 17, y: 262 });
  drawCentred(page, `submitting the review on ${day}.`, { font: serif, size: 17, y: 238 });
  if (content.orcidId) drawCentred(page, `ORCID iD: https://orcid.org/${content.orcidId}`, { font: sans, size: 12, y: 196, color: MUTED });
  drawCentred(page, 'With the thanks of the editors for their time and expertise.', { font: serifItalic, size: 14, y: 130, color: MUTED });
  drawCentred(page, `The editors, ${content.journalName}`, { font: sans, size: 11, y: 84, color: MUTED });

  return document.save();
}
